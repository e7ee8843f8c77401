#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import MapperTestSupport
import Testing

/// Catalog directories with symbolic links: the Kubernetes ConfigMap layout loads under the links'
/// names, linked directories are followed, and a link cycle, a link to nothing or a file that
/// cannot be opened is a clear error.
struct SymlinkCatalogTests {
    static let users = "mapper: 1\nmodels:\n  User: { properties: { login: string, id: int } }\n"
    static let issues = "mapper: 1\nmodels:\n  Issue: { properties: { number: int, author: User } }\n"
    static let broken = "mapper: 1\nmodels:\n  Issue: { properties: { number: integr } }\n"

    @Test func aConfigMapVolumeLoadsUnderTheLinksNames() throws {
        let volume = try ConfigMapDirectory(["users.yaml": Self.users, "issues.yaml": Self.issues])
        let listed = try MapperBinary.run(["models", "--mappings", volume.path])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("Issue") && listed.stdout.contains("User"), "\(listed.stdout)")

        // After an update the new texts load, still under the links' names (not `..2026_…/`).
        try volume.update(["users.yaml": Self.users, "issues.yaml": Self.broken])
        let result = try MapperBinary.run(["validate", volume.path])
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("\(volume.path)/issues.yaml:3:"), "\(result.stdout)")
        #expect(result.stdout.contains("unknown type 'integr'"))
        #expect(!result.stdout.contains("..2026"), "\(result.stdout)")
    }

    @Test func linkedDirectoriesAndFilesAreFollowedHiddenOnesSkipped() throws {
        let shared = try TemporaryDirectory(["users.yaml": Self.users])
        let catalog = try TemporaryDirectory(["own/issues.yaml": Self.issues, ".hidden/broken.yaml": Self.broken])
        try FileManager.default.createSymbolicLink(atPath: catalog.path + "/shared", withDestinationPath: shared.path)
        let result = try MapperBinary.run(["validate", catalog.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "0 errors, 0 warnings\n")
    }

    @Test func aLinkCycleIsALoadErrorNotAHang() throws {
        let catalog = try TemporaryDirectory(["a/users.yaml": Self.users])
        try FileManager.default.createSymbolicLink(atPath: catalog.path + "/a/loop", withDestinationPath: "..")
        let result = try MapperBinary.run(["validate", catalog.path])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "\(catalog.path)/a/loop:1:1: error: '\(catalog.path)/a/loop' links to '..', a directory that contains it; "
                    + "remove the link or point it elsewhere [symlink-cycle]"), "\(result.stdout)")
    }

    @Test func aLinkToNothingSaysSo() throws {
        let catalog = try TemporaryDirectory(["users.yaml": Self.users])
        try FileManager.default.createSymbolicLink(atPath: catalog.path + "/gone.yaml", withDestinationPath: "missing.yaml")
        let result = try MapperBinary.run(["validate", catalog.path])
        #expect(result.status == 2)
        #expect(result.stdout.contains("symbolic link to 'missing.yaml', which does not exist"), "\(result.stdout)\(result.stderr)")
    }

    @Test func aFileThatCannotBeOpenedSaysTheSystemsReason() throws {
        // A Unix socket named as a mapping file (in a directory only regular files are taken; a
        // path given by name is read whatever it is, so that a named pipe works): open(2)
        // refuses a socket with ENXIO.
        let catalog = try TemporaryDirectory(["users.yaml": Self.users])
        let path = catalog.path + "/socket.yaml"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let capacity = MemoryLayout.size(ofValue: address.sun_path)
        try #require(path.utf8.count < capacity, "the temporary path is too long for a socket")
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            buffer.copyBytes(from: path.utf8)
            buffer[path.utf8.count] = 0
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0)
        let result = try MapperBinary.run(["validate", catalog.path + "/users.yaml", path])
        #expect(result.status == 2)
        #expect(
            result.stdout.contains("cannot read '\(path)': \(String(cString: strerror(ENXIO))) [unreadable-file]"),
            "\(result.stdout)\(result.stderr)")
    }
}
