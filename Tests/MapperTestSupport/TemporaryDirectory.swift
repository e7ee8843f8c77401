package import Foundation

/// A fresh directory under the system's temporary directory, holding inline files (a catalog, a
/// token, golden tests), removed when the last reference goes.
package final class TemporaryDirectory: @unchecked Sendable {
    package let url: URL
    package var path: String { url.path }

    /// A new directory with `files` (relative path → text), or a copy of `source` when given.
    package init(_ files: [String: String] = [:], copying source: String? = nil, prefix: String = "mapper-test") throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        if let source {
            try FileManager.default.copyItem(at: URL(fileURLWithPath: source), to: url)
        } else {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        for (name, text) in files { try write(name, text) }
    }

    /// Writes a file whole: a new file renamed over the old one, as most tools save.
    package func write(_ file: String, _ text: String) throws {
        let target = url.appendingPathComponent(file)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: target, options: .atomic)
    }

    /// Writes without the atomic rename, as an editor that saves in place does.
    package func writeInPlace(_ file: String, _ text: String) throws {
        let handle = try FileHandle(forWritingTo: url.appendingPathComponent(file))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    package func read(_ file: String) throws -> String {
        try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

extension TemporaryDirectory {
    /// A new directory with `files`, left in place (for tests that hold only its URL).
    package static func files(_ files: [String: String], prefix: String = "mapper-test") throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        for (name, text) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return url
    }
}
