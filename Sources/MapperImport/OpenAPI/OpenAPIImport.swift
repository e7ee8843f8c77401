import Foundation
public import MapperKit
import OpenAPIKit

/// `mapper import openapi`: a catalog from an OpenAPI 3.0, 3.1 or 3.2 description in YAML or
/// JSON, one file or many with relative `$ref`s.
///
/// ```swift
/// let result = try OpenAPIImport.run(path: "openapi.yaml")
/// for file in result.files { try file.text.write(toFile: "Mappings/" + file.name, …) }
/// ```
public enum OpenAPIImport {
    /// How every file the import writes begins.
    public static let generatedMarker = Catalog.importedFileHeader + " openapi`"

    /// Choices about the catalog the import writes.
    public struct Options: Sendable {
        /// Give every enum a `default` case (`unknown`) so that new upstream values decode.
        public var openEnums: Bool
        /// Keep the models and enums no route reaches (schemas only requests use) in
        /// `components.yaml`; by default they are left out.
        public var keepUnreached: Bool
        /// OpenAPI Overlay documents (paths) applied in order to the description's root file
        /// before it is read (see `Overlay`).
        public var overlays: [String]
        /// The person's files in the folder the import writes to: what they define takes the
        /// place of what the import generates (see ``UserEdits``).
        public var edits: UserEdits?

        /// Options; by default enums are closed, as the description lists their values, what
        /// no route reaches is left out, no overlay is applied and no person's files are read.
        public init(openEnums: Bool = false, keepUnreached: Bool = false, overlays: [String] = [], edits: UserEdits? = nil) {
            self.openEnums = openEnums
            self.keepUnreached = keepUnreached
            self.overlays = overlays
            self.edits = edits
        }
    }

    /// Counts of what the import produced, for the report `mapper import openapi` prints.
    public struct Summary: Sendable, Hashable {
        /// Models written.
        public var models = 0
        /// Enums written.
        public var enums = 0
        /// Routes written, over all `routes:` blocks.
        public var routes = 0
        /// Operations found in the description's paths.
        public var operations = 0
        /// Operations whose success response has no JSON body (nothing to map).
        public var operationsWithoutJSONBody = 0
        /// Warnings by kind.
        public var warningKinds: [String: Int] = [:]
        /// Models left out because no route reaches them (see `keepUnreached`); their enums go too.
        public var unreachedModels = 0
    }

    /// What an import produced: the mapping files to write and what they do not say exactly.
    public struct Result: Sendable {
        /// File name (`droplets.yaml`) → YAML text, in name order.
        public var files: [(name: String, text: String)]
        /// Every construct the catalog could not express exactly, in the order found.
        public var warnings: [ImportWarning]
        /// Counts of models, enums, routes and warnings, for a report.
        public var summary: Summary
        /// What MapperKit still refuses in the output: empty unless the import has a bug.
        public var diagnostics: [Diagnostic]
        /// The hidden base file to write next to the others (``UserEdits/baseFileName``), when the
        /// person's files take the place of something the import generates.
        public var baseFile: (name: String, text: String)? = nil
        /// The person's edits the description changed under since the previous import.
        public var conflicts: [EditConflict] = []
        /// What MapperKit refuses in the person's files, next to what the import wrote.
        public var editDiagnostics: [Diagnostic] = []
    }

    /// Reads the description at `path` (following relative `$ref`s to other files), translates its
    /// schemas into models and enums and its operations into routes, and checks the result loads
    /// with MapperKit. Writes nothing: the caller decides where the files go.
    ///
    /// Throws when the description cannot be read or is not OpenAPI 3.0–3.2; everything the
    /// mapping language cannot express exactly becomes a warning instead.
    public static func run(path: String, options: Options = Options()) throws(ImportError) -> Result {
        let rootURL = URL(fileURLWithPath: path).standardizedFileURL
        let files = DescriptionFiles(base: rootURL.deletingLastPathComponent())
        let rootName = files.display(rootURL.path)
        var rootValue: JSONValue
        switch files.value(at: rootURL.path) {
        case .success(let value): rootValue = value
        case .failure(let error): throw error
        }
        let (overlaid, overlayWarnings) = try files.overlaying(options.overlays, onto: rootURL.path, value: rootValue)
        rootValue = overlaid
        let version = try Self.version(of: rootValue, path: rootURL.path, display: rootName)
        guard case .object(let rootObject) = rootValue else {
            throw ImportError(code: .notOpenAPI, message: "", location: .source(rootName))
        }

        let bundler = Bundler(files: files, root: rootURL.path)
        let bundled = bundler.bundle(rootObject)
        var origins = ["$root": rootName]
        for (id, schema) in bundler.schemas.enumerated() { origins[Bundler.componentKey(id)] = bundler.display(schema.location) }
        var reader = OpenAPIReader(version: version, document: bundled, origins: origins)
        let document: OpenAPI.Document
        switch reader.read() {
        case .success(let decoded): document = decoded
        case .failure(let error): throw error
        }

        // Names are handed out to root components in their order, then files and responses by place.
        let ranked = bundler.schemas.enumerated().sorted { lhs, rhs in
            if lhs.element.rank != rhs.element.rank { return lhs.element.rank < rhs.element.rank }
            if lhs.element.rank == 0 { return lhs.offset < rhs.offset }
            return lhs.element.location < rhs.element.location
        }
        var components: [SchemaTranslator.Component] = []
        // Component schemas of the description (not responses' inline schemas) keep their models.
        var describedKeys: Set<String> = []
        var operationKeys: Set<String> = []
        for (id, schema) in ranked {
            let key = Bundler.componentKey(id)
            guard let componentKey = OpenAPI.ComponentKey(rawValue: key), let decoded = document.components.schemas[componentKey] else {
                continue
            }
            components.append(.init(key: key, schema: decoded, origin: origins[key] ?? key, names: schema.names))
            if schema.rank < 2 { describedKeys.insert(key) }
            if schema.namedByOperation { operationKeys.insert(key) }
        }
        let translator = SchemaTranslator(components: components, openEnums: options.openEnums)
        translator.recordPropertyOrders(in: reader.document)
        translator.translateAll()
        var routes = RouteBuilder(translator: translator)
        translator.draft.routeBlocks = routes.build(
            document, bundled: reader.document, examples: bundler.responseExamples,
            rootName: rootName, servers: rootObject["servers"])

        let merging = ModelMerging(
            fixed: Set(describedKeys.compactMap { translator.componentNames[$0] }),
            namedByOperation: Set(operationKeys.compactMap { translator.componentNames[$0] }))
        let merged = merging.merge(&translator.draft, names: &translator.names)
        for index in routes.examples.indices {
            routes.examples[index].model = merged[routes.examples[index].model] ?? routes.examples[index].model
        }
        let unreached = options.keepUnreached ? 0 : Reachability.prune(&translator.draft)
        var draft = translator.draft
        let title = document.info.title
        let header = [
            "\(generatedMarker.dropFirst(2)) from \(rootName) (\(title) \(document.info.version)).",
            "Do not edit: a new import writes this file again. Your edits go in files of your own in this folder",
            "(without this header): see \"Re-importing\" in docs/guides/from-openapi.md.",
        ]
        var check = SelfCheck(writer: CatalogWriter(header: header, groups: Grouping.assign(draft), defaultGroup: "components"))
        var evidence = ExampleEvidence(examples: routes.examples)
        var (output, catalog, remaining) = check.finish(&draft)
        // The description's examples may contradict its schemas: relax, check again, until they agree.
        for _ in 0..<8 {
            guard let loaded = catalog, evidence.apply(catalog: loaded, owners: output.owners, to: &draft) else { break }
            (output, catalog, remaining) = check.finish(&draft)
        }
        // Grouping again: the checks may have removed what tied a model to a file.
        check.writer.groups = Grouping.assign(draft)
        output = check.writer.write(draft)
        var edited: UserEdits.Outcome?
        if let edits = options.edits, !edits.isEmpty {
            let outcome = edits.apply(to: &draft, pristine: catalog, check: &check)
            output = outcome.output
            remaining = outcome.remaining
            edited = outcome
        }

        let warnings =
            overlayWarnings + bundler.warnings + reader.warnings + translator.warnings + routes.warnings + check.warnings
            + evidence.warnings
        var summary = Summary()
        summary.models = draft.models.count
        summary.enums = draft.enums.count
        summary.routes = draft.routeBlocks.reduce(0) { $0 + $1.routes.count }
        summary.operations = routes.coverage.operations
        summary.operationsWithoutJSONBody = routes.coverage.noJSONBody
        summary.unreachedModels = unreached
        for warning in warnings { summary.warningKinds[warning.kind, default: 0] += 1 }
        var result = Result(files: output.files, warnings: warnings, summary: summary, diagnostics: remaining)
        result.baseFile = edited?.baseFile
        result.conflicts = edited?.conflicts ?? []
        result.editDiagnostics = edited?.diagnostics ?? []
        return result
    }

    /// 3.0 or 3.1/3.2, from the root's `openapi` field; anything else is a clear error.
    static func version(of root: JSONValue, path: String, display: String) throws(ImportError) -> OpenAPIReader.Version {
        guard case .object(let object) = root else {
            throw ImportError(
                code: .notOpenAPI, message: "the description is \(root.kindName), not an object with 'openapi'",
                at: Mark(file: display, line: 1, column: 1))
        }
        if let swagger = object["swagger"] {
            throw ImportError(
                code: .unsupportedVersion,
                message:
                    "this is a Swagger \(swagger.quoted) description; mapper reads OpenAPI 3.0 and later: convert it first (for example with swagger2openapi)",
                at: position(ofKey: "swagger", path: path, display: display))
        }
        guard case .string(let version)? = object["openapi"] else {
            throw ImportError(
                code: .notOpenAPI,
                message: object["openapi"].map { "'openapi' must be a version string such as \"3.1.0\", found \($0.quoted)" }
                    ?? "no 'openapi' field: this is not an OpenAPI description",
                at: position(ofKey: "openapi", path: path, display: display))
        }
        if version.hasPrefix("3.0.") { return .v30 }
        if version.hasPrefix("3.1.") || version.hasPrefix("3.2.") { return .v31 }
        throw ImportError(
            code: .unsupportedVersion,
            message: "OpenAPI \(version) is not supported; mapper reads 3.0, 3.1 and 3.2",
            at: position(ofKey: "openapi", path: path, display: display))
    }

    /// The position of a top-level key's value in a YAML or JSON file (libyaml reads both); the
    /// file's start when it has no such key.
    private static func position(ofKey key: String, path: String, display: String) -> Mark {
        let start = Mark(file: display, line: 1, column: 1)
        guard let data = FileManager.default.contents(atPath: path) else { return start }
        return YAML.parse([UInt8](data), file: display).root?[key]?.mark ?? start
    }
}
