import MapperKit
import MapperYAML

/// Where `POST /v1/validate` puts the posted mapping file before checking: it is checked as the
/// live catalog would be after deploying it, so names defined in the other files resolve.
///
/// - `?standalone=true`: the file alone.
/// - `?name=FILE`: it replaces the loaded file of that path (or path suffix), else joins the catalog
///   under that name.
/// - neither: it replaces the loaded file that defines most of the models, enums, formats and route
///   patterns it defines (an edited copy of that file), else joins the catalog as `request.yaml`.
struct ValidationPlan {
    enum Placement: String {
        case replace, join, standalone
    }

    var sources: [Catalog.Source]
    var placement: Placement
    var file: String

    /// `replace Mappings/github/issues.yaml`: the `Mapper-Validated-As` header.
    var description: String { "\(placement.rawValue) \(file)" }

    static let defaultName = "request.yaml"

    init(text: [UInt8], name: String?, standalone: Bool, snapshot: CatalogSnapshot) {
        // The texts the live catalog was compiled from, which the files on disk may no longer be.
        let live = snapshot.catalog.sources
        if standalone {
            self.init(
                sources: [Catalog.Source(name: name ?? Self.defaultName, bytes: text)], placement: .standalone,
                file: name ?? Self.defaultName)
            return
        }
        let replaced = if let name { live.loadedFile(named: name) } else { Self.fileDefiningTheSameNames(as: text, in: snapshot.catalog) }
        let file = replaced ?? name ?? Self.defaultName
        self.init(sources: live.placing(Catalog.Source(name: file, bytes: text)), placement: replaced == nil ? .join : .replace, file: file)
    }

    private init(sources: [Catalog.Source], placement: Placement, file: String) {
        self.sources = sources
        self.placement = placement
        self.file = file
    }

    /// The loaded file that defines most of what the posted text defines, if any.
    private static func fileDefiningTheSameNames(as text: [UInt8], in catalog: Catalog) -> String? {
        let document = YAML.parse(text, file: defaultName)
        guard let root = document.root else { return nil }
        var votes: [String: Int] = [:]
        func keys(_ node: Node?) -> [String] { node?.mapping?.compactMap(\.key.string) ?? [] }
        for name in keys(root["models"]) { if let file = catalog.models[name]?.mark.file { votes[file, default: 0] += 1 } }
        for name in keys(root["enums"]) { if let file = catalog.enums[name]?.mark.file { votes[file, default: 0] += 1 } }
        for name in keys(root["formats"]) { if let file = catalog.formats[name]?.mark.file { votes[file, default: 0] += 1 } }
        let patterns = Set(keys(root["routes"]?["paths"]).map(normalized))
        for route in catalog.routes.routes where patterns.contains(normalized(route.description)) {
            votes[route.mark.file, default: 0] += 1
        }
        return votes.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key
    }

    /// `GET /users/*/` and `get users/*` compare equal.
    private static func normalized(_ pattern: String) -> String {
        let parts = pattern.split(separator: " ", omittingEmptySubsequences: true)
        let path = (parts.last ?? "").split(separator: "/").joined(separator: "/")
        return parts.count > 1 ? "\(parts[0].uppercased()) \(path)" : path
    }
}
