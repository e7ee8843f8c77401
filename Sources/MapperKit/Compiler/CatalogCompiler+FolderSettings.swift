import MapperYAML

extension CatalogCompiler {
    /// A folder file (`_folder.yaml`): settings for every mapping file in its folder and the
    /// folders below, unless a nearer folder file or the file itself says otherwise.
    ///
    /// ```yaml
    /// mapper: 1
    /// defaults: { key_style: snake_case }         # as a file's defaults:
    /// routes: { prefix: api/v3, error_model: ApiError }
    /// ```
    struct FolderSettings {
        /// The folder, as the file names spell it (`Mappings/shop`); empty for bare file names.
        var directory: String
        var file: String
        var defaultsNode: Node?
        var routesNode: Node?
        var defaults: FileDefaults?
        /// The `prefix` and `error_model` every routes block below takes when it has none.
        var prefix: [String]?
        var errorModel: String?
    }

    /// The names a folder file has.
    static let folderFileNames: Set<String> = ["_folder.yaml", "_folder.yml"]
    static let folderFileFields = ["mapper", "defaults", "routes"]
    static let folderRoutesFields = ["prefix", "error_model", "doc"]

    static func isFolderFile(_ file: String) -> Bool {
        folderFileNames.contains(String(file.split(separator: "/", omittingEmptySubsequences: false).last ?? ""))
    }

    /// The folder part of a file name (`Mappings/shop` of `Mappings/shop/orders.yaml`).
    static func directory(of file: String) -> String {
        guard let slash = file.lastIndex(of: "/") else { return "" }
        return String(file[..<slash])
    }

    /// Reads a folder file's top level: settings only; models, enums and formats belong in the
    /// folder's other files.
    mutating func collectFolderSettings(_ root: Node, file: String) {
        let directory = Self.directory(of: file)
        if let other = folderSettings.first(where: { $0.directory == directory }) {
            error(
                .duplicateDefinition, "folder '\(directory.isEmpty ? "." : directory)' has two folder files: '\(other.file)' and this one",
                at: root.mark, hint: "keep one _folder.yaml a folder")
            return
        }
        let elsewhere = "declare it in another file of the folder"
        guard
            let fields = record(
                root, allowed: Self.folderFileFields, what: "folder file '\(file)'",
                misplaced: ["models": elsewhere, "enums": elsewhere, "formats": elsewhere])
        else { return }
        checkVersion(fields["mapper"], root: root, file: file)
        folderSettings.append(
            FolderSettings(directory: directory, file: file, defaultsNode: fields["defaults"], routesNode: fields["routes"]))
    }

    /// The folder files that apply to `file`, nearest first.
    func folders(of file: String) -> [FolderSettings] {
        folderSettings.filter { $0.directory.isEmpty || file.hasPrefix($0.directory + "/") }
            .sorted { $0.directory.count > $1.directory.count }
    }

    /// Each folder file's `defaults:`, then each mapping file's own defaults completed from the
    /// folder files above it, field by field (and format by format) from the nearest.
    mutating func compileFolderDefaults(own: [String: FileDefaults]) {
        for index in folderSettings.indices {
            guard let node = folderSettings[index].defaultsNode else { continue }
            let folder = folderSettings[index].directory
            folderSettings[index].defaults = readDefaults(node, what: "the defaults of folder '\(folder.isEmpty ? "." : folder)'")
        }
        for file in sourceNames where !Self.isFolderFile(file) {
            var merged = own[file]
            for folder in folders(of: file) {
                guard let defaults = folder.defaults else { continue }
                merged = (merged ?? FileDefaults()).completed(from: defaults)
            }
            fileDefaults[file] = merged
        }
    }

    /// Each folder file's `routes:` settings (`prefix`, `error_model`), checked once.
    mutating func compileFolderRoutes() {
        for index in folderSettings.indices {
            guard let node = folderSettings[index].routesNode else { continue }
            let folder = folderSettings[index].directory
            let what = "the routes settings of folder '\(folder.isEmpty ? "." : folder)'"
            let hint = "write the paths in the routes of another file of the folder; they take this prefix and error_model"
            guard let fields = record(node, allowed: Self.folderRoutesFields, what: what, misplaced: ["paths": hint]) else {
                continue
            }
            let settings = routeSettings(fields, what: what)
            folderSettings[index].prefix = settings.prefix
            folderSettings[index].errorModel = settings.errorModel
            if let doc = fields["doc"] { _ = string(doc, what: "the doc of \(what)") }
        }
    }

    /// The prefix and error model the nearest folder file gives the routes of `file`.
    func folderRouteSettings(of file: String) -> (prefix: [String]?, errorModel: String?) {
        let folders = folders(of: file)
        return (folders.lazy.compactMap(\.prefix).first, folders.lazy.compactMap(\.errorModel).first)
    }
}

extension CatalogCompiler.FileDefaults {
    /// These defaults, with what they leave unsaid taken from `outer`.
    func completed(from outer: Self) -> Self {
        var result = self
        result.keyStyle = keyStyle ?? outer.keyStyle
        result.unknownKeys = unknownKeys ?? outer.unknownKeys
        result.omit = omit ?? outer.omit
        result.formats.merge(outer.formats) { own, _ in own }
        return result
    }
}
