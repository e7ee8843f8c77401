import MapperSupport

/// Names people bring from JSON Schema, OpenAPI, databases and programming languages, and what the
/// mapping language calls them: the "did you mean" of a name no edit distance would find.
enum ForeignNames {
    /// Type names → the type to use.
    static let types: [String: String] = [
        "integer": "int", "long": "int", "int32": "int", "int64": "int", "Int": "int",
        "boolean": "bool", "Bool": "bool",
        "float": "double", "Double": "double",
        "str": "string", "text": "string", "String": "string",
        "timestamp": "date", "datetime": "date", "date-time": "date", "date_time": "date", "time": "date", "Date": "date",
        "uri": "url", "URL": "url", "guid": "uuid", "UUID": "uuid",
    ]

    /// Format names → the built-in format to use.
    static let formats: [String: String] = [
        "unix_seconds": "unix", "epoch": "unix", "epoch_seconds": "unix", "seconds": "unix", "unix_s": "unix",
        "unix_milliseconds": "unix_ms", "epoch_ms": "unix_ms", "epoch_millis": "unix_ms", "milliseconds": "unix_ms", "millis": "unix_ms",
        "datetime": "iso8601", "date-time": "iso8601", "rfc3339": "iso8601", "iso": "iso8601", "iso_8601": "iso8601", "iso-8601": "iso8601",
    ]

    /// The hint for an unknown type name: a foreign name's counterpart, else the closest name; with
    /// the name it proposes, when it proposes one.
    static func typeHint(for name: String, candidates: [String]) -> (hint: String?, replacement: String?) {
        switch name {
        case "number":
            return ("did you mean 'double'? (or 'decimal' for exact values such as money, 'int' for whole numbers)", "double")
        case "object", "Object", "dict", "map", "hash":
            return ("a JSON object is a model (name one), a dictionary '[string: T]', or 'any'", nil)
        case "array", "list", "Array", "sequence":
            return ("an array is written '[T]', e.g. '[string]' or '[Label]'", nil)
        case "null", "nil", "none":
            return ("every type accepts null; give the type of the value when it is present", nil)
        default:
            if let type = types[name] { return (Diagnostic.didYouMean(type), type) }
            return CatalogCompiler.suggestion(for: name, in: candidates)
        }
    }

    /// The hint for an unknown format name: a foreign name's counterpart, else the closest name;
    /// with the name it proposes, when it proposes one.
    static func formatHint(for name: String, candidates: [String]) -> (hint: String?, replacement: String?) {
        if name == "timestamp" { return ("did you mean 'unix' (seconds), 'unix_ms' (milliseconds) or 'iso8601'?", nil) }
        if let format = formats[name] { return (Diagnostic.didYouMean(format), format) }
        return CatalogCompiler.suggestion(for: name, in: candidates)
    }
}
