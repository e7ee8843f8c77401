import MapperSupport
import MapperYAML

extension CatalogCompiler {
    /// A file's `defaults:`: settings for every model declared in that file, unless the model (or,
    /// for formats, the property) says otherwise.
    struct FileDefaults {
        var keyStyle: KeyStyle?
        var unknownKeys: ModelSpec.UnknownKeys?
        var omit: OmitPolicy?
        /// The `format` of properties of each type (`date`, `int`, `double`, `decimal`).
        var formats: [TypeSpec: FormatReference] = [:]

        /// The default format of a property of `type` (or of the members and elements it holds),
        /// when exactly one default applies.
        func format(for type: TypeSpec) -> FormatReference? {
            let found = Set(type.leaves.compactMap { formats[$0] })
            return found.count == 1 ? found.first : nil
        }
    }

    static let fileDefaultsFields = MappingLanguage.names(of: .defaults)
    static let formattedTypes: [String: TypeSpec] = ["date": .date, "int": .int, "double": .double, "decimal": .decimal]

    /// Reads every file's `defaults:` once the formats are known (a default may name a format of
    /// another file), and completes them from the folder files above each file.
    mutating func compileFileDefaults() {
        var own: [String: FileDefaults] = [:]
        for (file, node) in fileDefaultsNodes {
            own[file] = readDefaults(node, what: "the defaults of file '\(file)'")
        }
        compileFolderDefaults(own: own)
    }

    /// One `defaults:` mapping (of a file or a folder file), or nil when it is not a mapping.
    mutating func readDefaults(_ node: Node, what: String) -> FileDefaults? {
        guard let fields = record(node, allowed: Self.fileDefaultsFields, what: what) else { return nil }
        var defaults = FileDefaults()
        readKeySettings(fields, keyStyle: &defaults.keyStyle, unknownKeys: &defaults.unknownKeys)
        if let node = fields["omit"] { defaults.omit = omitPolicy(node, what: "omit of \(what)") }
        if let formats = fields["formats"], let pairs = mappingPairs(formats, what: "the formats of \(what)") {
            for pair in pairs {
                guard let typeName = text(pair.key, what: "a type in the formats of \(what)") else { continue }
                guard let type = Self.formattedTypes[typeName] else {
                    let names = Self.formattedTypes.keys.sorted()
                    let suggestion =
                        ForeignNames.types[typeName].map { (Diagnostic.didYouMean($0), $0) }
                        ?? Self.suggestion(for: typeName, in: names, otherwise: "formats apply to \(names.joined(separator: ", "))")
                    error(
                        .unknownType, "'\(typeName)' in the formats of \(what) is not a type that takes a format",
                        at: pair.key.mark, hint: suggestion.hint, replacement: suggestion.replacement)
                    continue
                }
                guard let name = text(pair.value, what: "the \(typeName) format of \(what)"),
                    let reference = formatReference(name, at: pair.value.mark, for: what)
                else { continue }
                guard reference.isDate == (type == .date) else {
                    error(
                        .formatTypeMismatch,
                        "format '\(name)' is \(reference.isDate ? "a date format" : "a number format"), but \(what) give it to type '\(typeName)'",
                        at: pair.value.mark)
                    continue
                }
                defaults.formats[type] = reference
            }
        }
        return defaults
    }

    /// A built-in or defined format by name, marked as used; reports an unknown name (with a
    /// suggestion) and returns nil.
    mutating func formatReference(_ name: String, at mark: Mark, for what: @autoclosure () -> String) -> FormatReference? {
        if let builtIn = FormatReference.builtIn[name] { return builtIn }
        if let declaration = formatDeclarations[name] {
            usedFormats.insert(name)
            // The format's own errors are reported at its definition; its kind is read from the YAML.
            return declaration.body["date"] != nil ? .date(name) : .number(name)
        }
        let candidates = Array(FormatReference.builtIn.keys) + formatOrder
        let suggestion = ForeignNames.formatHint(for: name, candidates: candidates)
        error(
            .unknownFormat, "unknown format '\(name)' for \(what())", at: mark, hint: suggestion.hint,
            replacement: suggestion.replacement)
        return nil
    }
}
