#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import MapperSupport
import MapperYAML

/// Finds and reads mapping files: a path is a file, or a directory whose `*.yaml` and `*.yml` files
/// below it are taken in sorted path order. Golden test files (`*.test.yaml`) are skipped, and so
/// are hidden files and folders, except as the targets of symbolic links.
///
/// Symbolic links are followed, to files and to directories, so that a catalog mounted the way
/// Kubernetes mounts a ConfigMap (`issues.yaml -> ..data/issues.yaml`, `..data -> ..2026_11_23_…`)
/// loads; files keep the names of the links (`Mappings/issues.yaml`), so the revision changes only
/// when a text does. A link that leads back to a directory containing it is a `symlink-cycle`
/// error, and a link to nothing is an `unreadable-file` error.
package enum SourceFiles {
    /// The mapping files under `paths` and the problems met finding and reading them; `overlay` gives
    /// a file's text held elsewhere (an editor's unsaved buffer), by the file's name in the listing.
    static func read(_ paths: [String], overlay: @Sendable (String) -> [UInt8]? = { _ in nil }) -> ([Catalog.Source], [Diagnostic]) {
        let (files, problems) = list(paths)
        var sources: [Catalog.Source] = []
        var unreadable: [Diagnostic] = []
        // Read on every core: a catalog of hundreds of files waits on as many system calls.
        let contents = files.concurrentMap { path in
            if let bytes = overlay(path) { return Result<[UInt8], InputDescriptor.Failure>.success(bytes) }
            return Result { () throws(InputDescriptor.Failure) in try InputDescriptor.readFile(path) }
        }
        for (file, read) in zip(files, contents) {
            switch read {
            case .success(let bytes):
                sources.append(Catalog.Source(name: file, bytes: bytes))
            case .failure(let failure):
                unreadable.append(
                    .error(
                        .unreadableFile, "cannot read '\(file)': \(failure.reason)", at: Mark(file: file, line: 1, column: 1),
                        hint: failure.code == EACCES ? "check its permissions" : nil))
            }
        }
        return (sources, problems + unreadable)
    }

    /// The mapping files under `paths`, in load order, each once (a file reached by two names is
    /// taken under the first), and the problems met on the way.
    package static func list(_ paths: [String]) -> (files: [String], problems: [Diagnostic]) {
        var walk = Walk()
        for path in paths {
            let start = Mark(file: path, line: 1, column: 1)
            guard let info = FileInfo(path) else {
                walk.problems.append(.error(.fileNotFound, "no such file or directory '\(path)'", at: start))
                continue
            }
            guard info.isDirectory else {
                walk.add(path, info)
                continue
            }
            var found: [(String, FileInfo)] = []
            walk.collect(path, info, ancestors: [], into: &found)
            for (file, fileInfo) in found.sorted(by: { $0.0 < $1.0 }) { walk.add(file, fileInfo) }
            if found.isEmpty {
                walk.problems.append(.error(.noMappingFiles, "directory '\(path)' holds no mapping files (*.yaml, *.yml)", at: start))
            }
        }
        return (walk.files, walk.problems)
    }

    package static func isGoldenTest(_ name: String) -> Bool {
        name.hasSuffix(".test.yaml") || name.hasSuffix(".test.yml")
    }

    static func isMappingFile(_ name: String) -> Bool {
        (name.hasSuffix(".yaml") || name.hasSuffix(".yml")) && !isGoldenTest(name)
    }

    private struct Walk {
        var files: [String] = []
        var problems: [Diagnostic] = []
        /// Files already taken, by device and inode.
        var seen: Set<FileInfo.Identity> = []

        mutating func add(_ file: String, _ info: FileInfo) {
            if seen.insert(info.identity).inserted { files.append(file) }
        }

        /// The mapping files below `directory` (shown under the name the user gave it), following
        /// links. `ancestors` are the directories above, by identity, to detect cycles.
        mutating func collect(
            _ directory: String, _ info: FileInfo, ancestors: Set<FileInfo.Identity>, into found: inout [(String, FileInfo)]
        ) {
            let ancestors = ancestors.union([info.identity])
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            let prefix = directory.hasSuffix("/") ? directory : directory + "/"
            for name in names where !name.hasPrefix(".") {
                let path = prefix + name
                guard let entry = FileInfo(path) else {
                    if FileInfo.isLink(path) {
                        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                        problems.append(
                            .error(
                                .unreadableFile,
                                "cannot read '\(path)': it is a symbolic link to '\(target)', which does not exist (or is a loop of links)",
                                at: Mark(file: path, line: 1, column: 1)))
                    }
                    continue
                }
                if entry.isDirectory {
                    if ancestors.contains(entry.identity) {
                        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? path
                        problems.append(
                            .error(
                                .symlinkCycle,
                                "'\(path)' links to '\(target)', a directory that contains it; remove the link or point it elsewhere",
                                at: Mark(file: path, line: 1, column: 1)))
                        continue
                    }
                    collect(path, entry, ancestors: ancestors, into: &found)
                } else if entry.isRegularFile && SourceFiles.isMappingFile(name) {
                    found.append((path, entry))
                }
            }
        }
    }
}

/// What `stat` says of a path, following symbolic links.
package struct FileInfo: Sendable, Equatable {
    package struct Identity: Hashable, Sendable {
        var device: UInt64
        var inode: UInt64
    }

    package var identity: Identity
    package var size: Int64
    /// Modification time in nanoseconds since 1970.
    package var modified: Int64
    var mode: UInt32

    var isDirectory: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFDIR) }
    var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

    /// Nil when nothing is there (or a link leads to nothing).
    package init?(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            modified = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
        #else
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        #endif
        identity = Identity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        size = Int64(info.st_size)
        mode = UInt32(info.st_mode)
    }

    static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && UInt32(info.st_mode) & UInt32(S_IFMT) == UInt32(S_IFLNK)
    }
}
