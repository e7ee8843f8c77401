public import MapperYAML

/// A named date or number format.
public struct FormatSpec: Sendable {
    public enum Style: String, Sendable, Hashable {
        case date, number
    }

    public var name: String
    public var style: Style
    /// The TR35 date pattern, or the number style (`decimal`, `percent`, `scientific`).
    public var pattern: String
    public var locale: String
    /// The time zone of a date format.
    public var timeZone: String?
    public var mark: Mark

    package var datePattern: DatePattern?
    package var numberPattern: NumberPattern?
}
