import MapperCEL
import MapperSupport
import MapperYAML

/// Turns mapping files into a checked `Catalog`, collecting every problem of every file.
///
/// Work happens in phases so that each check sees what it needs: declarations of all files are
/// collected first (names are global), then formats and enums, then models (headers, inheritance,
/// properties, variants, migrations, defaults), then routes, then the unused-definition warnings.
struct CatalogCompiler {
    /// A named definition as written: the name's position and the YAML node of its body.
    struct Declaration {
        var name: String
        var mark: Mark
        var body: Node
    }

    struct RoutesDeclaration {
        var file: String
        var body: Node
        /// The `routes` key, where a problem of the block as a whole is reported.
        var mark: Mark
    }

    let options: LoadOptions
    var diagnostics: [Diagnostic] = []
    /// The files in load order, which is the order their diagnostics are listed in.
    var sourceNames: [String] = []
    /// The files `mapper import` wrote (their first line is its header), to tell a person that a
    /// name defined twice is their edit next to the import's version of it.
    var importedFiles: Set<String> = []

    var modelDeclarations: [String: Declaration] = [:]
    var modelOrder: [String] = []
    var enumDeclarations: [String: Declaration] = [:]
    var enumOrder: [String] = []
    var formatDeclarations: [String: Declaration] = [:]
    var formatOrder: [String] = []
    var functionDeclarations: [String: Declaration] = [:]
    var tableDeclarations: [String: Declaration] = [:]
    var tableOrder: [String] = []
    /// The lookup tables, once read.
    var compiledTables = CompiledTables()
    var functionOrder: [String] = []
    /// The functions every expression may call: mapper's, then the catalog's as they compile.
    var celFunctions: [CELFunction] = MapperFunctions.all
    /// The catalog's functions that compiled, in the order they did.
    var functionSpecs: [FunctionSpec] = []
    var routeDeclarations: [RoutesDeclaration] = []
    /// Each file's `defaults:` as written, then as read.
    var fileDefaultsNodes: [(file: String, node: Node)] = []
    var fileDefaults: [String: FileDefaults] = [:]
    /// The folder files (`_folder.yaml`), as written and then as read.
    var folderSettings: [FolderSettings] = []

    var formats: [String: FormatSpec] = [:]
    var enums: [String: EnumSpec] = [:]
    var models: [String: ModelSpec] = [:]
    var routeTable = RouteTable(blocks: [])
    /// The type expressions of routes whose body is not an object or may be null, each with a
    /// hidden model, by where the route's value is written (`CatalogCompiler+RouteValues`).
    var routeValues: [Mark: String] = [:]
    /// Where each `default` is written, by declaring model and property.
    var defaultNodes: [DefaultKey: Node] = [:]
    /// The properties (by declaring model) that write their own `on_error`.
    var ownOnError: Set<DefaultKey> = []
    /// Where each property's type that holds a union is written, by declaring model and property.
    var typeNodes: [DefaultKey: Node] = [:]
    /// Values migrations set, read as canonical JSON when the table is built.
    var pendingSetValues: [PendingSetValue] = []
    var usedEnums: Set<String> = []
    var usedFormats: Set<String> = []
    /// Each `pattern` compiled so far, by its source: an imported catalog repeats a few patterns
    /// (ids, slugs) on many properties, and compiling one is a large part of reading a property.
    var compiledPatterns: [String: Pattern] = [:]
    /// Parse trees kept from the last compile (a language server's), reused for unchanged files.
    let parseCache: ParseCache?

    init(options: LoadOptions, parseCache: ParseCache? = nil) {
        self.options = options
        self.parseCache = parseCache
    }

    /// Everything a `Catalog` holds, compiled once.
    struct Output {
        var models: [String: ModelSpec]
        var modelNames: [String]
        var enums: [String: EnumSpec]
        var enumNames: [String]
        var formats: [String: FormatSpec]
        var formatNames: [String]
        var routes: RouteTable
        var sources: [Catalog.Source]
        var revision: String
        var warnings: [Diagnostic]
        var transformers: [String: Transformer]
        var table: ModelTable
        /// The lookup tables' files, which the catalog's revision covers.
        var tableFiles: [String]
    }

    /// The compiled catalog, or nil when any diagnostic is an error (`sortedDiagnostics` has them).
    mutating func compile(_ sources: [Catalog.Source]) -> Output? {
        let (revision, table) = run(sources, plans: true)
        guard diagnostics.errorCount == 0, let table else { return nil }
        return Output(
            models: models.filter { !$0.value.isRouteValue }, modelNames: modelOrder.filter { models[$0]?.isRouteValue != true },
            enums: enums,
            enumNames: enumOrder,
            formats: formats, formatNames: formatOrder, routes: routeTable, sources: sources,
            revision: revision.hex, warnings: sortedDiagnostics, transformers: options.transformers, table: table,
            tableFiles: compiledTables.files.map(\.path))
    }

    /// Checks the catalog as `compile` does, with the same diagnostics (`sortedDiagnostics`), but
    /// builds none of the runtime plans that decode and encode (a language server's check after
    /// an edit needs only the diagnostics): the specs when no diagnostic is an error, else nil.
    mutating func check(_ sources: [Catalog.Source]) -> Catalog.Specs? {
        _ = run(sources, plans: false)
        guard diagnostics.errorCount == 0 else { return nil }
        return Catalog.Specs(models: models.filter { !$0.value.isRouteValue }, enums: enums, formats: formats)
    }

    /// Every phase, in order: the catalog's revision, and its table when `plans` (nil on an error).
    private mutating func run(_ sources: [Catalog.Source], plans: Bool) -> (revision: Revision, table: ModelTable?) {
        var revision = Revision()
        sourceNames = sources.map(\.name)
        // Files are read (and their contents hashed) on every core; what they declare is
        // collected in load order.
        let limits = options.yamlLimits
        var documents =
            parseCache?.documents(of: sources, limits: limits)
            ?? sources.concurrentMap {
                (yaml: YAML.parse($0.bytes, file: $0.name, limits: limits), digest: Revision.digest($0.bytes))
            }
        for (source, (document, digest)) in zip(sources, documents) {
            revision.add(source.name, digest: digest)
            if source.bytes.starts(with: Catalog.importedFileHeader.utf8) { importedFiles.insert(source.name) }
            for error in document.errors { diagnostics.append(Diagnostic(error)) }
            if let root = document.root {
                collect(root, file: source.name)
            } else if document.errors.isEmpty {
                error(
                    .emptyFile, "mapping file '\(source.name)' is empty; a mapping file starts with 'mapper: 1'",
                    at: Mark(file: source.name, line: 1, column: 1))
            }
        }
        declareRouteValues()
        compileFormats()
        compileEnums()
        compileFileDefaults()
        compileTables()
        for file in compiledTables.files { revision.add(file.name, digest: file.digest) }
        compileFunctions()
        compileModels()
        markRouteValues()
        checkExpressions()
        checkFunctionBodies()
        compileRoutes()
        warnAboutUnused()
        let table = buildTable(plans: plans)
        releaseSyntaxTrees(&documents)
        return (revision, table)
    }

    /// Frees the files' parse trees on every core, once everything is read from them: a big
    /// catalog's trees are millions of nodes, and freeing them on one core at the end of a load
    /// took a tenth of its time there. The compiler's own references into the trees go first, so
    /// that each tree is freed whole, by the core that takes its file.
    private mutating func releaseSyntaxTrees(_ documents: inout [(yaml: YAMLDocument, digest: UInt64)]) {
        modelDeclarations = [:]
        enumDeclarations = [:]
        formatDeclarations = [:]
        functionDeclarations = [:]
        tableDeclarations = [:]
        routeDeclarations = []
        fileDefaultsNodes = []
        folderSettings = []
        defaultNodes = [:]
        typeNodes = [:]
        pendingSetValues = []
        documents.removeAllOnEveryCore()
    }

    /// Diagnostics in file (load order), line and column order, each reported once.
    var sortedDiagnostics: [Diagnostic] {
        var seen: Set<Diagnostic> = []
        let unique = diagnostics.filter { seen.insert($0).inserted }
        let fileOrder = Dictionary((sourceNames + unique.map(\.file)).enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        return unique.enumerated().sorted { a, b in
            let (x, y) = (a.element, b.element)
            if x.file != y.file { return fileOrder[x.file, default: 0] < fileOrder[y.file, default: 0] }
            if x.line != y.line { return x.line < y.line }
            if x.column != y.column { return x.column < y.column }
            return a.offset < b.offset
        }.map(\.element)
    }

    mutating func error(
        _ code: Diagnostic.Code, _ message: String, at mark: Mark, hint: String? = nil, excerpt: Diagnostic.Excerpt? = nil,
        replacement: String? = nil
    ) {
        diagnostics.append(.error(code, message, at: mark, hint: hint, excerpt: excerpt, replacement: replacement))
    }

    /// A misspelt word's did-you-mean, for `error(hint:replacement:)`: `did you mean 'x'?` and `x`
    /// when a candidate is close, else `otherwise` and no replacement.
    static func suggestion(
        for word: String, in candidates: some Sequence<String>, otherwise: String? = nil
    ) -> (hint: String?, replacement: String?) {
        guard let close = Suggestion.closest(to: word, in: candidates) else { return (otherwise, nil) }
        return (Diagnostic.didYouMean(close), close)
    }

    mutating func warning(
        _ code: Diagnostic.Code, _ message: String, at mark: Mark, hint: String? = nil, excerpt: Diagnostic.Excerpt? = nil
    ) {
        diagnostics.append(.warning(code, message, at: mark, hint: hint, excerpt: excerpt))
    }
}

/// The kinds of names a catalog defines and the rule each follows.
enum NameKind: CustomStringConvertible {
    case model, enumeration, format, property, enumCase, function, table

    var description: String {
        switch self {
        case .model: return "model"
        case .enumeration: return "enum"
        case .format: return "format"
        case .property: return "property"
        case .enumCase: return "enum case"
        case .function: return "function"
        case .table: return "table"
        }
    }

    var rule: String {
        switch self {
        case .model, .enumeration: return "^[A-Z][A-Za-z0-9_]*$"
        case .format: return "^[a-z][a-z0-9_]*$"
        case .property, .enumCase, .function, .table: return "^[A-Za-z_][A-Za-z0-9_]*$"
        }
    }

    func accepts(_ name: String) -> Bool {
        // Every character the rules allow is ASCII, so the UTF-8 bytes are the characters (and a
        // byte of anything else fails every test).
        guard let first = name.utf8.first else { return false }
        let rest = name.utf8.dropFirst()
        let lower = UInt8(ascii: "a")...UInt8(ascii: "z")
        let upper = UInt8(ascii: "A")...UInt8(ascii: "Z")
        let digit = UInt8(ascii: "0")...UInt8(ascii: "9")
        func isWord(_ c: UInt8) -> Bool { lower.contains(c) || upper.contains(c) || digit.contains(c) || c == UInt8(ascii: "_") }
        switch self {
        case .model, .enumeration:
            return upper.contains(first) && rest.allSatisfy(isWord)
        case .format:
            return lower.contains(first) && rest.allSatisfy { lower.contains($0) || digit.contains($0) || $0 == UInt8(ascii: "_") }
        case .property, .enumCase, .function, .table:
            return (isWord(first) && !digit.contains(first)) && rest.allSatisfy(isWord)
        }
    }

    /// A well-formed name close to a malformed one (`issue` → `Issue`, `Github-Time` → `github_time`).
    func suggestion(for name: String) -> String? {
        var cleaned = String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
        switch self {
        case .model, .enumeration:
            cleaned = cleaned.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        case .format:
            cleaned = cleaned.lowercased()
        case .property, .enumCase, .function, .table:
            break
        }
        if let first = cleaned.first, first.isNumber { cleaned = (self == .format ? "f" : "_") + cleaned }
        return accepts(cleaned) && cleaned != name ? cleaned : nil
    }
}

extension Diagnostic {
    init(_ error: YAMLError) {
        self.init(.error, Code(rawValue: error.code.rawValue) ?? .yamlSyntax, error.message, at: error.mark, hint: error.hint)
    }
}

/// FNV-1a (64-bit) over file names and the FNV-1a of each file's contents: a cheap, stable
/// catalog revision, whose costly part (the contents) is hashed file by file on every core.
struct Revision {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A file's contents' hash, to `add` with its name.
    static func digest(_ bytes: [UInt8]) -> UInt64 {
        var revision = Revision()
        revision.add(bytes)
        return revision.hash
    }

    mutating func add(_ name: String, digest: UInt64) {
        add(name.utf8)
        add(CollectionOfOne(0))
        withUnsafeBytes(of: digest.littleEndian) { add($0) }
    }

    private mutating func add(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
    }

    var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
