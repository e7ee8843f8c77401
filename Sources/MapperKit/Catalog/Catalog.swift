public import MapperYAML

/// A checked, compiled set of mapping files: models, enums, formats and routes.
///
/// Immutable and `Sendable`: load it once and use it from any number of threads. Reloading means
/// loading a new catalog and swapping the reference.
///
/// ```swift
/// let catalog = try Catalog(paths: ["Mappings"])
/// catalog.models["Issue"]?.properties.map(\.name)
/// catalog.routes.match("/repos/octokit/rest.js/issues/1")?.model   // "Issue"
/// ```
public final class Catalog: Sendable {
    /// One mapping file's text, for catalogs that do not come from disk.
    public struct Source: Sendable {
        /// Shown in diagnostics and runtime errors (`inline.yaml:3:5`).
        public var name: String
        /// The mapping file's contents: UTF-8 YAML, parsed as it is when the catalog is compiled.
        public var bytes: [UInt8]

        /// A mapping file given as text.
        ///
        /// ```swift
        /// let source = Catalog.Source(name: "issue.yaml", text: yamlText)
        /// let catalog = try Catalog(sources: [source])
        /// ```
        public init(name: String, text: String) {
            self.name = name
            self.bytes = Array(text.utf8)
        }

        /// A mapping file given as bytes read elsewhere (an archive, a ConfigMap, a request body).
        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// A catalog check's outcome: every diagnostic, and the catalog when there was no error.
    public struct Check: Sendable {
        /// The loaded catalog, or `nil` when any diagnostic is an error.
        public var catalog: Catalog?
        /// Every error and warning found, in file (load order), line and column order.
        public var diagnostics: [Diagnostic]
    }

    /// The models as written in the mapping files, with inherited properties resolved, by name.
    ///
    /// What to read when you need to know a model's shape (its properties, keys and types); decoding
    /// and encoding go through the catalog's methods, not these specs.
    public let models: [String: ModelSpec]
    /// Model names in declaration order (files in sorted path order).
    public let modelNames: [String]
    /// The enums declared in the mapping files, by name.
    public let enums: [String: EnumSpec]
    /// Enum names in declaration order (files in sorted path order).
    public let enumNames: [String]
    /// The named date and number formats declared in the mapping files, by name.
    public let formats: [String: FormatSpec]
    /// Format names in declaration order (files in sorted path order).
    public let formatNames: [String]
    /// The URL patterns of every `routes:` block: which model decodes the response of a request.
    public let routes: RouteTable
    /// The texts the catalog was compiled from, in load order: what it serves, even when the files
    /// on disk have changed since.
    public let sources: [Source]
    /// A hash of the loaded files' names and contents: equal revisions, equal catalogs.
    public let revision: String
    /// The warnings found while loading (a catalog with errors does not load).
    public let warnings: [Diagnostic]
    /// The transformers the catalog was loaded with (`LoadOptions.transformers`), by the name
    /// properties give in `transform:`.
    public let transformers: [String: Transformer]
    /// The models compiled for decoding and encoding.
    let table: ModelTable
    /// The files of the catalog's lookup tables (`tables: {name: {file: …}}`), as read: what
    /// `serve --watch` watches beside the mapping files.
    public let tableFiles: [String]

    /// The files the catalog was loaded from, in load order.
    public var files: [String] { sources.map(\.name) }

    init(_ compiled: CatalogCompiler.Output) {
        models = compiled.models
        modelNames = compiled.modelNames
        enums = compiled.enums
        enumNames = compiled.enumNames
        formats = compiled.formats
        formatNames = compiled.formatNames
        routes = compiled.routes
        sources = compiled.sources
        revision = compiled.revision
        warnings = compiled.warnings
        transformers = compiled.transformers
        table = compiled.table
        tableFiles = compiled.tableFiles
    }

    /// Loads every `*.yaml`/`*.yml` file under the given files and directories (sorted path order).
    /// Throws every diagnostic of every file when any of them is an error.
    public convenience init(paths: [String], options: LoadOptions = LoadOptions()) throws(CatalogError) {
        try self.init(Catalog.compile(paths: paths, options: options).get())
    }

    /// Loads a catalog from mapping texts held in memory.
    public convenience init(sources: [Source], options: LoadOptions = LoadOptions()) throws(CatalogError) {
        try self.init(Catalog.compile(sources: sources, options: options).get())
    }

    /// Loads a catalog from one mapping text held in memory.
    public convenience init(yaml: String, name: String = "inline.yaml", options: LoadOptions = LoadOptions()) throws(CatalogError) {
        try self.init(sources: [Source(name: name, text: yaml)], options: options)
    }

    /// Checks mapping files without throwing: what `mapper validate` prints.
    public static func check(paths: [String], options: LoadOptions = LoadOptions()) -> Check {
        Check(compile(paths: paths, options: options))
    }

    /// Checks mapping texts held in memory without throwing.
    public static func check(sources: [Source], options: LoadOptions = LoadOptions()) -> Check {
        Check(compile(sources: sources, options: options))
    }

    private static func compile(paths: [String], options: LoadOptions) -> Result<CatalogCompiler.Output, CatalogError> {
        let (sources, problems) = SourceFiles.read(paths)
        guard problems.errorCount == 0 else { return .failure(CatalogError(diagnostics: problems)) }
        return compile(sources: sources, options: options)
    }

    private static func compile(sources: [Source], options: LoadOptions) -> Result<CatalogCompiler.Output, CatalogError> {
        var compiler = CatalogCompiler(options: options)
        guard let output = compiler.compile(sources) else { return .failure(CatalogError(diagnostics: compiler.sortedDiagnostics)) }
        return .success(output)
    }
}

extension Catalog.Check {
    init(_ compiled: Result<CatalogCompiler.Output, CatalogError>) {
        switch compiled {
        case .success(let output): self.init(catalog: Catalog(output), diagnostics: output.warnings)
        case .failure(let error): self.init(catalog: nil, diagnostics: error.diagnostics)
        }
    }
}

/// What an embedding program passes when it loads a catalog.
public struct LoadOptions: Sendable {
    /// Transformers properties may name with `transform:`.
    public var transformers: [String: Transformer]
    /// Transformer names to accept without an implementation (`mapper validate --assume-transformer`).
    public var assumedTransformers: Set<String>
    /// How deep and how large each mapping file may be before the YAML reader refuses it.
    public var yamlLimits: YAMLLimits
    /// The folder the names of in-memory sources are relative to, where their tables' files are
    /// read from (nil: the current directory).
    public var baseDirectory: String? = nil

    /// Options for loading a catalog; the defaults suit a catalog that uses no custom transformers.
    ///
    /// ```swift
    /// let options = LoadOptions(transformers: ["upper": Transformer(forward: { json in
    ///     guard case .string(let text) = json else { return json }
    ///     return .string(text.uppercased())
    /// })])
    /// let catalog = try Catalog(paths: ["Mappings"], options: options)
    /// ```
    public init(
        transformers: [String: Transformer] = [:], assumedTransformers: Set<String> = [],
        yamlLimits: YAMLLimits = YAMLLimits()
    ) {
        self.transformers = transformers
        self.assumedTransformers = assumedTransformers
        self.yamlLimits = yamlLimits
    }
}

/// A named value transformer registered by the embedding program: `forward` turns the
/// external JSON value into the canonical JSON of the property's type, `reverse` does the opposite
/// for encoding (without it, the property cannot be encoded).
public struct Transformer: Sendable {
    /// Turns the value found in the external JSON into canonical JSON of the property's type; a
    /// thrown error becomes a `transform-failed` mapping error at the property.
    public var forward: @Sendable (JSONValue) throws -> JSONValue
    /// Turns the property's canonical JSON back into the external form when encoding; `nil` makes
    /// encoding the property fail with `transform-failed`.
    public var reverse: (@Sendable (JSONValue) throws -> JSONValue)?

    /// A transformer; give `reverse` when models using it must also be encoded.
    public init(
        forward: @escaping @Sendable (JSONValue) throws -> JSONValue,
        reverse: (@Sendable (JSONValue) throws -> JSONValue)? = nil
    ) {
        self.forward = forward
        self.reverse = reverse
    }
}
