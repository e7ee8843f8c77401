import Foundation
import MapperKit

/// Mapping files as they were at a git revision (`mapper compat --git REV`): `git archive` of the
/// path into a temporary directory, read with the same rules as files on disk, each source named
/// `REV:path/from/the/top.yaml` (git's own spelling), so diagnostics and reports point at the
/// revision, not at the temporary copy.
enum GitRevision {
    struct Failure: Error {
        var message: String
    }

    static func sources(of path: String, at revision: String) throws(Failure) -> [Catalog.Source] {
        let manager = FileManager.default
        let here = manager.currentDirectoryPath
        guard let top = try? run(["rev-parse", "--show-toplevel"], in: here).trimmingCharacters(in: .whitespacesAndNewlines), !top.isEmpty
        else {
            throw Failure(message: "'\(here)' is not inside a git repository; --git needs one")
        }
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: here + "/")).standardizedFileURL
            .resolvingSymlinksInPath().path
        let root = URL(fileURLWithPath: top).standardizedFileURL.resolvingSymlinksInPath().path
        guard absolute == root || absolute.hasPrefix(root + "/") else {
            throw Failure(message: "'\(path)' is outside the git repository at '\(root)'")
        }
        let relative = absolute == root ? "." : String(absolute.dropFirst(root.count + 1))
        let temporary = manager.temporaryDirectory.appendingPathComponent("mapper-compat-\(UUID().uuidString)").path
        defer { try? manager.removeItem(atPath: temporary) }
        do {
            try manager.createDirectory(atPath: temporary + "/tree", withIntermediateDirectories: true)
        } catch {
            throw Failure(message: "cannot create a temporary directory: \(error)")
        }
        do throws(Failure) {
            _ = try run(["archive", "--format=tar", "-o", temporary + "/old.tar", revision, "--", relative], in: root)
            _ = try run(["-xf", temporary + "/old.tar", "-C", temporary + "/tree"], in: root, tool: "/usr/bin/env", prefix: ["tar"])
        } catch {
            throw Failure(message: "cannot read '\(relative)' at git revision '\(revision)': \(error.message)")
        }
        let base = temporary + "/tree/" + relative
        let (files, problems) = SourceFiles.list([base])
        if let problem = problems.first {
            throw Failure(
                message: "'\(relative)' at git revision '\(revision)': \(problem.message.replacingOccurrences(of: base, with: relative))")
        }
        var sources: [Catalog.Source] = []
        for file in files {
            guard let data = manager.contents(atPath: file) else { throw Failure(message: "cannot read '\(file)'") }
            let name = relative == "." ? String(file.dropFirst(base.count + 1)) : relative + String(file.dropFirst(base.count))
            sources.append(Catalog.Source(name: "\(revision):\(name)", bytes: [UInt8](data)))
        }
        return sources
    }

    /// Runs `git` (or `tool prefix…`) and returns its standard output; its standard error on failure.
    private static func run(
        _ arguments: [String], in directory: String, tool: String = "/usr/bin/env", prefix: [String] = ["git"]
    ) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = prefix + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { throw Failure(message: "cannot run \(prefix[0]): \(error)") }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: err, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(message: text.isEmpty ? "\(prefix[0]) exited with status \(process.terminationStatus)" : text)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
