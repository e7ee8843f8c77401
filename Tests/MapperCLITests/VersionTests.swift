import Foundation
import MapperTestSupport
import Testing

/// `mapper --version`: the release version, and the git commit of the checkout it was built from.
struct VersionTests {
    /// What git says of the package's checkout: `3f2a1c9d8e7b`, `-dirty` with uncommitted changes
    /// to tracked files; nil outside a checkout.
    static func gitRevision() throws -> String? {
        func git(_ arguments: [String]) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-C", MapperBinary.packageRoot.path] + arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
        }
        let head = try git(["rev-parse", "--short=12", "HEAD"])
        guard head.status == 0 else { return nil }
        let dirty = try git(["status", "--porcelain", "--untracked-files=no"]).output.isEmpty ? "" : "-dirty"
        return head.output + dirty
    }

    @Test func versionNamesTheReleaseAndTheCommit() throws {
        let result = try MapperBinary.run(["--version"])
        #expect(result.status == 0)
        let revision = try Self.gitRevision()
        let pattern = #"^[0-9]+\.[0-9]+\.[0-9]+"# + (revision.map { " \\(\($0)\\)" } ?? "") + "\n$"
        #expect(result.stdout.range(of: pattern, options: .regularExpression) != nil, "\(result.stdout) vs \(pattern)")
    }
}
