/// The mapping language's keys, section by section, with what each key's value is and one line of
/// documentation: the one table the compiler checks files against (unknown keys and their
/// did-you-means), the language server completes and explains from, and `mapper schema --language`
/// turns into a JSON Schema. A key added here is known to all three.
package enum MappingLanguage {
    /// A place in a mapping file where a mapping of known keys is written.
    package enum Section: String, Sendable, CaseIterable {
        case file, defaults, model, property, enumeration, enumCase, format, routes, variants, variantCase, migration, rule, extra
        /// A function of the `functions:` block.
        case function
        /// A lookup table of the `tables:` block.
        case table
        /// A golden test file (`*.test.yaml`) and one of its tests.
        case testFile, test
    }

    /// What the value of a key is.
    package indirect enum Value: Sendable {
        case string, bool, integer, number
        /// Any YAML value (a default's canonical JSON, a migration's value).
        case any
        /// A JSON value other than an object or null (an enum case's value in the short form, where
        /// a mapping is the long form).
        case notObject
        /// Exactly this integer (`mapper: 1`).
        case exactly(Int64)
        /// One of these words.
        case words([String])
        /// A type expression: a built-in type, a model or enum, `[T]`, `[string: T]`, `A | B`.
        case type
        case modelName
        /// The type a route names, written as a string (`int`, `"[string]"`, `Release?`): what a
        /// golden test's `model` takes besides a model's name.
        case routeType
        case formatName
        /// A case of the enclosing enum.
        case caseName
        /// A CEL expression.
        case expression
        /// A mapping of the section's keys.
        case section(Section)
        /// Names (of models, properties, cases, paths) to values.
        case names(Value)
        case list(Value)
        /// Either form (a property's short `name: type` or long form).
        case either([Value])
    }

    /// A key of a section.
    package struct Key: Sendable {
        package var name: String
        package var value: Value
        package var doc: String
    }

    /// The scalar types' names, from their homes (`Types/`), and the built-in date formats' names.
    package static let builtInTypes = ScalarPlan.types.map { $0.name }
    package static let builtInFormats = FormatReference.builtInFormats.map(\.name)
    package static let numberStyles = ["decimal", "percent", "scientific"]
    static let unknownKeys = ModelSpec.UnknownKeys.allCases.map(\.rawValue)
    static let keyStyles = KeyStyle.allCases.map(\.rawValue)
    static let onError = OnError.allCases.map(\.rawValue)
    static let mergeStrategies = MergeStrategy.allCases.map(\.rawValue)
    static let omit = OmitPolicy.allCases.map(\.rawValue)
    static let omitDoc = "What encoding leaves out: never (default), nulls (members whose value is null), empty (also `\"\"`, `[]`, `{}`)."

    /// The keys of a section, in the order the compiler lists them in hints.
    package static func keys(of section: Section) -> [Key] {
        switch section {
        case .file: fileKeys
        case .defaults: defaultsKeys
        case .model: modelKeys
        case .property: propertyKeys
        case .enumeration: enumKeys
        case .enumCase: enumCaseKeys
        case .format: formatKeys
        case .routes: routesKeys
        case .variants: variantsKeys
        case .variantCase: variantCaseKeys
        case .migration: migrationKeys
        case .rule: ruleKeys
        case .extra: extraKeys
        case .function: functionKeys
        case .table: tableKeys
        case .testFile: testFileKeys
        case .test: testKeys
        }
    }

    /// The key names of a section, as the compiler accepts them.
    package static func names(of section: Section) -> [String] { keys(of: section).map(\.name) }

    /// The key of a section with this name.
    package static func key(_ name: String, of section: Section) -> Key? { keys(of: section).first { $0.name == name } }

    private static let fileKeys: [Key] = [
        Key(name: "mapper", value: .exactly(1), doc: "The mapping language's version: always `mapper: 1`."),
        Key(
            name: "defaults", value: .section(.defaults),
            doc: "Settings for every model declared in this file, unless the model says otherwise."),
        Key(name: "models", value: .names(.section(.model)), doc: "The models: named shapes of JSON objects, global to the catalog."),
        Key(name: "enums", value: .names(.section(.enumeration)), doc: "The enums: named sets of cases, each with its JSON value."),
        Key(name: "formats", value: .names(.section(.format)), doc: "Named date patterns (TR35) and number styles."),
        Key(name: "routes", value: .section(.routes), doc: "URL patterns naming the model that decodes a response."),
        Key(
            name: "functions", value: .names(.section(.function)),
            doc: "CEL functions defined once, callable by name from every expression of the catalog: `units(input.cents)`."),
        Key(
            name: "tables", value: .names(.section(.table)),
            doc: "Lookup tables, inline or from CSV/JSON files, read in expressions as `tables.NAME[key]`."),
    ]

    private static let tableKeys: [Key] = [
        Key(name: "values", value: .names(.any), doc: "The table written inline: keys to values, `{ usd: 2, jpy: 0 }`."),
        Key(
            name: "file", value: .string,
            doc: "A CSV (with a header row), JSON (an object, or an array of objects) or NDJSON file, relative to this file."),
        Key(name: "key", value: .string, doc: "The column or field holding each row's key."),
        Key(name: "value", value: .string, doc: "The column or field holding each row's value; without it, the whole row as a map."),
        Key(
            name: "types", value: .names(.words(TableReader.CellType.allCases.map(\.rawValue))),
            doc: "CSV columns read as another type than a string: `{ digits: int }`."),
        Key(name: "doc", value: .string, doc: "What the table holds."),
    ]

    private static let functionKeys: [Key] = [
        Key(name: "params", value: .names(.type), doc: "The parameters, in call order, with their types: `{ cents: int }`."),
        Key(name: "returns", value: .type, doc: "The result's type; the body must give a value of it."),
        Key(name: "expr", value: .expression, doc: "The body: a CEL expression over the parameters."),
        Key(name: "doc", value: .string, doc: "What the function computes."),
    ]

    private static let defaultsKeys: [Key] = [
        Key(name: "key_style", value: .words(keyStyles), doc: "How the JSON key of each property without `key` is derived from its name."),
        Key(
            name: "unknown_keys", value: .words(unknownKeys),
            doc: "What decoding does with keys no property reads: ignore, reject or keep (under `$extra`)."),
        Key(name: "omit", value: .words(omit), doc: omitDoc),
        Key(
            name: "formats", value: .names(.formatName),
            doc: "The format of every property of a type (`date`, `int`, `double`, `decimal`) in this file: `{ date: unix }`."),
    ]

    private static let modelKeys: [Key] = [
        Key(name: "doc", value: .string, doc: "What the model is, for people and the JSON Schema's description."),
        Key(name: "extends", value: .modelName, doc: "A base model whose properties come first."),
        Key(name: "key_style", value: .words(keyStyles), doc: "How the JSON key of each property without `key` is derived from its name."),
        Key(
            name: "unknown_keys", value: .words(unknownKeys),
            doc: "What decoding does with keys no property reads: ignore, reject or keep (under `$extra`)."),
        Key(name: "omit", value: .words(omit), doc: omitDoc),
        Key(name: "extra", value: .section(.extra), doc: "Whether kept unknown keys (`$extra`) take part in compare, archive and merge."),
        Key(name: "version", value: .integer, doc: "The model's version, which `migrations` bring older documents up to."),
        Key(
            name: "properties", value: .names(.either([.type, .section(.property)])),
            doc: "The properties: `name: type` (short form) or `name: { type: …, key: … }`."),
        Key(
            name: "variants", value: .section(.variants),
            doc: "Which model extending this one decodes a document: by a discriminator key or by predicates."),
        Key(name: "migrations", value: .list(.section(.migration)), doc: "Steps from each older version of the model up to `version`."),
        Key(
            name: "on_error", value: .words(onError),
            doc: "What decoding does with a value that does not convert, for each property without its own."),
        Key(name: "rules", value: .list(.section(.rule)), doc: "CEL conditions every decoded value must meet, each with its message."),
    ]

    private static let propertyKeys: [Key] = [
        Key(
            name: "type", value: .type,
            doc: "The property's type: a built-in type, a model or enum, `[T]`, `[string: T]` or a union `A | B`."),
        Key(name: "key", value: .string, doc: "The JSON key or key path (`user.login`; `\\.` is a literal dot); default: the key style's."),
        Key(name: "required", value: .bool, doc: "Whether a document without the key is an error."),
        Key(name: "default", value: .any, doc: "The canonical JSON used when the key is absent, or `{expr: …}`, a CEL expression."),
        Key(
            name: "json", value: .words(["string", "int"]), doc: "Numbers written as strings (`json: string`), booleans as strings or 0/1."),
        Key(
            name: "format", value: .formatName,
            doc: "The date or number format of the values: built in (`iso8601`, `unix`, `unix_ms`) or the catalog's."),
        Key(name: "transient", value: .bool, doc: "Read from JSON but never written back."),
        Key(name: "computed", value: .words(["now", "uuid"]), doc: "A value made up at decode time: the current time or a random UUID."),
        Key(name: "compare", value: .bool, doc: "`false` leaves the property out of equality and `mapper diff`."),
        Key(name: "archive", value: .bool, doc: "`false` leaves the property out of archives."),
        Key(name: "merge", value: .words(mergeStrategies), doc: "How `merge` combines the property of a target with the source's."),
        Key(name: "flatten", value: .bool, doc: "A model property read from the parent's own object."),
        Key(name: "transform", value: .string, doc: "A transformer the embedding program registers, applied to the JSON value."),
        Key(name: "min_length", value: .integer, doc: "The fewest Unicode scalars of a string, or elements of a collection."),
        Key(name: "max_length", value: .integer, doc: "The most Unicode scalars of a string, or elements of a collection."),
        Key(name: "minimum", value: .number, doc: "The smallest number allowed, inclusive."),
        Key(name: "maximum", value: .number, doc: "The largest number allowed, inclusive."),
        Key(name: "pattern", value: .string, doc: "An RE2 expression a string must contain a match of (unanchored)."),
        Key(name: "doc", value: .string, doc: "What the property is, for people and the JSON Schema's description."),
        Key(name: "on_error", value: .words(onError), doc: "What decoding does with a present value that does not convert."),
        Key(name: "omit", value: .words(omit), doc: omitDoc),
        Key(name: "decode", value: .expression, doc: "A CEL expression computing the value from `input` (the document) and `self`."),
        Key(name: "encode", value: .expression, doc: "A CEL expression computing the JSON written for the property from `self`."),
    ]

    private static let enumKeys: [Key] = [
        Key(
            name: "cases", value: .names(.either([.notObject, .section(.enumCase)])),
            doc: "The cases: `name: json-value` or `name: { json: …, aliases: […] }`."),
        Key(name: "default", value: .caseName, doc: "The case an unknown JSON value decodes to."),
        Key(name: "doc", value: .string, doc: "What the enum is, for people and the JSON Schema's description."),
    ]

    private static let enumCaseKeys: [Key] = [
        Key(name: "json", value: .any, doc: "The case's JSON value."),
        Key(name: "aliases", value: .list(.any), doc: "Other JSON values that decode to the case (never encoded)."),
        Key(name: "doc", value: .string, doc: "What the case means."),
    ]

    private static let formatKeys: [Key] = [
        Key(name: "date", value: .string, doc: "A Unicode TR35 date pattern, e.g. `yyyy-MM-dd'T'HH:mm:ss'Z'`."),
        Key(name: "number", value: .words(numberStyles), doc: "A number style: decimal, percent or scientific, exact both ways."),
        Key(name: "locale", value: .string, doc: "The locale of month and day names and number symbols (default `en_US_POSIX`)."),
        Key(name: "time_zone", value: .string, doc: "The time zone of a date pattern without one (default `UTC`)."),
        Key(name: "calendar", value: .words(["gregorian"]), doc: "The calendar (only `gregorian`)."),
        Key(name: "doc", value: .string, doc: "What the format is for."),
    ]

    private static let routesKeys: [Key] = [
        Key(name: "prefix", value: .string, doc: "A path prefix stripped when a path starts with it."),
        Key(
            name: "paths", value: .names(.type),
            doc:
                "`[METHOD ]/path/*/#: Model`: `*` is one segment, `#` digits only; the most specific pattern wins. A body that is not an object names its type: `int`, `[string]`, an enum; one that may be null, the model with `?`: `User?`."
        ),
        Key(name: "error_model", value: .modelName, doc: "The model of bodies whose status is 400 or more."),
        Key(name: "doc", value: .string, doc: "What the routes are for."),
    ]

    private static let variantsKeys: [Key] = [
        Key(name: "by", value: .string, doc: "The discriminator: the key whose value picks the case."),
        Key(name: "cases", value: .names(.modelName), doc: "Discriminator values to the models (extending this one) they decode as."),
        Key(name: "when", value: .list(.section(.variantCase)), doc: "Predicates tried in order before `by`: `{has: key, model: M}`."),
        Key(name: "fallback", value: .modelName, doc: "The model of a document no case matches."),
    ]

    private static let variantCaseKeys: [Key] = [
        Key(name: "has", value: .string, doc: "Matches a document that has this key."),
        Key(name: "equals", value: .names(.any), doc: "Matches a document whose keys have these values."),
        Key(name: "if", value: .expression, doc: "Matches a document for which this CEL expression over `input` is true."),
        Key(name: "model", value: .modelName, doc: "The model a matching document decodes as."),
    ]

    private static let migrationKeys: [Key] = [
        Key(name: "from", value: .integer, doc: "The version this step upgrades from."),
        Key(name: "rename", value: .names(.string), doc: "Keys renamed: `old: new`."),
        Key(name: "template", value: .names(.string), doc: "Keys set from a template over the document's values."),
        Key(name: "set", value: .names(.any), doc: "Keys set to values."),
        Key(name: "drop", value: .list(.string), doc: "Keys removed."),
        Key(name: "doc", value: .string, doc: "What the step changes."),
    ]

    private static let ruleKeys: [Key] = [
        Key(name: "rule", value: .expression, doc: "A CEL condition over `self` and `input` that must be true."),
        Key(name: "message", value: .string, doc: "The error's message when the rule does not hold."),
    ]

    private static let extraKeys: [Key] = [
        Key(name: "compare", value: .bool, doc: "`false` leaves `$extra` out of equality and `mapper diff`."),
        Key(name: "archive", value: .bool, doc: "`false` leaves `$extra` out of archives."),
        Key(name: "merge", value: .words(["replace", "keep"]), doc: "How `merge` combines `$extra`."),
    ]

    private static let testFileKeys: [Key] = [
        Key(name: "tests", value: .list(.section(.test)), doc: "The golden tests: an input, what to do with it and what must come out.")
    ]

    private static let testKeys: [Key] = [
        Key(name: "name", value: .string, doc: "The test's name, shown when it fails."),
        Key(name: "doc", value: .string, doc: "What the test shows."),
        Key(
            name: "operation", value: .words(GoldenOperation.allCases.map(\.rawValue)),
            doc: "What is done with the input (default `decode`)."),
        Key(
            name: "model", value: .either([.modelName, .routeType]),
            doc: "The model the input is read as, or the type a route names (`int`, `\"[string]\"`, `Release?`)."),
        Key(name: "route", value: .string, doc: "A request path whose route picks the model (decode only)."),
        Key(name: "method", value: .string, doc: "The request's method, for routes that name one."),
        Key(name: "status", value: .integer, doc: "The response's status, for the routes' `error_model`."),
        Key(name: "input", value: .any, doc: "The document: inline JSON, or a file name next to the test file."),
        Key(name: "other", value: .any, doc: "The second document of a `diff`."),
        Key(name: "target", value: .any, doc: "The target of a `merge`."),
        Key(name: "source", value: .any, doc: "The source of a `merge`."),
        Key(name: "expect", value: .any, doc: "What must come out: inline JSON, or a file name."),
        Key(name: "expect_error", value: .any, doc: "The error the operation must fail with."),
        Key(name: "expect_warnings", value: .any, doc: "The warnings a lenient decode must report."),
        Key(name: "now", value: .string, doc: "The instant `computed: now` takes."),
        Key(name: "roundtrip", value: .bool, doc: "Whether encoding the output must give the input back."),
        Key(name: "omit", value: .words(omit), doc: "The run's `omit` (as `--omit`), for an encode test."),
        Key(
            name: "partial", value: .bool,
            doc: "A partial document (as `--partial`): only its keys are mapped (decode, encode; a merge's source)."),
    ]
}
