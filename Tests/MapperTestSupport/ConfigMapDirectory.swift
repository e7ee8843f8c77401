#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
package import Foundation

/// A directory laid out the way the kubelet mounts a ConfigMap volume, and updated the way it
/// updates one (its `AtomicWriter`):
///
/// ```
/// issues.yaml -> ..data/issues.yaml
/// ..data -> ..2026_11_23_21_57_51.000000001
/// ..2026_11_23_21_57_51.000000001/issues.yaml
/// ```
///
/// An update writes the files into a new timestamped directory, points a new `..data_tmp` link at
/// it, renames `..data_tmp` over `..data` (the atomic step), adds links for new files, removes the
/// links of files that are gone, and removes the old directory. The files never change in place.
package final class ConfigMapDirectory: @unchecked Sendable {
    package let url: URL
    package var path: String { url.path }
    private var current: String?
    private var generation = 0

    package init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("mapper-configmap-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try update(files)
    }

    /// Replaces the whole volume's content with `files` (names without folders, as ConfigMap keys).
    package func update(_ files: [String: String]) throws {
        let manager = FileManager.default
        generation += 1
        let stamp = String(format: "..2026_11_23_21_57_51.%09d", generation)
        let directory = url.appendingPathComponent(stamp)
        try manager.createDirectory(at: directory, withIntermediateDirectories: false)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        let temporary = url.appendingPathComponent("..data_tmp")
        try manager.createSymbolicLink(atPath: temporary.path, withDestinationPath: stamp)
        guard rename(temporary.path, url.appendingPathComponent("..data").path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: temporary.path])
        }
        let visible = try manager.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix("..") }
        for name in files.keys where !visible.contains(name) {
            try manager.createSymbolicLink(atPath: url.appendingPathComponent(name).path, withDestinationPath: "..data/" + name)
        }
        for name in visible where files[name] == nil {
            try manager.removeItem(at: url.appendingPathComponent(name))
        }
        if let current { try manager.removeItem(at: url.appendingPathComponent(current)) }
        current = stamp
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
