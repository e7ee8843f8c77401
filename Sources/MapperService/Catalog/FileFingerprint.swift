#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// What `--watch` compares between polls: every mapping file under the served paths with its
/// size, modification time (nanoseconds) and inode, so edits, atomic renames, new files and
/// deleted files all show.
struct FileFingerprint: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var path: String
        var size: Int64
        var modified: Int64
        var inode: UInt64
    }

    var entries: [Entry]

    init(paths: [String]) {
        var entries: [Entry] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                continue
            }
            if isDirectory.boolValue {
                let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
                for relative in found.sorted() where Self.isMappingFile(relative) {
                    if let entry = Self.entry(for: (path as NSString).appendingPathComponent(relative)) { entries.append(entry) }
                }
            } else if let entry = Self.entry(for: path) {
                entries.append(entry)
            }
        }
        self.entries = entries
    }

    private static func isMappingFile(_ path: String) -> Bool {
        path.hasSuffix(".yaml") || path.hasSuffix(".yml")
    }

    private static func entry(for path: String) -> Entry? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        let modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        return Entry(path: path, size: Int64(info.st_size), modified: modified, inode: UInt64(info.st_ino))
    }
}
