// TEMPORARY: stands in for Formats/ until the format engine lands. Delete then.
package struct FormatError: Error, Sendable, Hashable {
    package var code: String
    package var message: String
    package var hint: String?
}

package struct DatePattern: Sendable {
    package init(pattern: String, locale: String = "en_US_POSIX", timeZone: String = "UTC", calendar: String = "gregorian") throws(FormatError) {
        if pattern.contains("Q") { throw FormatError(code: "invalid-date-pattern", message: "bad pattern '\(pattern)'", hint: nil) }
        if timeZone == "Mars/Base" { throw FormatError(code: "unknown-time-zone", message: "unknown time zone '\(timeZone)'", hint: nil) }
    }
    package func roundTripProblem() -> String? { nil }
}

package struct NumberPattern: Sendable {
    package init(style: String, locale: String = "en_US_POSIX") throws(FormatError) {
        guard ["decimal", "percent", "scientific"].contains(style) else {
            throw FormatError(code: "unknown-number-style", message: "unknown number style '\(style)'", hint: nil)
        }
    }
}

package struct Instant: Sendable, Hashable { package var milliseconds: Int64 }
package enum ISO8601 {
    static func parse(_ text: some StringProtocol) -> Instant? { text.hasSuffix("Z") ? Instant(milliseconds: 0) : nil }
    static func format(_ instant: Instant) -> String { "" }
}
