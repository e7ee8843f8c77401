public import MapperYAML

/// A checked, compiled set of mapping files (SPEC §2, §12.1): models, enums, formats and routes.
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
        public var bytes: [UInt8]

        public init(name: String, text: String) {
            self.name = name
            self.bytes = Array(text.utf8)
        }

        public init(name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    /// A catalog check's outcome: every diagnostic, and the catalog when there was no error.
    public struct Check: Sendable {
        public var catalog: Catalog?
        public var diagnostics: [Diagnostic]
    }

    public let models: [String: ModelSpec]
    /// Model names in declaration order (files in sorted path order).
    public let modelNames: [String]
    public let enums: [String: EnumSpec]
    public let enumNames: [String]
    public let formats: [String: FormatSpec]
    public let formatNames: [String]
    public let routes: RouteTable
    /// The texts the catalog was compiled from, in load order: what it serves, even when the files
    /// on disk have changed since.
    public let sources: [Source]
    /// The files the catalog was loaded from, in load order.
    public var files: [String] { sources.map(\.name) }
    /// A hash of the loaded files' names and contents: equal revisions, equal catalogs.
    public let revision: String
    /// The warnings found while loading (a catalog with errors does not load).
    public let warnings: [Diagnostic]
    public let transformers: [String: Transformer]
    /// The models compiled for decoding and encoding.
    let runtime: Runtime

    init(
        models: [String: ModelSpec], modelNames: [String], enums: [String: EnumSpec], enumNames: [String],
        formats: [String: FormatSpec], formatNames: [String], routes: RouteTable, sources: [Source],
        revision: String, warnings: [Diagnostic], transformers: [String: Transformer], runtime: Runtime? = nil
    ) {
        self.models = models
        self.modelNames = modelNames
        self.enums = enums
        self.enumNames = enumNames
        self.formats = formats
        self.formatNames = formatNames
        self.routes = routes
        self.sources = sources
        self.revision = revision
        self.warnings = warnings
        self.transformers = transformers
        self.runtime = runtime ?? PlanBuilder(
            models: models, order: modelNames, enums: enums, formats: formats, transformers: transformers
        ).build()
    }

    /// Loads every `*.yaml`/`*.yml` file under the given files and directories (sorted path order).
    /// Throws every diagnostic of every file when any of them is an error.
    public convenience init(paths: [String], options: LoadOptions = LoadOptions()) throws(CatalogError) {
        try self.init(checked: Catalog.check(paths: paths, options: options))
    }

    /// Loads a catalog from mapping texts held in memory.
    public convenience init(sources: [Source], options: LoadOptions = LoadOptions()) throws(CatalogError) {
        try self.init(checked: Catalog.check(sources: sources, options: options))
    }

    /// Loads a catalog from one mapping text held in memory.
    public convenience init(yaml: String, name: String = "inline.yaml", options: LoadOptions = LoadOptions()) throws(CatalogError) {
        try self.init(sources: [Source(name: name, text: yaml)], options: options)
    }

    private convenience init(checked: Check) throws(CatalogError) {
        guard let catalog = checked.catalog else { throw CatalogError(diagnostics: checked.diagnostics) }
        self.init(
            models: catalog.models, modelNames: catalog.modelNames, enums: catalog.enums,
            enumNames: catalog.enumNames, formats: catalog.formats, formatNames: catalog.formatNames,
            routes: catalog.routes, sources: catalog.sources, revision: catalog.revision,
            warnings: catalog.warnings, transformers: catalog.transformers, runtime: catalog.runtime)
    }

    /// Checks mapping files without throwing: what `mapper validate` prints.
    public static func check(paths: [String], options: LoadOptions = LoadOptions()) -> Check {
        let (sources, problems) = SourceFiles.read(paths)
        guard problems.errorCount == 0 else { return Check(catalog: nil, diagnostics: problems) }
        return check(sources: sources, options: options)
    }

    public static func check(sources: [Source], options: LoadOptions = LoadOptions()) -> Check {
        var compiler = CatalogCompiler(options: options)
        let catalog = compiler.compile(sources)
        return Check(catalog: catalog, diagnostics: compiler.sortedDiagnostics)
    }
}

/// What an embedding program passes when it loads a catalog.
public struct LoadOptions: Sendable {
    /// Transformers properties may name with `transform:` (§12.3).
    public var transformers: [String: Transformer]
    /// Transformer names to accept without an implementation (`mapper validate --assume-transformer`).
    public var assumedTransformers: Set<String>
    public var yamlLimits: YAMLLimits

    public init(
        transformers: [String: Transformer] = [:], assumedTransformers: Set<String> = [],
        yamlLimits: YAMLLimits = YAMLLimits()
    ) {
        self.transformers = transformers
        self.assumedTransformers = assumedTransformers
        self.yamlLimits = yamlLimits
    }
}

/// A named value transformer registered by the embedding program (§12.3): `forward` turns the
/// external JSON value into the canonical JSON of the property's type, `reverse` does the opposite
/// for encoding (without it, the property cannot be encoded).
public struct Transformer: Sendable {
    public var forward: @Sendable (JSONValue) throws -> JSONValue
    public var reverse: (@Sendable (JSONValue) throws -> JSONValue)?

    public init(
        forward: @escaping @Sendable (JSONValue) throws -> JSONValue,
        reverse: (@Sendable (JSONValue) throws -> JSONValue)? = nil
    ) {
        self.forward = forward
        self.reverse = reverse
    }
}
