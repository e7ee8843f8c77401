import Foundation
import Logging
import MapperKit
import MapperService
import MapperSupport
import MapperTestSupport
import Testing

/// `--log-format text`, the default: one event is one line, whatever its message holds.
struct TextLogTests {
    private func lines(_ log: (Logger) -> Void) -> [String] {
        let collected = Locked<[String]>([])
        let handler = TextLogHandler(label: "mapper") { line in collected.withLock { $0.append(line) } }
        log(Logger(label: "mapper") { _ in handler })
        return collected.withLock { $0 }
    }

    @Test func anEventOfSeveralLinesIsWrittenOnOne() throws {
        let written = lines { logger in
            logger.error(
                "m.yaml:4:17: error: no such field [cel-check]\n    input.a +\n            ^",
                metadata: ["path": "/v1/reload", "note": "two words", "empty": "", "files": .array(["a.yaml", "b.yaml"])])
        }
        #expect(written.count == 1)
        let line = try #require(written.first)
        #expect(!line.contains("\n"))
        #expect(line.contains(#"[cel-check]\n    input.a +\n            ^"#), "\(line)")
        let prefix = try #require(line.firstMatch(of: #/^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z) error mapper: m\.yaml/#), "\(line)")
        #expect(Instant(iso8601: String(prefix.1)) != nil)
        // Metadata after the message, sorted by key; values with spaces quoted, arrays as JSON.
        #expect(line.hasSuffix(#" empty="" files=["a.yaml","b.yaml"] note="two words" path=/v1/reload"#), "\(line)")
    }

    /// A catalog that does not load with --watch logs each diagnostic, the expression and its caret
    /// included, on one line a diagnostic.
    @Test func aServerLogsOneLineAnEvent() async throws {
        let directory = try TemporaryDirectory.files([
            "m.yaml": """
            mapper: 1
            models:
              Person:
                properties:
                  first: string
                  full: { type: string, decode: "self.first +" }
            """
        ])
        let server = try ServerProcess(["serve", "--mappings", directory.path, "--watch", "--port", "0"])
        try await server.waitForLine(containing: "not ready")
        let diagnostic = try await server.waitForLine(containing: "m.yaml:6:")
        #expect(diagnostic.contains(#"\n"#), "the expression and caret stay on the line: \(diagnostic)")
        let lines = server.stdout.split(separator: "\n")
        #expect(lines.count >= 3)
        for line in lines {
            #expect(
                line.firstMatch(of: #/^\d{4}-\d\d-\d\dT[0-9:.]+Z (trace|debug|info|notice|warning|error|critical) mapper: /#) != nil,
                "\(line)")
        }
    }
}
