import MapperCEL

/// The `local_date` type: a day on the calendar with no time and no zone (`2019-09-15`; OpenAPI's
/// and JSON Schema's `format: date`), read and written as `YYYY-MM-DD` or in a date format whose
/// pattern has only day fields (`dd.MM.yyyy`, `MMM d, yyyy`); canonical JSON is `YYYY-MM-DD`. In
/// expressions it is that string, so comparisons order it by the calendar.
enum LocalDateScalar: ScalarType {
    static let type = TypeSpec.localDate
    static let name = "local_date"
    static let canonicalKinds: Set<JSONKind> = [.string]
    static let celType = CELCheckedType.string
    static func holds(_ result: CELCheckedType) -> Bool { result == .string }
    static let conversionHint: String? = "give the day as text such as \"2019-09-15\""
    static let canonicalHint: String? = "write calendar dates as \"2019-09-15\" (YYYY-MM-DD)"

    /// Reads `YYYY-MM-DD` (no pattern: canonical JSON, and external JSON without a format) or the
    /// day a pattern names. An impossible day (`2019-02-30`) is no date.
    static func read(_ document: JSONDocument, at index: Int, _ pattern: NamedDatePattern?) -> ScalarRead {
        var date: LocalDate?
        if document.kind(at: index) == .string {
            date = document.stringBytes(at: index) { raw in
                let text = raw.assumingMemoryBound(to: UInt8.self)
                guard let pattern else { return LocalDate.parse(text) }
                return pattern.pattern.parse(text).map(LocalDate.init)
            }
        }
        if let date { return .value(.localDate(date)) }
        let expected =
            pattern.map { "a calendar date in format \($0.name) (\"\($0.text)\")" } ?? "a calendar date (\"2006-01-02\")"
        return .expected(expected, document, at: index)
    }

    static func write(_ date: LocalDate, _ pattern: NamedDatePattern?, into output: inout JSONOutput) {
        guard let pattern else { return output.appendString(date.description) }
        output.appendString(pattern.pattern.format(date.midnight))
    }

    static func schema(_ pattern: NamedDatePattern?) -> JSONObject {
        guard let pattern else {
            return ["type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"]
        }
        return [
            "type": "string", "pattern": .string(pattern.pattern.regularExpression),
            "description": .string("a calendar date in format \(pattern.name) (\"\(pattern.text)\")"),
        ]
    }
}
