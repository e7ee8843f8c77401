/// Why a date or number format cannot be built. The catalog loader turns it into a load-time
/// diagnostic at the format's declaration.
package struct FormatError: Error, Sendable, Hashable {
    /// Stable kebab-case identifier: `invalid-date-pattern`, `unknown-time-zone`,
    /// `unknown-locale`, `unknown-calendar`, `unknown-number-style`.
    package var code: String
    /// One sentence quoting the offending value, e.g. `unknown time zone 'Europe/Pariss'`.
    package var message: String
    /// How to fix it, e.g. `did you mean 'Europe/Paris'?`.
    package var hint: String?

    package init(code: String, message: String, hint: String? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
    }
}

extension FormatError: CustomStringConvertible {
    package var description: String {
        hint.map { "\(message) (\($0))" } ?? message
    }
}
