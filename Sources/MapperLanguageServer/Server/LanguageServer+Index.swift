import MapperKit

extension LanguageServer {
    /// The index of the catalog's files as they are now (open buffers included), each file read
    /// again only when it changed.
    func currentIndex() -> CatalogIndex {
        if let index { return index }
        let files = workspace.latest?.files ?? workspace.check().files
        var open = Set(workspace.documents.keys)
        var readers: [FileReader] = []
        for name in files {
            let path = workspace.path(of: name)
            open.remove(path)
            readers.append(reader(name: name, path: path))
        }
        // Open mapping files outside the catalog still get their own names.
        for path in open.sorted() where Workspace.isMappingFile(path) { readers.append(reader(name: Workspace.name(of: path), path: path)) }
        let built = CatalogIndex(files: readers)
        index = built
        return built
    }

    private func reader(name: String, path: String) -> FileReader {
        let version = workspace.documents[path]?.version
        if let cached = fileReaders[path], cached.version == version { return cached.reader }
        let bytes = workspace.document(named: name)?.bytes ?? []
        // The check takes the same tree from the cache (and this one the check's, when it came first).
        let reader = FileReader(
            file: name, document: workspace.parseCache.document(named: name, bytes: bytes, limits: workspace.options.yamlLimits))
        fileReaders[path] = (version, reader)
        return reader
    }

    /// Forgets the index after an edit; `disk` also forgets what was read from files on disk.
    func invalidateIndex(disk: Bool = false) {
        index = nil
        if disk { fileReaders = fileReaders.filter { $0.value.version != nil } }
    }
}
