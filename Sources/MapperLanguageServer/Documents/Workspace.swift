import Foundation
import MapperKit

/// The catalog the server checks: the paths `mapper validate` would load, with the editor's open
/// buffers in place of the files on disk.
struct Workspace {
    /// The catalog's paths as given (`--mappings`, `MAPPER_MAPPINGS`, `Mappings`).
    var paths: [String]
    var options: LoadOptions
    /// Open documents by absolute path.
    var documents: [String: TextDocument] = [:]

    /// The last check: the catalog's files and every diagnostic.
    private(set) var latest: Catalog.OverlayCheck?
    /// The last catalog that loaded, for completion and hover while the text has errors.
    private(set) var lastLoaded: Catalog?

    init(paths: [String], options: LoadOptions) {
        self.paths = paths
        self.options = options
    }

    /// Checks the catalog again with the current buffers.
    mutating func check() -> Catalog.OverlayCheck {
        var overlay: [String: [UInt8]] = [:]
        for (path, document) in documents { overlay[path] = document.bytes }
        let roots = paths.map(Self.absolute).filter { FileManager.default.isDirectory($0) }
        var extra: [Catalog.Source] = []
        for (path, document) in documents.sorted(by: { $0.key < $1.key })
        where Self.isMappingFile(path) && roots.contains(where: { path.hasPrefix($0 + "/") })
            && !FileManager.default.fileExists(atPath: path)
        {
            extra.append(Catalog.Source(name: Self.name(of: path), bytes: document.bytes))
        }
        let buffers = overlay
        let result = Catalog.check(paths: paths, overlay: { buffers[Self.absolute($0)] }, extra: extra, options: options)
        latest = result
        if let catalog = result.check.catalog { lastLoaded = catalog }
        return result
    }

    /// The text of a catalog file: the open buffer, else the file on disk.
    func document(named name: String) -> TextDocument? {
        let path = Self.absolute(name)
        if let open = documents[path] { return open }
        guard let bytes = try? Data(contentsOf: URL(fileURLWithPath: path)) else { return nil }
        return TextDocument(bytes: Array(bytes))
    }

    // MARK: - Names, paths and URIs

    /// A file name as the compiler shows it (relative to the working directory) made absolute.
    static func absolute(_ name: String) -> String {
        URL(fileURLWithPath: name).standardizedFileURL.path
    }

    /// The name a file goes by in diagnostics: relative to the working directory when it is below it.
    static func name(of path: String) -> String {
        let directory = absolute(FileManager.default.currentDirectoryPath)
        return path.hasPrefix(directory + "/") ? String(path.dropFirst(directory.count + 1)) : path
    }

    /// The absolute path of a `file:` URI; nil for other schemes.
    static func path(ofURI uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return url.standardizedFileURL.path
    }

    /// The `file:` URI of a compiler file name.
    static func uri(of name: String) -> String {
        URL(fileURLWithPath: absolute(name)).absoluteString
    }

    static func isMappingFile(_ path: String) -> Bool {
        (path.hasSuffix(".yaml") || path.hasSuffix(".yml")) && !path.hasSuffix(".test.yaml") && !path.hasSuffix(".test.yml")
    }
}

extension FileManager {
    fileprivate func isDirectory(_ path: String) -> Bool {
        var directory: ObjCBool = false
        return fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
    }
}
