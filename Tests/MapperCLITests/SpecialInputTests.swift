import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Inputs other than a plain file or pipe: a directory on stdin (`mapper diff Issue - b.json <
/// dir`), a pipe left non-blocking by the process that made it, a named pipe or `<(command)` as a
/// file argument (`mapper import openapi <(curl …)`). Every command reads them to the end or says
/// why it cannot, with exit 2; none stops with a crash.
struct SpecialInputTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory(["b.json": CLIFixture.issueCanonical])
    }

    /// Runs `mapper ARGUMENTS --mappings m.yaml` with `stdin` as its input.
    private func run(_ arguments: [String], stdin: FileHandle) throws -> MapperProcess.Result {
        try MapperProcess.run(arguments + ["--mappings", "m.yaml"], stdin: stdin, in: directory)
    }

    @Test(arguments: [
        ["decode", "Issue"], ["decode", "Issue", "--ndjson"], ["decode", "Issue", "--ndjson", "--jobs", "2"],
        ["encode", "Issue", "-"], ["diff", "Issue", "-", "b.json"], ["merge", "Issue", "-", "b.json"],
    ])
    func aDirectoryOnStdinIsAnErrorThatSaysSo(arguments: [String]) throws {
        let folder = try #require(FileHandle(forReadingAtPath: directory.path))
        defer { try? folder.close() }
        let result = try run(arguments, stdin: folder)
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("error: cannot read "), "\(arguments)")
        #expect(result.stderr.hasSuffix(": Is a directory\n"), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(arguments: [
        ["decode", "Issue", "--ndjson"], ["decode", "Issue", "--ndjson", "--jobs", "2"], ["decode", "Issue"],
    ])
    func aNonBlockingPipeIsReadToItsEnd(arguments: [String]) throws {
        let input = Pipe()
        let descriptor = input.fileHandleForReading.fileDescriptor
        #expect(fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0)
        let writer = input.fileHandleForWriting
        // Written after the process has started, and in two parts, so that its first reads find
        // the pipe empty.
        Thread.detachNewThread {
            Thread.sleep(forTimeInterval: 0.3)
            let record = Array(CLIFixture.issue.utf8) + [0x0A]
            writer.write(Data(record[..<20]))
            Thread.sleep(forTimeInterval: 0.2)
            writer.write(Data(record[20...]))
            try? writer.close()
        }
        let result = try run(arguments + ["--now", "2020-01-01T00:00:00Z"], stdin: input.fileHandleForReading)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        #expect(result.stdout == CLIFixture.issueCanonical + "\n", "\(arguments)")
    }

    @Test func aNamedPipeIsReadAsItComesLikeAFile() throws {
        // What `mapper diff Issue <(curl …) b.json` hands over: a path whose bytes arrive later.
        try feed("target.fifo", CLIFixture.issueCanonical)
        let result = try run(["diff", "Issue", "target.fifo", "b.json"], stdin: try #require(FileHandle(forReadingAtPath: "/dev/null")))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anOpenAPIDescriptionOrSamplesFromANamedPipe() throws {
        try feed("api.fifo", ImportCommandTests.description)
        let imported = try MapperProcess.run(["import", "openapi", "api.fifo", "--out", "out", "--quiet"], in: directory)
        #expect(imported.status == 0, "\(imported.stderr)")
        let text = try String(contentsOf: directory.appendingPathComponent("out/orders.yaml"), encoding: .utf8)
        #expect(text.contains("GET /orders/#: GetOrderResponse"))

        try feed("samples.fifo", #"{"login": "octocat", "id": 1}"#)
        let inferred = try MapperProcess.run(["infer", "User", "samples.fifo"], in: directory)
        #expect(inferred.status == 0, "\(inferred.stderr)")
        #expect(inferred.stdout.contains("login: { type: string, required: true }"), "\(inferred.stdout)")
    }

    @Test func aGoldenTestFileAndItsInputFromNamedPipes() throws {
        // `mapper test <(generate-tests)`: the test file and the input it names are both pipes.
        try feed(
            "golden.fifo",
            """
            tests:
              - name: a user from a pipe
                model: User
                input: user.fifo
                expect: { login: octocat, id: 1 }
            """)
        try feed("user.fifo", #"{"id": 1, "login": "octocat", "site_admin": false}"#)
        let result = try run(["test", "golden.fifo"], stdin: try #require(FileHandle(forReadingAtPath: "/dev/null")))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout == "PASS a user from a pipe\n1 passed, 0 failed\n")
    }

    @Test func aGoldenTestsMissingInputSaysWhy() throws {
        try Data("tests:\n  - { name: no input, model: User, input: absent.json, expect: {} }\n".utf8)
            .write(to: directory.appendingPathComponent("missing.test.yaml"))
        let result = try run(["test", "missing.test.yaml"], stdin: try #require(FileHandle(forReadingAtPath: "/dev/null")))
        #expect(result.status == 1)
        #expect(result.stdout.contains("cannot read 'absent.json' (relative to "), "\(result.stdout)")
        #expect(result.stdout.contains("): No such file or directory"), "\(result.stdout)")
    }

    /// Makes the named pipe `name` in the directory and writes `text` into it once a reader opens it.
    private func feed(_ name: String, _ text: String) throws {
        let path = directory.appendingPathComponent(name).path
        try #require(mkfifo(path, 0o600) == 0)
        Thread.detachNewThread {
            guard let writer = FileHandle(forWritingAtPath: path) else { return }
            Thread.sleep(forTimeInterval: 0.2)
            writer.write(Data(text.utf8))
            try? writer.close()
        }
    }
}
