/// A scalar type of the language with its JSON representation resolved (`json:` hint, format):
/// the registration of the scalar types.
///
/// How a scalar's values are validated, read, written and described in JSON Schema lives in the
/// scalar's own file (`StringScalar`, `IntScalar`, …, `DateScalar`); this enum routes to
/// them, so the reader, the writers, the schema generator, unions, coverage and the compiler's
/// CEL checks do not change when a scalar is added. The token transcoders keep flat kinds of
/// their own for speed for the common scalars and call the same homes; any other scalar they
/// read and write through its `ScalarPlan` (`FlatPlan.FlatConversion.Kind.scalar`).
enum ScalarPlan: Sendable {
    case string
    case int(NumberRepresentation)
    case double(NumberRepresentation)
    case decimal(NumberRepresentation)
    case bool(BoolRepresentation)
    case url
    case uuid
    case date(DateFormat)
    /// A calendar day: `YYYY-MM-DD`, or a day-only date pattern (compiled in UTC: no zone applies).
    case localDate(NamedDatePattern?)
    case any

    /// Every scalar type's home, in the order type expressions list them.
    static let types: [any ScalarType.Type] = [
        StringScalar.self, IntScalar.self, DoubleScalar.self, DecimalScalar.self, BoolScalar.self, URLScalar.self,
        UUIDScalar.self, DateScalar.self, LocalDateScalar.self, AnyScalar.self,
    ]

    /// The scalar of `type` with the property's `json:` hint and `format:` applied (`formats`:
    /// the catalog's named formats); nil when `type` is no scalar.
    init?(_ type: TypeSpec, property: PropertySpec, formats: [String: FormatSpec]) {
        var number = NumberRepresentation.number
        if property.representation == .string { number = .string }
        if case .number(let name)? = property.format, let format = formats[name], let pattern = format.numberPattern {
            number = .format(name: name, pattern: pattern, style: format.pattern)
        }
        switch type {
        case .string: self = .string
        case .int: self = .int(number)
        case .double: self = .double(number)
        case .decimal: self = .decimal(number)
        case .bool:
            switch property.representation {
            case .string?: self = .bool(.string)
            case .int?: self = .bool(.int)
            case nil: self = .bool(.bool)
            }
        case .url: self = .url
        case .uuid: self = .uuid
        case .any: self = .any
        case .date:
            switch property.format {
            case .unix?: self = .date(.unix(.seconds))
            case .unixMilliseconds?: self = .date(.unix(.milliseconds))
            case .unixMicroseconds?: self = .date(.unix(.microseconds))
            case .unixNanoseconds?: self = .date(.unix(.nanoseconds))
            case .date(let name)?:
                guard let format = formats[name], let pattern = format.datePattern else {
                    self = .date(.iso8601)
                    return
                }
                self = .date(.pattern(NamedDatePattern(name: name, pattern: pattern, text: format.pattern)))
            default: self = .date(.iso8601)
            }
        case .localDate:
            guard case .date(let name)? = property.format, let format = formats[name], let pattern = format.dayPattern else {
                self = .localDate(nil)
                return
            }
            self = .localDate(NamedDatePattern(name: name, pattern: pattern, text: format.pattern))
        case .model, .enumeration, .array, .dictionary, .union: return nil
        }
    }

    /// The scalar type's home.
    var home: any ScalarType.Type {
        switch self {
        case .string: return StringScalar.self
        case .int: return IntScalar.self
        case .double: return DoubleScalar.self
        case .decimal: return DecimalScalar.self
        case .bool: return BoolScalar.self
        case .url: return URLScalar.self
        case .uuid: return UUIDScalar.self
        case .date: return DateScalar.self
        case .localDate: return LocalDateScalar.self
        case .any: return AnyScalar.self
        }
    }

    /// Reads a present, non-null JSON value: external JSON, or (`canonical`) the canonical form.
    func read(_ document: JSONDocument, at index: Int, canonical: Bool) -> ScalarRead {
        switch self {
        case .string: return StringScalar.read(document, at: index)
        case .int(let representation):
            return IntScalar.read(document, at: index, canonical ? .number : representation, canonical: canonical)
        case .double(let representation): return DoubleScalar.read(document, at: index, canonical ? .number : representation)
        case .decimal(let representation): return DecimalScalar.read(document, at: index, canonical ? .number : representation)
        case .bool(let representation): return BoolScalar.read(document, at: index, canonical ? .bool : representation)
        case .url: return URLScalar.read(document, at: index)
        case .uuid: return UUIDScalar.read(document, at: index, canonical: canonical)
        case .date(let format): return DateScalar.read(document, at: index, canonical ? .iso8601 : format, canonical: canonical)
        case .localDate(let pattern): return LocalDateScalar.read(document, at: index, canonical ? nil : pattern)
        case .any: return .value(.any(document.jsonValue(at: index)))
        }
    }

    /// Writes a value in its external form (hints and formats applied); a sentence saying why
    /// when the format cannot write the value exactly (then nothing is written).
    func writeExternal(_ value: Value, into output: inout JSONOutput) -> String? {
        switch (self, value) {
        case (.int(let representation), .int(let int)): representation.write(String(int), into: &output)
        case (.double(let representation), .double(let double)): representation.write(JSONOutput.doubleText(double), into: &output)
        case (.decimal(let representation), .decimal(let number)): representation.write(number.text, into: &output)
        case (.bool(let representation), .bool(let bool)): BoolScalar.write(bool, representation, into: &output)
        case (.date(let format), .date(let instant)):
            if let problem = DateScalar.writeProblem(instant, format) { return problem }
            DateScalar.write(instant, format, into: &output)
        case (.localDate(let pattern), .localDate(let date)): LocalDateScalar.write(date, pattern, into: &output)
        // Strings, URLs, UUIDs and `any` look alike on both sides (the canonical form is `Value`'s).
        default: CanonicalWriter.write(value, .scalar(self), into: &output)
        }
        return nil
    }

    /// The JSON Schema of the external (or canonical) form; `true` for `any`.
    func schema(canonical: Bool) -> JSONValue {
        switch self {
        case .string: return .object(StringScalar.schema)
        case .int(let representation): return .object(IntScalar.schema(canonical ? .number : representation))
        case .double(let representation), .decimal(let representation):
            return .object((canonical ? .number : representation).schema(integer: false))
        case .bool(let representation): return .object(BoolScalar.schema(canonical ? .bool : representation))
        case .url: return .object(URLScalar.schema)
        case .uuid: return .object(UUIDScalar.schema(canonical: canonical))
        case .date(let format): return .object(DateScalar.schema(canonical ? .iso8601 : format, canonical: canonical))
        case .localDate(let pattern): return .object(LocalDateScalar.schema(canonical ? nil : pattern))
        case .any: return true
        }
    }

    /// The kinds of JSON value read on the external side (what a union tells members apart by).
    var externalKinds: Set<JSONKind> {
        switch self {
        case .string, .url, .uuid, .localDate: return [.string]
        case .int(let representation), .double(let representation), .decimal(let representation):
            return representation.isNumber ? [.number] : [.string]
        case .bool(.bool): return [.bool]
        case .bool(.string): return [.string]
        case .bool(.int): return [.number]
        case .date(let format): return [DateScalar.kind(of: format)]
        case .any: return Set(JSONKind.allCases)
        }
    }

    /// The kinds of JSON value written in canonical JSON.
    var canonicalKinds: Set<JSONKind> { home.canonicalKinds }
}

/// What reading a scalar gives: its value, or why the JSON value is none (a whole sentence,
/// `expected a string, found 42`).
enum ScalarRead {
    case value(Value)
    case mismatch(String)

    static func expected(_ what: String, _ document: JSONDocument, at index: Int) -> ScalarRead {
        .mismatch("expected \(what), found \(document.quoted(at: index))")
    }
}
