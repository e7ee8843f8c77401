import MapperCEL

/// The `date` type: an instant to the nanosecond, from 0000-01-01T00:00:00Z to
/// 9999-12-31T23:59:59.999999999Z, read and written in a format (`iso8601` by default, `unix`,
/// `unix_ms`, `unix_us`, `unix_ns`, or a TR35 pattern); canonical JSON is always ISO 8601 in UTC
/// with the fraction in groups of three digits, as many as the value needs.
enum DateScalar: ScalarType {
    static let type = TypeSpec.date
    static let name = "date"
    static let canonicalKinds: Set<JSONKind> = [.string]
    static let celType = CELCheckedType.timestamp
    static func holds(_ result: CELCheckedType) -> Bool { result == .timestamp || result == .string }
    static let conversionHint: String? = "give a timestamp(...) or ISO 8601 text"
    static let canonicalHint: String? =
        "write dates as \"2020-01-01T00:00:00Z\" (UTC, an optional fraction of 3, 6 or 9 digits: .sss, .ssssss, .sssssssss)"

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
        case .unix(let unit):
            if kind == .number { instant = UnixTime.parse(document.numberText(at: index), unit) }
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
    /// it (`2006-01-02T15:04:05Z`, a fraction of 3, 6 or 9 digits only when it is not 0, as few
    /// groups as the value needs); nil for other text.
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
        (try? CELTimestamp(nanoseconds: instant.nanoseconds)).map(CELValue.timestamp)
    }

    /// Why `instant` cannot be written in `format` without losing digits (a sentence naming the
    /// format, for an encode error); nil when it can. Formats that hold nanoseconds (`iso8601`,
    /// `unix`, `unix_ns`) and patterns without a fraction field never refuse.
    static func writeProblem(_ instant: Instant, _ format: DateFormat) -> String? {
        let digits: Int
        switch format {
        case .iso8601: return nil
        case .unix(let unit): digits = unit.fractionDigits
        case .pattern(let named):
            guard let fraction = named.pattern.fractionDigits else { return nil }
            digits = fraction
        }
        guard !instant.fits(fractionDigits: digits) else { return nil }
        return "\(instant) has \(instant.fractionDigits) fraction digits, more than \(format.description) writes (\(digits)); "
            + "use a format that holds them (iso8601, unix, unix_ns) or round the value before encoding"
    }

    static func write(_ instant: Instant, _ format: DateFormat, into output: inout JSONOutput) {
        switch format {
        case .iso8601: output.appendISO8601(instant)
        case .unix(let unit): output.appendUnix(instant, unit)
        // Patterns may hold literal text that needs escaping.
        case .pattern(let format): output.appendString(format.pattern.format(instant))
        }
    }

    /// The kind of JSON value a format reads and writes.
    static func kind(of format: DateFormat) -> JSONKind {
        switch format {
        case .unix: return .number
        case .iso8601, .pattern: return .string
        }
    }

    static func schema(_ format: DateFormat, canonical: Bool) -> JSONObject {
        switch format {
        case .iso8601:
            var object: JSONObject = ["type": "string", "format": "date-time"]
            if canonical {
                object.append(
                    "pattern", "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.([0-9]{3}){1,3})?Z$")
            }
            return object
        case .unix(let unit):
            let (earliest, latest) = (UnixTime.format(Instant.earliest, unit), UnixTime.format(Instant.latest, unit))
            return [
                "type": unit == .seconds ? "number" : "integer",
                "description": .string("\(unit.name) since 1970-01-01T00:00:00Z"),
                "minimum": .number(JSONNumber(unchecked: earliest)), "maximum": .number(JSONNumber(unchecked: latest)),
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
    /// `unix` (seconds), `unix_ms`, `unix_us`, `unix_ns`.
    case unix(UnixTime.Unit)
    case pattern(NamedDatePattern)

    /// Why a JSON number is no date in this format, when it is one of the numeric formats.
    func rangeProblem(_ literal: String) -> String? {
        switch self {
        case .unix(let unit): return UnixTime.rangeProblem(literal, unit)
        case .iso8601, .pattern: return nil
        }
    }

    /// For messages: `format github_time ("yyyy-MM-dd'T'HH:mm:ss'Z'")`.
    var description: String {
        switch self {
        case .iso8601: return "format iso8601"
        case .unix(let unit): return "format \(unit.formatName) (\(unit.name) since 1970)"
        case .pattern(let format): return "format \(format.name) (\"\(format.text)\")"
        }
    }
}

extension UnixTime.Unit {
    /// The built-in format's name: `unix`, `unix_ms`, `unix_us`, `unix_ns`.
    var formatName: String {
        switch self {
        case .seconds: "unix"
        case .milliseconds: "unix_ms"
        case .microseconds: "unix_us"
        case .nanoseconds: "unix_ns"
        }
    }

    /// What a number counts: `seconds`, `milliseconds`, …
    var name: String {
        switch self {
        case .seconds: "seconds"
        case .milliseconds: "milliseconds"
        case .microseconds: "microseconds"
        case .nanoseconds: "nanoseconds"
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
