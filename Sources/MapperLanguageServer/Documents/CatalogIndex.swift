import MapperKit

/// What the mapping files declare and where they name it, read from each file's YAML alone, so
/// that completion and navigation work while the catalog has errors (a catalog with an error does
/// not load).
struct CatalogIndex {
    /// What a name is.
    enum Kind: Equatable {
        case model, enumeration, format
        /// A property of the model (`self.x`, a property's key).
        case property(model: String)
        /// A case of the enum.
        case enumCase(enumeration: String)

        var isType: Bool { self == .model || self == .enumeration }
    }

    /// A name written in a file: a declaration or a use, at its first character.
    struct Occurrence: Equatable {
        var name: String
        var kind: Kind
        var file: String
        var line: Int
        /// 1-based column in Unicode scalars, as the compiler's marks count.
        var column: Int
        var isDeclaration: Bool
    }

    struct Property {
        var name: String
        var type: String?
    }

    struct Model {
        var base: String?
        var doc: String?
        var properties: [Property] = []
    }

    struct Enumeration {
        var doc: String?
        var cases: [String] = []
    }

    private(set) var models: [String: Model] = [:]
    private(set) var enums: [String: Enumeration] = [:]
    private(set) var formats: [String: String] = [:]
    /// The files read, in load order.
    private let files: [FileReader]

    /// Every name written in the catalog, file by file (gathered when navigation asks, not at each
    /// edit: completion needs only the declarations).
    var occurrences: [Occurrence] { files.flatMap(\.occurrences) }

    /// The index of files read one by one (`FileReader`), in load order.
    init(files: [FileReader]) {
        self.files = files
        for reader in files {
            for (name, model) in reader.models where models[name] == nil { models[name] = model }
            for (name, enumeration) in reader.enums where enums[name] == nil { enums[name] = enumeration }
            for (name, pattern) in reader.formats where formats[name] == nil { formats[name] = pattern }
        }
    }

    /// The kind of a model or enum name (they share one namespace).
    func typeKind(_ name: String) -> Kind? {
        if models[name] != nil { return .model }
        if enums[name] != nil { return .enumeration }
        return nil
    }

    /// A model's properties with those it inherits (its base's first), each name once.
    func properties(of model: String) -> [Property] {
        var chain: [Model] = []
        var name: String? = model
        while let current = name, let found = models[current], chain.count < 64 {
            chain.insert(found, at: 0)
            name = found.base
        }
        var seen: Set<String> = []
        return chain.flatMap(\.properties).reversed().filter { seen.insert($0.name).inserted }.reversed()
    }

    /// The model (of `model` and its bases) that declares a property.
    func declaringModel(of property: String, in model: String) -> String? {
        var name: String? = model
        var steps = 0
        while let current = name, let found = models[current], steps < 64 {
            if found.properties.contains(where: { $0.name == property }) { return current }
            name = found.base
            steps += 1
        }
        return nil
    }

    /// The occurrence covering a position of a file (1-based line, column in scalars).
    func occurrence(in file: String, line: Int, column: Int) -> Occurrence? {
        files.first { $0.file == file }?.occurrences.first {
            $0.file == file && $0.line == line && column >= $0.column && column <= $0.column + $0.name.unicodeScalars.count
        }
    }

    /// Every occurrence of what `target` names (the declaration among them). Models and enums share
    /// one namespace, so a type expression's name is either.
    func occurrences(of target: Occurrence) -> [Occurrence] {
        occurrences.filter { $0.name == target.name && ($0.kind == target.kind || ($0.kind.isType && target.kind.isType)) }
    }
}

/// One file's declarations and the names its values use.
struct FileReader {
    let file: String
    private(set) var models: [(String, CatalogIndex.Model)] = []
    private(set) var enums: [(String, CatalogIndex.Enumeration)] = []
    private(set) var formats: [(String, String)] = []
    private(set) var occurrences: [CatalogIndex.Occurrence] = []

    /// Reads a file's parse tree (nothing when the text is not YAML).
    init(file: String, document: YAMLDocument) {
        self.file = file
        if let root = document.root { read(root) }
    }

    private mutating func read(_ root: Node) {
        for pair in root.mapping ?? [] {
            switch pair.key.string {
            case "models": for model in pair.value.mapping ?? [] { readModel(model) }
            case "enums": for enumeration in pair.value.mapping ?? [] { readEnum(enumeration) }
            case "formats":
                for format in pair.value.mapping ?? [] {
                    guard let name = declare(format.key, .format) else { continue }
                    formats.append((name, format.value["date"]?.string ?? format.value["number"]?.string ?? ""))
                }
            case "defaults": for use in pair.value["formats"]?.mapping ?? [] { uses(use.value, .format) }
            case "routes":
                // A route names a model, `Model?` or a type expression (`[Label]`).
                for path in pair.value["paths"]?.mapping ?? [] { typeUses(path.value) }
                if let error = pair.value["error_model"] { uses(error, .model) }
            default: break
            }
        }
    }

    private mutating func declare(_ key: Node, _ kind: CatalogIndex.Kind) -> String? {
        guard let name = key.string else { return nil }
        occurrences.append(.init(name: name, kind: kind, file: file, line: key.mark.line, column: key.mark.column, isDeclaration: true))
        return name
    }

    private mutating func readModel(_ pair: Pair) {
        guard let name = declare(pair.key, .model) else { return }
        var model = CatalogIndex.Model(base: pair.value["extends"]?.string, doc: pair.value["doc"]?.string)
        if let base = pair.value["extends"] { uses(base, .model) }
        for property in pair.value["properties"]?.mapping ?? [] {
            guard let propertyName = declare(property.key, .property(model: name)) else { continue }
            let typeNode = property.value.mapping == nil ? property.value : property.value["type"]
            if let typeNode { typeUses(typeNode) }
            if let format = property.value["format"] { uses(format, .format) }
            for field in ["decode", "encode"] { if let node = property.value[field] { selfUses(node, model: name) } }
            model.properties.append(.init(name: propertyName, type: typeNode.map(Self.typeText)))
        }
        if let variants = pair.value["variants"] {
            for entry in variants["cases"]?.mapping ?? [] { uses(entry.value, .model) }
            for entry in variants["when"]?.sequence ?? [] { if let model = entry["model"] { uses(model, .model) } }
            if let fallback = variants["fallback"] { uses(fallback, .model) }
        }
        for rule in pair.value["rules"]?.sequence ?? [] { if let node = rule["rule"] { selfUses(node, model: name) } }
        models.append((name, model))
    }

    private mutating func readEnum(_ pair: Pair) {
        guard let name = declare(pair.key, .enumeration) else { return }
        var enumeration = CatalogIndex.Enumeration(doc: pair.value["doc"]?.string)
        for entry in pair.value["cases"]?.mapping ?? [] {
            if let caseName = declare(entry.key, .enumCase(enumeration: name)) { enumeration.cases.append(caseName) }
        }
        enums.append((name, enumeration))
    }

    /// A name written as a whole scalar (`extends: Base`, a route's model, a format).
    private mutating func uses(_ node: Node, _ kind: CatalogIndex.Kind) {
        guard let scalar = node.scalar, scalar.kind == .string else { return }
        let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        occurrences.append(
            .init(
                name: scalar.text, kind: kind, file: file, line: node.mark.line, column: node.mark.column + (quoted ? 1 : 0),
                isDeclaration: false))
    }

    /// The model and enum names of a type expression: `User`, `"[string: User | Org]"`, `[Label]`
    /// (read by YAML as a flow sequence).
    private mutating func typeUses(_ node: Node) {
        if let items = node.sequence { for item in items { typeUses(item) } }
        if let pairs = node.mapping {
            for pair in pairs {
                typeUses(pair.key)
                typeUses(pair.value)
            }
        }
        guard let scalar = node.scalar, node.mark.line > 0 else { return }
        let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        for (word, offset) in Self.words(scalar.text) where word.first?.isUppercase == true {
            occurrences.append(
                .init(
                    name: word, kind: .model, file: file, line: node.mark.line, column: node.mark.column + (quoted ? 1 : 0) + offset,
                    isDeclaration: false))
        }
    }

    /// `self.name` in a one-line expression.
    private mutating func selfUses(_ node: Node, model: String) {
        guard let scalar = node.scalar, scalar.style != .literal, scalar.style != .folded, !scalar.text.contains("\n") else { return }
        let quoted = scalar.style == .singleQuoted || scalar.style == .doubleQuoted
        let words = Self.words(scalar.text)
        for (index, (word, offset)) in words.enumerated() where word == "self" && index + 1 < words.count {
            let (next, nextOffset) = words[index + 1]
            guard nextOffset == offset + 5 else { continue }
            occurrences.append(
                .init(
                    name: next, kind: .property(model: model), file: file, line: node.mark.line,
                    column: node.mark.column + (quoted ? 1 : 0) + nextOffset, isDeclaration: false))
        }
    }

    /// The identifiers of a text and their offsets in Unicode scalars.
    static func words(_ text: String) -> [(String, Int)] {
        var words: [(String, Int)] = []
        var current = ""
        var start = 0
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            if scalar.properties.isAlphabetic || scalar == "_" || (!current.isEmpty && scalar.properties.numericType != nil) {
                if current.isEmpty { start = offset }
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                words.append((current, start))
                current = ""
            }
        }
        if !current.isEmpty { words.append((current, start)) }
        return words
    }

    /// A type as written, in one line (`[Label]` read as a sequence is shown as written).
    static func typeText(_ node: Node) -> String {
        if let scalar = node.scalar { return scalar.text }
        if let items = node.sequence { return "[" + items.map(typeText).joined(separator: ", ") + "]" }
        if let pairs = node.mapping { return pairs.map { "\(typeText($0.key)): \(typeText($0.value))" }.joined(separator: ", ") }
        return ""
    }
}
