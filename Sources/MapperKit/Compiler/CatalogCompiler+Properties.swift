import MapperSupport
import MapperYAML

extension CatalogCompiler {
    static let propertyFields = MappingLanguage.names(of: .property)

    /// The properties a model declares itself, in order, each name once.
    mutating func ownProperties(of header: ModelHeader, keyStyle: KeyStyle) -> [PropertySpec] {
        guard let node = header.fields["properties"],
            let pairs = mappingPairs(node, what: "the properties of model '\(header.name)'")
        else { return [] }
        var properties: [PropertySpec] = []
        properties.reserveCapacity(pairs.count)
        // Keys are distinct YAML values, but `true` and "true" name one property: then the later
        // declaration takes the earlier one's place. Only a key that is not a string can clash.
        var clashes = false
        let fileDefaults = fileDefaults[header.declaration.mark.file]
        for pair in pairs {
            guard let name = checkedName(pair.key, kind: .property) else { continue }
            var reader = PropertyReader(name: name, model: header.name, keyMark: pair.key.mark, keyStyle: keyStyle)
            guard var property = reader.read(pair.value, compiler: &self) else { continue }
            if property.format == nil, property.representation == nil,
                let format = fileDefaults?.format(for: property.type)
            {
                property.format = format
            }
            if let node = reader.defaultNode {
                // Checked against the property's type when the plan is built (`checkDefaults`).
                property.defaultValue = json(node, what: "the default of property '\(name)' of model '\(header.name)'")
                defaultNodes[DefaultKey(model: header.name, property: name)] = node
            }
            // Only a union can be ambiguous, the one problem reported at the type (`buildTable`).
            if let node = reader.typeNode, property.type.holdsUnion { typeNodes[DefaultKey(model: header.name, property: name)] = node }
            if reader.setsOnError { ownOnError.insert(DefaultKey(model: header.name, property: name)) }
            clashes = clashes || pair.key.scalar?.kind != .string
            if clashes, let index = properties.firstIndex(where: { $0.name == name }) {
                properties[index] = property
            } else {
                properties.append(property)
            }
        }
        return properties
    }

    /// `read` applied to each of `items` on every core, by copies of the compiler (one per run of
    /// items) that share what is declared and keep apart what reading finds; those findings join this
    /// compiler in the items' order, so the catalog's problems are what reading in order would
    /// report. For reading enums, model headers and own properties (`enumSpec`, `modelHeader`,
    /// `ownProperties`), which write the fields of `Findings` and no others.
    mutating func readOnEveryCore<Item: Sendable, Result>(
        _ items: [Item], _ read: @Sendable (inout CatalogCompiler, Item) -> Result
    ) -> [Result] {
        let base = forReading()
        var results: [Result] = []
        results.reserveCapacity(items.count)
        // One copy per run of items (a copy per item cost more than reading a small model). The
        // findings alone come back: each copy is released on the thread that read.
        for (runResults, found) in items.concurrentMapRuns({ run in
            var reader = base
            let results = run.map { read(&reader, $0) }
            return (results, Findings(reader))
        }) {
            results += runResults
            diagnostics += found.diagnostics
            usedEnums.formUnion(found.usedEnums)
            usedFormats.formUnion(found.usedFormats)
            defaultNodes.merge(found.defaultNodes) { _, found in found }
            typeNodes.merge(found.typeNodes) { _, found in found }
            ownOnError.formUnion(found.ownOnError)
        }
        return results
    }

    /// The copy that reads: what is declared, and no findings yet.
    private func forReading() -> CatalogCompiler {
        var copy = self
        copy.diagnostics = []
        copy.usedEnums = []
        copy.usedFormats = []
        copy.defaultNodes = [:]
        copy.typeNodes = [:]
        copy.ownOnError = []
        return copy
    }

    /// What a copy in `readOnEveryCore` found.
    private struct Findings: Sendable {
        var diagnostics: [Diagnostic]
        var usedEnums: Set<String>
        var usedFormats: Set<String>
        var defaultNodes: [DefaultKey: Node]
        var typeNodes: [DefaultKey: Node]
        var ownOnError: Set<DefaultKey>

        init(_ reader: CatalogCompiler) {
            diagnostics = reader.diagnostics
            usedEnums = reader.usedEnums
            usedFormats = reader.usedFormats
            defaultNodes = reader.defaultNodes
            typeNodes = reader.typeNodes
            ownOnError = reader.ownOnError
        }
    }

    /// Resolves a type expression written as a string, or as YAML's reading of an unquoted one
    /// (`[Label]` is a flow sequence, `[string: int]` a sequence holding a one-pair mapping).
    mutating func typeSpec(_ node: Node, what: @autoclosure () -> String) -> TypeSpec? {
        guard let expression = typeExpression(node) else {
            error(
                .invalidType,
                "\(what()) must be a type expression such as 'string', '[Label]' or '[string: int]', not \(node.kindDescription)",
                at: node.mark)
            return nil
        }
        // Most types are a built-in name alone: no parser needed.
        if let scalar = TypeSpec.scalars[expression] { return scalar }
        do {
            let type = try typeParser.parse(expression)
            for name in type.referencedNames where enumDeclarations[name] != nil { usedEnums.insert(name) }
            return type
        } catch {
            switch error {
            case .syntax(let message):
                self.error(.invalidType, message, at: node.mark)
            case .unknownName(let name):
                let candidates = Array(TypeSpec.scalars.keys) + modelOrder + enumOrder
                let suggestion = ForeignNames.typeHint(for: name, candidates: candidates)
                self.error(
                    .unknownType, "unknown type '\(name)' for \(what())", at: node.mark, hint: suggestion.hint,
                    replacement: suggestion.replacement)
            }
        }
        return nil
    }

    func typeExpression(_ node: Node) -> String? {
        switch node.content {
        case .scalar(let scalar):
            return scalar.kind == .string ? scalar.text : nil
        case .sequence(let items):
            guard items.count == 1, let item = items.first else { return nil }
            if let pairs = item.mapping, pairs.count == 1, let key = pairs[0].key.string,
                let value = typeExpression(pairs[0].value)
            {
                return "[\(key): \(value)]"
            }
            return typeExpression(item).map { "[\($0)]" }
        case .mapping:
            return nil
        }
    }
}

/// Reads one property declaration (short or long form) and checks its fields against each other
/// and against its type.
struct PropertyReader {
    let name: String
    let model: String
    let keyMark: Mark
    let keyStyle: KeyStyle
    private(set) var defaultNode: Node?
    /// Where the type expression is written.
    private(set) var typeNode: Node?
    /// Whether the property writes its own `on_error` (the model's does not apply to it then).
    private(set) var setsOnError = false

    init(name: String, model: String, keyMark: Mark, keyStyle: KeyStyle) {
        self.name = name
        self.model = model
        self.keyMark = keyMark
        self.keyStyle = keyStyle
    }

    private var what: String { "property '\(name)' of model '\(model)'" }

    mutating func read(_ node: Node, compiler: inout CatalogCompiler) -> PropertySpec? {
        guard node.mapping != nil else {
            // Short form: the value is the type.
            typeNode = node
            guard let type = compiler.typeSpec(node, what: what) else { return nil }
            return spec(type: type, key: JSONKeyPath(key: keyStyle.key(for: name)))
        }
        guard let fields = compiler.record(node, allowed: CatalogCompiler.propertyFields, what: what) else { return nil }
        // A format named here is not "never used", even when this property turns out to be wrong.
        if let format = fields["format"]?.scalar?.text, compiler.formatDeclarations[format] != nil {
            compiler.usedFormats.insert(format)
        }
        guard let typeNode = fields["type"] else {
            compiler.error(
                .missingType, "\(what) has no 'type'", at: keyMark,
                hint: "add 'type: string' (or the type it holds)")
            return nil
        }
        self.typeNode = typeNode
        guard let type = compiler.typeSpec(typeNode, what: what) else { return nil }
        var property = spec(type: type, key: nil)
        var ok = readFlags(fields, type: type, into: &property, compiler: &compiler)
        ok = checkConflicts(fields, property, compiler: &compiler) && ok
        guard let placed = readPlacement(fields, type: type, into: &property, compiler: &compiler) else { return nil }
        ok = placed && ok
        ok = readRepresentation(fields, into: &property, compiler: &compiler) && ok
        ok = readFormat(fields, into: &property, compiler: &compiler) && ok
        ok = readMerge(fields, into: &property, compiler: &compiler) && ok
        ok = readConstraints(fields, into: &property, compiler: &compiler) && ok
        ok = readTransform(fields, into: &property, compiler: &compiler) && ok
        ok = readExpressions(fields, into: &property, compiler: &compiler) && ok
        if let node = fields["omit"] {
            property.omit = compiler.omitPolicy(node, what: "omit of \(what)")
            ok = property.omit != nil && ok
            if property.transient || property.isDecodeOnly {
                compiler.error(
                    .inapplicableField, "'omit' of \(what) does not apply: the property is never written to JSON",
                    at: fields.keyMark("omit") ?? node.mark, hint: "remove 'omit'")
                ok = false
            }
        }
        if let node = fields["on_error"] {
            setsOnError = true
            ok = readOnError(node, fields: fields, into: &property, compiler: &compiler) && ok
        }
        return ok ? property : nil
    }

    /// `required`, `transient`, `flatten`, `compare`, `archive`, `doc` and `computed`.
    private func readFlags(_ fields: Fields, type: TypeSpec, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        var ok = true
        func flag(_ field: String) -> Bool {
            guard let node = fields[field] else { return false }
            guard let value = compiler.bool(node, what: "'\(field)' of \(what)") else { ok = false; return false }
            return value
        }
        property.required = flag("required")
        property.transient = flag("transient")
        property.flatten = flag("flatten")
        property.compare = fields.has("compare") ? flag("compare") : true
        property.archive = fields.has("archive") ? flag("archive") : true
        property.doc = fields["doc"].flatMap { compiler.string($0, what: "the doc of \(what)") }

        if let node = fields["computed"],
            let word = compiler.word(node, what: "computed value", in: ["now", "uuid"], code: .invalidComputed)
        {
            property.computed = PropertySpec.Computed(rawValue: word)
            let expected: TypeSpec = word == "now" ? .date : .uuid
            if type != expected {
                compiler.error(
                    .invalidComputed, "'computed: \(word)' needs type '\(expected)', but \(what) is '\(type)'",
                    at: node.mark, hint: "change the type to '\(expected)'")
                ok = false
            }
            property.transient = true
        }
        return ok
    }

    /// Fields that cannot go together: one report per field to remove.
    private func checkConflicts(_ fields: Fields, _ property: PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        var ok = true
        let conflicts: [(String, String, String)] = [
            ("required", "default", "a required key is never absent, so its default would never be used"),
            ("computed", "default", "a computed value is always set"),
            ("computed", "key", "a computed property is never read from JSON"),
            ("transient", "key", "a transient property is never read from or written to JSON"),
            ("computed", "required", "a computed property is never read from JSON"),
            ("flatten", "key", "a flattened model reads its keys from the parent's object"),
            ("json", "format", "a format already decides the JSON form"),
            ("computed", "decode", "a computed value is made by the decoder"),
            ("required", "decode", "a decoded expression's value is computed, not read from a key"),
            ("decode", "default", "the decode expression always gives the value"),
            ("transform", "decode", "the decode expression already gives the canonical value"),
            ("transform", "encode", "the encode expression already gives the external value"),
            ("transient", "encode", "a transient property is never written to JSON"),
        ]
        // One report per field to remove: `computed` with `transient` and `key` is one problem.
        var conflicting: Set<String> = []
        for (a, b, reason) in conflicts where fields.has(a) && fields.has(b) && !conflicting.contains(b) {
            if (a == "transient" && !property.transient) || (a == "flatten" && !property.flatten) || (a == "required" && !property.required)
            {
                continue
            }
            compiler.error(
                .conflictingFields, "\(what) has both '\(a)' and '\(b)': \(reason)",
                at: fields.keyMark(b) ?? keyMark, hint: "remove '\(b)'")
            conflicting.insert(b)
            ok = false
        }
        if property.transient, property.required, !conflicting.contains("required") {
            compiler.error(
                .conflictingFields, "\(what) is transient and required: a transient property is never read from JSON",
                at: fields.keyMark("required") ?? keyMark, hint: "remove 'required'")
            ok = false
        }
        return ok
    }

    /// Where the value is read: a flattened model's fields, or the key (the default key when none
    /// is written). nil when the property cannot be read at all (`flatten` on a type that is no model).
    private func readPlacement(
        _ fields: Fields, type: TypeSpec, into property: inout PropertySpec, compiler: inout CatalogCompiler
    ) -> Bool? {
        var ok = true
        if property.flatten {
            guard case .model = type else {
                compiler.error(
                    .invalidFlatten, "'flatten' needs a model type, but \(what) is '\(type)'",
                    at: fields.keyMark("flatten") ?? keyMark)
                return nil
            }
            for field in ["required", "default", "json", "format", "transform", "transient", "computed", "decode", "encode"]
            where fields.has(field) {
                compiler.error(
                    .invalidFlatten, "'\(field)' does not apply to flattened \(what)",
                    at: fields.keyMark(field) ?? keyMark, hint: "remove '\(field)'")
                ok = false
            }
        } else if !property.transient {
            if let node = fields["key"] {
                if let text = compiler.text(node, what: "the key of \(what)") {
                    do {
                        property.key = try JSONKeyPath(parsing: text)
                    } catch {
                        compiler.error(.invalidKeyPath, error.message, at: node.mark)
                        ok = false
                    }
                } else {
                    ok = false
                }
            } else {
                property.key = JSONKeyPath(key: keyStyle.key(for: name))
            }
        }
        return ok
    }

    /// `transform`: a registered (or assumed) transformer.
    private func readTransform(_ fields: Fields, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        var ok = true
        if let node = fields["transform"], let transform = compiler.string(node, what: "the transform of \(what)") {
            let known = Set(compiler.options.transformers.keys).union(compiler.options.assumedTransformers)
            if known.contains(transform) {
                property.transform = transform
            } else {
                let suggestion = CatalogCompiler.suggestion(
                    for: transform, in: known,
                    otherwise: "register it when loading the catalog, or pass --assume-transformer \(transform) to mapper validate")
                compiler.error(
                    .unknownTransformer, "\(what) uses transformer '\(transform)', which is not registered",
                    at: node.mark, hint: suggestion.hint, replacement: suggestion.replacement)
                ok = false
            }
        }
        return ok
    }

    /// `decode`, `encode` and `default: {expr: …}`; a plain `default` is kept for the plan builder.
    private mutating func readExpressions(_ fields: Fields, into property: inout PropertySpec, compiler: inout CatalogCompiler) -> Bool {
        var ok = true
        if let node = fields["decode"] {
            property.decode = compiler.expression(
                node, what: "the decode expression of \(what)", variables: CatalogCompiler.decodeVariables)
            ok = ok && property.decode != nil
        }
        if let node = fields["encode"] {
            property.encode = compiler.expression(
                node, what: "the encode expression of \(what)", variables: CatalogCompiler.encodeVariables)
            ok = ok && property.encode != nil
        }
        if let node = fields["default"], let pairs = node.mapping, pairs.count == 1, pairs[0].key.string == "expr" {
            property.defaultExpression = compiler.expression(
                pairs[0].value, what: "the default expression of \(what)", variables: CatalogCompiler.decodeVariables)
            ok = ok && property.defaultExpression != nil
        } else {
            defaultNode = fields["default"]
        }
        return ok
    }

    private func spec(type: TypeSpec, key: JSONKeyPath?) -> PropertySpec {
        PropertySpec(
            name: name, type: type, key: key, required: false, defaultValue: nil, representation: nil,
            format: nil, transient: false, computed: nil, compare: true, archive: true, merge: .replace,
            flatten: false, transform: nil, constraints: Constraints(), doc: nil, decode: nil, encode: nil,
            defaultExpression: nil, declaredIn: model, mark: keyMark)
    }
}
