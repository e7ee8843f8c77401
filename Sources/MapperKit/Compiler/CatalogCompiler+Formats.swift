import MapperYAML

extension CatalogCompiler {
    static let formatFields = MappingLanguage.names(of: .format)

    /// Formats: a TR35 date pattern or a number style, checked by building it (and, for
    /// dates, by formatting a sample instant and parsing it back).
    mutating func compileFormats() {
        // Formats written alike (as in a catalog made of copies) are compiled and checked once:
        // building a date pattern asks Foundation about its locale and time zone.
        var datePatterns: [DatePatternKey: Result<(pattern: DatePattern, problem: String?), FormatError>] = [:]
        for name in formatOrder {
            guard let declaration = formatDeclarations[name],
                let fields = record(declaration.body, allowed: Self.formatFields, what: "format '\(name)'")
            else { continue }
            if let doc = fields["doc"] { _ = string(doc, what: "the doc of format '\(name)'") }
            let locale = fields["locale"].flatMap { string($0, what: "the locale of format '\(name)'") } ?? "en_US_POSIX"
            switch (fields["date"], fields["number"]) {
            case (let date?, nil):
                guard let pattern = string(date, what: "the date pattern of format '\(name)'") else { continue }
                let timeZone = fields["time_zone"].flatMap { text($0, what: "the time zone of format '\(name)'") } ?? "UTC"
                let calendar = fields["calendar"].flatMap { string($0, what: "the calendar of format '\(name)'") } ?? "gregorian"
                let key = DatePatternKey(pattern: pattern, locale: locale, timeZone: timeZone, calendar: calendar)
                let built =
                    datePatterns[key]
                    ?? Result { () throws(FormatError) in
                        let compiled = try DatePattern(pattern: pattern, locale: locale, timeZone: timeZone, calendar: calendar)
                        return (compiled, compiled.roundTripProblem())
                    }
                datePatterns[key] = built
                do {
                    let (compiled, problem) = try built.get()
                    if let problem {
                        error(
                            .invalidDatePattern, "format '\(name)': \(problem)", at: date.mark,
                            hint: "a date pattern must write an instant it can read back")
                        continue
                    }
                    formats[name] = FormatSpec(
                        name: name, style: .date, pattern: pattern, locale: locale, timeZone: timeZone,
                        mark: declaration.mark, datePattern: compiled, numberPattern: nil,
                        dayPattern: compiled.isDayOnly
                            ? try? DatePattern(pattern: pattern, locale: locale, timeZone: "UTC", calendar: calendar) : nil)
                } catch {
                    report(error, in: fields, name: name)
                }
            case (nil, let number?):
                for field in ["time_zone", "calendar"] {
                    if let mark = fields.keyMark(field) {
                        error(
                            .inapplicableField, "'\(field)' does not apply to number format '\(name)'", at: mark,
                            hint: "remove it")
                    }
                }
                guard let style = string(number, what: "the number style of format '\(name)'") else { continue }
                do {
                    let compiled = try NumberPattern(style: style, locale: locale)
                    formats[name] = FormatSpec(
                        name: name, style: .number, pattern: style, locale: locale, timeZone: nil,
                        mark: declaration.mark, datePattern: nil, numberPattern: compiled)
                } catch {
                    report(error, in: fields, name: name)
                }
            case (.some, .some):
                error(
                    .invalidFormat, "format '\(name)' has both 'date' and 'number'", at: declaration.mark,
                    hint: "a format is either a date pattern or a number style; split it in two")
            case (nil, nil):
                error(
                    .invalidFormat, "format '\(name)' has neither 'date' nor 'number'", at: declaration.mark,
                    hint: "add 'date: \"yyyy-MM-dd\"' or 'number: decimal'")
            }
        }
    }

    /// What a date pattern is built from.
    private struct DatePatternKey: Hashable {
        var pattern: String
        var locale: String
        var timeZone: String
        var calendar: String
    }

    /// Reports a format engine error at the field it is about.
    private mutating func report(_ failure: FormatError, in fields: Fields, name: String) {
        let field: String
        switch failure.code {
        case "unknown-time-zone": field = "time_zone"
        case "unknown-locale": field = "locale"
        case "unknown-calendar": field = "calendar"
        case "unknown-number-style": field = "number"
        default: field = "date"
        }
        let mark = fields[field]?.mark ?? fields.node.mark
        error(
            Diagnostic.Code(rawValue: failure.code) ?? .invalidFormat, "format '\(name)': \(failure.message)", at: mark, hint: failure.hint)
    }
}
