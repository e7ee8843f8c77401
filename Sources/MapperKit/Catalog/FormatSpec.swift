public import MapperYAML

/// A named date or number format.
public struct FormatSpec: Sendable {
    /// Whether the format reads and writes dates (`date:`) or numbers (`number:`).
    public enum Style: String, Sendable, Hashable {
        case date, number
    }

    /// The name properties give in `format:`.
    public var name: String
    /// Whether it is a date or a number format.
    public var style: Style
    /// The TR35 date pattern, or the number style (`decimal`, `percent`, `scientific`).
    public var pattern: String
    /// The locale that month and day names (dates) or separators and signs (numbers) come from
    /// (`en_US_POSIX` unless set).
    public var locale: String
    /// The time zone of a date format.
    public var timeZone: String?
    /// Where the format is declared.
    public var mark: Mark

    package var datePattern: DatePattern?
    package var numberPattern: NumberPattern?
    /// The date pattern compiled in UTC when it names only a day (`dd.MM.yyyy`), for `local_date`
    /// properties: a calendar day has no zone.
    package var dayPattern: DatePattern?
}
