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
    /// What the last catalog that loaded declares, for completion and hover while the text has errors.
    private(set) var lastLoaded: Catalog.Specs?
    /// The catalog's files on disk as last read, by name, until `forgetDisk` (a save, a change the
    /// client watched): a check after an edit reads no file again.
    private var disk: [String: [UInt8]] = [:]
    /// How many times `forgetDisk` was called: a check that began before keeps none of its texts.
    private var diskGeneration = 0
    /// Each file's absolute path, by the name the compiler gives it.
    private var absolutePaths: [String: String] = [:]
    /// The files' parse trees, so that a check parses only the files that changed.
    let parseCache = ParseCache()

    init(paths: [String], options: LoadOptions) {
        self.paths = paths
        self.options = options
    }

    /// What a check reads, taken on the server's thread so that the check can run on another.
    struct CheckInput: Sendable {
        var paths: [String]
        var options: LoadOptions
        /// Texts by file name: open buffers, and the files read from disk before.
        var known: [String: [UInt8]]
        /// Open buffers of files not checked before, by absolute path.
        var buffers: [String: [UInt8]]
        /// Open mapping files inside the catalog's folders that are not on disk yet.
        var extra: [Catalog.Source]
        var cache: ParseCache
        /// The open buffers' paths, whose texts are not the disk's.
        var open: Set<String>
        /// `diskGeneration` when the input was taken.
        var generation: Int
        /// Whether the check builds the runtime plans and the catalog (to run golden tests), or
        /// only finds the diagnostics (after an edit).
        var plans = false
    }

    /// What to check now: the current buffers and the files read from disk.
    func checkInput() -> CheckInput {
        var known: [String: [UInt8]] = disk
        for (name, path) in absolutePaths { if let open = documents[path] { known[name] = open.bytes } }
        let openPaths = Set(documents.keys).subtracting(absolutePaths.values)
        let roots = paths.map(Self.absolute).filter { FileManager.default.isDirectory($0) }
        var extra: [Catalog.Source] = []
        for (path, document) in documents.sorted(by: { $0.key < $1.key })
        where Self.isMappingFile(path) && roots.contains(where: { path.hasPrefix($0 + "/") })
            && !FileManager.default.fileExists(atPath: path)
        {
            extra.append(Catalog.Source(name: Self.name(of: path), bytes: document.bytes))
        }
        return CheckInput(
            paths: paths, options: options, known: known, buffers: documents.filter { openPaths.contains($0.key) }.mapValues(\.bytes),
            extra: extra, cache: parseCache, open: Set(documents.keys), generation: diskGeneration)
    }

    /// Checks what `input` holds (on any thread): what `mapper validate` says of those texts.
    static func check(_ input: CheckInput) -> Catalog.OverlayCheck {
        let (known, buffers) = (input.known, input.buffers)
        return Catalog.check(
            paths: input.paths, overlay: { known[$0] ?? (buffers.isEmpty ? nil : buffers[Self.absolute($0)]) }, extra: input.extra,
            options: input.options, cache: input.cache, plans: input.plans)
    }

    /// Keeps a check's outcome (the files, the catalog when it loaded) and the texts it read from disk.
    mutating func accept(_ result: Catalog.OverlayCheck, of input: CheckInput) {
        for source in result.sources {
            let path = absolutePaths[source.name] ?? Self.absolute(source.name)
            absolutePaths[source.name] = path
            if input.generation == diskGeneration, !input.open.contains(path), documents[path] == nil { disk[source.name] = source.bytes }
        }
        // The last check and catalog are freed off this thread (a large catalog takes a while).
        if let previous = latest { releaseInBackground(previous) }
        latest = result
        if let specs = result.specs {
            if let previous = lastLoaded { releaseInBackground(previous) }
            lastLoaded = specs
        }
    }

    /// Checks the catalog again with the current buffers, on this thread; with `plans`, builds the
    /// catalog too (`check.catalog`, when it loads).
    mutating func check(plans: Bool = false) -> Catalog.OverlayCheck {
        var input = checkInput()
        input.plans = plans
        let result = Self.check(input)
        accept(result, of: input)
        return result
    }

    /// The absolute path of a catalog file, by its name in diagnostics (remembered from the checks).
    func path(of name: String) -> String {
        absolutePaths[name] ?? Self.absolute(name)
    }

    /// Forgets the texts read from disk: files changed there.
    mutating func forgetDisk() {
        disk = [:]
        diskGeneration += 1
    }

    /// The text of a catalog file: the open buffer, else the file on disk.
    func document(named name: String) -> TextDocument? {
        let path = Self.absolute(name)
        if let open = documents[path] { return open }
        if let read = disk[name] { return TextDocument(bytes: read) }
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
