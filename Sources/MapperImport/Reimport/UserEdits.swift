import Foundation
public import MapperKit
import MapperYAML

/// The mapping files in an import's folder that the import did not write (their first line is not
/// its header): a person's edits, which a re-import never changes or deletes. A model, enum or
/// format such a file defines under a name the import generates, and a route it defines for a
/// pattern the import generates, take the generated one's place: the import leaves its own out,
/// and everything else keeps naming it.
///
/// ```swift
/// let edits = UserEdits.read(folder: "Mappings/api", generator: OpenAPIImport.generatedMarker)
/// let result = try OpenAPIImport.run(path: "openapi.yaml", options: .init(edits: edits))
/// ```
public struct UserEdits: Sendable {
    /// The hidden file (skipped by catalogs) where an import keeps its own version of what the
    /// person's files define, for the next import to tell what the description changed under them.
    public static let baseFileName = ".mapper-import.yaml"

    /// The folder the files are in, as given (it prefixes the places of the import's own files).
    public var folder: String?
    /// The files' texts, named by their path (`Mappings/api/edits.yaml`), in path order.
    public var sources: [Catalog.Source]
    /// What the previous import wrote: its files and its base file, or none for a first import.
    public var previous: [Catalog.Source]
    /// Model, enum and format names the files define → where.
    var names: [String: Mark] = [:]
    /// Route patterns the files define, as `METHOD /path` with the method upper-case (`GET` when
    /// none) → where.
    var routes: [String: Mark] = [:]
    /// Model → the model it extends, for the files' models that extend another.
    var extensions: [String: (base: String, mark: Mark, redefines: [String: Mark])] = [:]

    /// Whether there is nothing to keep: no file of the person's own.
    public var isEmpty: Bool { sources.isEmpty }

    /// Edits given as texts (`name` is the path diagnostics cite), and the previous import's files.
    public init(sources: [Catalog.Source], previous: [Catalog.Source] = []) {
        self.sources = sources
        self.previous = previous
        for source in sources {
            let document = YAML.parse(source.bytes, file: source.name)
            guard let root = document.root else { continue }
            for section in ["models", "enums", "formats"] {
                for pair in root[section]?.mapping ?? [] {
                    guard let name = pair.key.string else { continue }
                    names[name] = names[name] ?? pair.key.mark
                    if section == "models", let base = pair.value["extends"], let baseName = base.string {
                        var redefines: [String: Mark] = [:]
                        for property in pair.value["properties"]?.mapping ?? [] {
                            if let name = property.key.string { redefines[name] = property.key.mark }
                        }
                        extensions[name] = (baseName, base.mark, redefines)
                    }
                }
            }
            for pair in root["routes"]?["paths"]?.mapping ?? [] {
                guard let pattern = pair.key.string else { continue }
                routes[Self.routeKey(pattern)] = routes[Self.routeKey(pattern)] ?? pair.key.mark
            }
        }
    }

    /// The mapping files under `folder` (hidden ones and golden tests skipped, as a catalog skips
    /// them) whose text does not start with `generator`, and as `previous` those that do (with the
    /// base file); none when the folder does not exist.
    public static func read(folder: String, generator: String) -> UserEdits {
        var sources: [Catalog.Source] = []
        var previous: [Catalog.Source] = []
        let base = URL(fileURLWithPath: folder)
        let walker = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
        var paths: [String] = []
        while let url = walker?.nextObject() as? URL {
            let name = url.lastPathComponent
            guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"), !name.hasSuffix(".test.yaml") else { continue }
            paths.append(String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1)))
        }
        for relative in paths.sorted() + [baseFileName] {
            guard let data = FileManager.default.contents(atPath: base.appendingPathComponent(relative).path) else { continue }
            let source = Catalog.Source(name: (folder as NSString).appendingPathComponent(relative), bytes: [UInt8](data))
            if data.starts(with: Array(generator.utf8)) {
                previous.append(source)
            } else if relative != baseFileName {
                sources.append(source)
            }
        }
        var edits = UserEdits(sources: sources, previous: previous)
        edits.folder = folder
        return edits
    }

    /// `get /v2/x/` → `GET /v2/x`: the form two spellings of one route share.
    static func routeKey(_ pattern: String) -> String {
        let trimmed = pattern.trimmingCharacters(in: .whitespaces)
        var method = "GET"
        var path = Substring(trimmed)
        if let space = trimmed.firstIndex(of: " "), !trimmed.hasPrefix("/") {
            method = trimmed[..<space].uppercased()
            path = trimmed[space...].drop { $0 == " " }
        }
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        return method + " /" + segments.joined(separator: "/")
    }

    /// Leaves out of `draft` what the files define, and returns what was left out: the draft's
    /// own version of each, to compare the edits with.
    func takeOver(_ draft: inout CatalogDraft) -> CatalogDraft {
        var left = CatalogDraft()
        for name in names.keys {
            if let model = draft.models.removeValue(forKey: name) { left.models[name] = model }
            if let enumeration = draft.enums.removeValue(forKey: name) { left.enums[name] = enumeration }
            if let format = draft.formats.removeValue(forKey: name) { left.formats[name] = format }
        }
        for index in draft.routeBlocks.indices {
            let block = draft.routeBlocks[index]
            let taken = block.routes.filter { routes[Self.routeKey($0.key)] != nil }
            guard !taken.isEmpty else { continue }
            draft.routeBlocks[index].routes.removeAll { routes[Self.routeKey($0.key)] != nil }
            left.routeBlocks.append(RouteBlockDraft(group: block.group, prefix: block.prefix, errorModel: nil, routes: taken))
        }
        return left
    }
}
