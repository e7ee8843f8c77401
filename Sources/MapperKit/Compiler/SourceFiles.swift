import Foundation
import MapperYAML

/// Finds and reads mapping files: a path is a file, or a directory whose `*.yaml` and `*.yml` files
/// below it are taken in sorted path order. Hidden files and folders, and golden test files
/// (`*.test.yaml`), are skipped.
enum SourceFiles {
    static func read(_ paths: [String]) -> ([Catalog.Source], [Diagnostic]) {
        var sources: [Catalog.Source] = []
        var problems: [Diagnostic] = []
        var seen: Set<String> = []
        let manager = FileManager.default
        for path in paths {
            let start = Mark(file: path, line: 1, column: 1)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                problems.append(.error(.fileNotFound, "no such file or directory '\(path)'", at: start))
                continue
            }
            let files = isDirectory.boolValue ? mappingFiles(under: path) : [path]
            if isDirectory.boolValue && files.isEmpty {
                problems.append(.error(
                    .noMappingFiles, "directory '\(path)' holds no mapping files (*.yaml, *.yml)", at: start))
            }
            for file in files where seen.insert(URL(fileURLWithPath: file).standardizedFileURL.path).inserted {
                guard let data = manager.contents(atPath: file) else {
                    problems.append(.error(
                        .unreadableFile, "cannot read '\(file)'; check its permissions",
                        at: Mark(file: file, line: 1, column: 1)))
                    continue
                }
                sources.append(Catalog.Source(name: file, bytes: [UInt8](data)))
            }
        }
        return (sources, problems)
    }

    static func mappingFiles(under directory: String) -> [String] {
        // A symlinked directory is enumerated through its target.
        let base = URL(fileURLWithPath: directory).resolvingSymlinksInPath()
        guard let enumerator = FileManager.default.enumerator(
            at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles])
        else { return [] }
        var files: [String] = []
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        let basePath = base.standardizedFileURL.path
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            guard name.hasSuffix(".yaml") || name.hasSuffix(".yml"), !isGoldenTest(name),
                  (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true
            else { continue }
            // Show paths the way the user wrote the directory: `Mappings/github/users.yaml`.
            let full = url.standardizedFileURL.path
            let relative = full.hasPrefix(basePath + "/") ? String(full.dropFirst(basePath.count + 1)) : name
            files.append(prefix + relative)
        }
        return files.sorted()
    }

    static func isGoldenTest(_ name: String) -> Bool {
        name.hasSuffix(".test.yaml") || name.hasSuffix(".test.yml")
    }
}
