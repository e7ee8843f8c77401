import Foundation

// What the hand-written Codable models share. Each model reads and writes two shapes, as mapper
// does: the external API JSON (snake_case keys, the API's date format, key paths into nested
// objects) and the canonical JSON (property names, ISO 8601 dates, enum case names). Codable has
// one `init(from:)` and one `encode(to:)` per type, so the coder's `userInfo` says which shape.

extension CodingUserInfoKey {
    /// Set on a decoder or encoder that reads or writes the external (API) shape.
    static let externalJSON = CodingUserInfoKey(rawValue: "externalJSON")!
}

extension Decoder {
    var readsExternalJSON: Bool { userInfo[.externalJSON] != nil }
}

extension Encoder {
    var writesExternalJSON: Bool { userInfo[.externalJSON] != nil }
}

/// A constraint of the mapping (pattern, minimum, array length) that a value breaks.
struct MappingFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension KeyedDecodingContainer {
    /// The object at `key`, or nil when the key is missing or null (a key path through it is absent).
    func nestedContainerIfPresent<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey>? {
        guard contains(key), try !decodeNil(forKey: key) else { return nil }
        return try nestedContainer(keyedBy: type, forKey: key)
    }
}

/// `^[0-9a-f]{40}$`
func isSHA1(_ text: String) -> Bool {
    text.utf8.count == 40 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
}

/// `^[0-9A-Fa-f]{6}$`
func isHexColor(_ text: String) -> Bool {
    text.utf8.count == 6
        && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x46).contains($0) || (0x61...0x66).contains($0) }
}

/// A property of type `any`: whatever JSON value the input holds, kept as is.
enum AnyJSON: Codable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([AnyJSON])
    case object([String: AnyJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: AnyJSON].self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

/// The four coders of one workload: external → canonical (decode benchmark) and canonical →
/// external (encode benchmark), with the dates in the API's format on the external side.
struct CodableCoders {
    let externalDecoder = JSONDecoder()
    let canonicalEncoder = JSONEncoder()
    let canonicalDecoder = JSONDecoder()
    let externalEncoder = JSONEncoder()

    /// `external` is the API's date format, nil for ISO 8601.
    init(externalDates external: DateFormatter?) {
        externalDecoder.userInfo[.externalJSON] = true
        externalEncoder.userInfo[.externalJSON] = true
        if let external {
            externalDecoder.dateDecodingStrategy = .formatted(external)
            externalEncoder.dateEncodingStrategy = .formatted(external)
        } else {
            externalDecoder.dateDecodingStrategy = .iso8601
            externalEncoder.dateEncodingStrategy = .iso8601
        }
        canonicalDecoder.dateDecodingStrategy = .iso8601
        canonicalEncoder.dateEncodingStrategy = .iso8601
        canonicalEncoder.outputFormatting = [.withoutEscapingSlashes]
        externalEncoder.outputFormatting = [.withoutEscapingSlashes]
    }

    /// A POSIX-locale, UTC `DateFormatter` for a fixed date pattern.
    static func formatter(_ pattern: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = pattern
        return formatter
    }
}
