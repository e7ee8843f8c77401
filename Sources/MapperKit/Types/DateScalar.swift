import MapperCEL

/// The `date` type: an instant to the millisecond, from 0000-01-01T00:00:00Z to
/// 9999-12-31T23:59:59.999Z, read and written in a format (`iso8601` by default, `unix`,
/// `unix_ms`, or a TR35 pattern); canonical JSON is always ISO 8601 in UTC.
enum DateScalar: ScalarType {
    static let type = TypeSpec.date
    static let name = "date"
    static let canonicalKinds: Set<JSONKind> = [.string]
    static let celType = CELCheckedType.timestamp
    static func holds(_ result: CELCheckedType) -> Bool { result == .timestamp || result == .string }
    static let conversionHint: String? = "give a timestamp(...) or ISO 8601 text"
    static let canonicalHint: String? = "write dates as \"2020-01-01T00:00:00Z\" (UTC, optional .sss milliseconds)"

    static func read(_ document: JSONDocument, at index: Int, _ format: DateFormat, canonical: Bool) -> ScalarRead {
        let kind = document.kind(at: index)
        var instant: Instant?
        switch format {
        case .iso8601:
            if kind == .string {
                instant = document.stringBytes(at: index) { bytes in
                    let text = bytes.assumingMemoryBound(to: UInt8.self)
                    return canonical ? canonicalInstant(text) : ISO8601.parse(text)
                }
            }
        case .unix:
            if kind == .number { instant = UnixTime.parseSeconds(document.numberText(at: index)) }
        case .unixMilliseconds:
            if kind == .number { instant = UnixTime.parseMilliseconds(document.numberText(at: index)) }
        case .pattern(let format):
            if kind == .string {
                instant = document.stringBytes(at: index) { format.pattern.parse($0.assumingMemoryBound(to: UInt8.self)) }
            }
        }
        if let instant { return .value(.date(instant)) }
        let expected = canonical ? "a date in canonical form (\"2006-01-02T15:04:05Z\")" : "a date in \(format.description)"
        var message = "expected \(expected), found \(document.quoted(at: index))"
        if kind == .number, let problem = format.rangeProblem(document.numberText(at: index)) { message += ": " + problem }
        return .mismatch(message)
    }

    /// The instant of canonical date text: ISO 8601 in UTC exactly as the canonical writer writes
    /// it (`2006-01-02T15:04:05Z`, `.sss` only when the milliseconds are not 0); nil for other text.
    static func canonicalInstant(_ text: UnsafeBufferPointer<UInt8>) -> Instant? {
        guard let instant = ISO8601.parse(text) else { return nil }
        var written = JSONOutput(capacity: 32)
        written.appendISO8601(instant)
        // `written` holds the quoted text.
        guard written.count == text.count + 2,
            written.withUnsafeBytes({ $0.dropFirst().prefix(text.count).elementsEqual(UnsafeRawBufferPointer(text)) })
        else { return nil }
        return instant
    }

    /// A date in CEL: a timestamp; nil outside CEL's timestamp range.
    static func cel(_ instant: Instant) -> CELValue? {
        (try? CELTimestamp(nanoseconds: Int128(instant.milliseconds) * 1_000_000)).map(CELValue.timestamp)
    }

    static func write(_ instant: Instant, _ format: DateFormat, into output: inout JSONOutput) {
        switch format {
        case .iso8601: output.appendISO8601(instant)
        case .unix: output.appendUnixSeconds(instant)
        case .unixMilliseconds: output.appendUnixMilliseconds(instant)
        // Patterns may hold literal text that needs escaping.
        case .pattern(let format): output.appendString(format.pattern.format(instant))
        }
    }

    /// The kind of JSON value a format reads and writes.
    static func kind(of format: DateFormat) -> JSONKind {
        switch format {
        case .unix, .unixMilliseconds: return .number
        case .iso8601, .pattern: return .string
        }
    }

    static func schema(_ format: DateFormat, canonical: Bool) -> JSONObject {
        switch format {
        case .iso8601:
            var object: JSONObject = ["type": "string", "format": "date-time"]
            if canonical { object.append("pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]{3})?Z$") }
            return object
        case .unix:
            return [
                "type": "number", "description": "seconds since 1970-01-01T00:00:00Z",
                "minimum": .number(JSONNumber(unchecked: UnixTime.formatSeconds(Instant(milliseconds: Instant.supportedRange.lowerBound)))),
                "maximum": .number(JSONNumber(unchecked: UnixTime.formatSeconds(Instant(milliseconds: Instant.supportedRange.upperBound)))),
            ]
        case .unixMilliseconds:
            return [
                "type": "integer", "description": "milliseconds since 1970-01-01T00:00:00Z",
                "minimum": .number(JSONNumber(Instant.supportedRange.lowerBound)),
                "maximum": .number(JSONNumber(Instant.supportedRange.upperBound)),
            ]
        case .pattern(let format):
            return [
                "type": "string", "pattern": .string(format.pattern.regularExpression),
                "description": .string("a date in format \(format.name) (\"\(format.text)\")"),
            ]
        }
    }
}

enum DateFormat: Sendable {
    case iso8601
    case unix
    case unixMilliseconds
    case pattern(NamedDatePattern)

    /// Why a JSON number is no date in this format, when it is one of the numeric formats.
    func rangeProblem(_ literal: String) -> String? {
        switch self {
        case .unix: return UnixTime.rangeProblem(literal, milliseconds: false)
        case .unixMilliseconds: return UnixTime.rangeProblem(literal, milliseconds: true)
        case .iso8601, .pattern: return nil
        }
    }

    /// For messages: `format github_time ("yyyy-MM-dd'T'HH:mm:ss'Z'")`.
    var description: String {
        switch self {
        case .iso8601: return "format iso8601"
        case .unix: return "format unix (seconds since 1970)"
        case .unixMilliseconds: return "format unix_ms (milliseconds since 1970)"
        case .pattern(let format): return "format \(format.name) (\"\(format.text)\")"
        }
    }
}

/// A defined date format: its name and pattern text for messages and schemas, and the compiled
/// pattern (a class: a conversion holds it by one reference).
final class NamedDatePattern: Sendable {
    let name: String
    let pattern: DatePattern
    let text: String

    init(name: String, pattern: DatePattern, text: String) {
        self.name = name
        self.pattern = pattern
        self.text = text
    }
}
