import Testing
import MapperTestSupport
@testable import MapperYAML

/// Inputs built to exhaust a reader must come back as errors, quickly, without a crash.
struct HostileInputTests {
    static let timeLimit = Duration.seconds(2)

    @Test func billionLaughs() {
        var text = "a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n"
        let names = "abcdefghi".map(String.init)
        for (previous, name) in zip(names, names.dropFirst()) {
            text += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ", ") + "]\n"
        }
        let (document, elapsed) = duration { parse(text) }
        // Each level holds ten copies of the one before: `f` passes a million nodes at its eighth `*e`.
        #expect(
            document.errors == [
                YAMLError(
                    .aliasLimit,
                    "alias '*e' expands the document beyond 1000000 nodes; aliases nested in aliases grow "
                        + "exponentially (the \"billion laughs\" document)",
                    at: mark(6, 36))
            ])
        #expect(document.root == nil)
        #expect(elapsed < Self.timeLimit)
    }

    @Test(arguments: [("[", 257), ("- ", 513), ("{a: ", 1025), ("? ", 513), ("!!seq [", 1793)])
    func nestingOneHundredThousandDeep(opener: String, column: Int) {
        let text = String(repeating: opener, count: 100_000)
        let (document, elapsed) = duration { parse(text) }
        #expect(
            document.errors == [
                YAMLError(.tooDeep, "nesting is deeper than 256 levels; flatten the document", at: mark(1, column))
            ])
        #expect(document.root == nil)
        #expect(elapsed < Self.timeLimit)
    }

    @Test func indentedNestingTooDeep() {
        let text = (0..<2000).map { String(repeating: " ", count: $0) + "a:\n" }.joined()
        let (document, elapsed) = duration { parse(text) }
        #expect(document.errors.map(\.code) == [.tooDeep])
        #expect(document.errors.first?.mark == mark(257, 257))
        #expect(elapsed < Self.timeLimit)
    }

    @Test func everyPrefixOfAMappingFileReadsOrFails() throws {
        let bytes = try Fixtures.bytes("issues.yaml")
        let whole = YAML.parse(bytes, file: "issues.yaml")
        #expect(whole.errors == [])
        #expect(whole.root?["mapper"]?.scalar?.int == 1)
        var problems: [String] = []
        for length in 1..<bytes.count {
            let prefix = Array(bytes[..<length])
            let document = YAML.parse(prefix, file: "issues.yaml")
            if document.root == nil && document.errors.isEmpty { problems.append("\(length) bytes: nothing read") }
            problems += Self.marksOutside(prefix, document)
        }
        #expect(problems == [])
    }

    @Test func randomBytesNeverCrash() {
        var random = SplitMix64(seed: 0x5EED)
        let tokens = [
            "-", " ", "  ", ":", ": ", "[", "]", "{", "}", ",", "&a ", "*a", "!!str ", "!x ", "<<: ", "\n",
            "\n  ", "'", "\"", "a", "1", "0x", ".5", "#", "?", "|", ">", "---", "...", "\t", "%YAML 1.1",
            "é", "😀", "\\", "\r\n", "~", "true", "\u{85}",
        ]
        var problems: [String] = []
        for round in 0..<3000 {
            // A third are raw bytes; the rest are made of YAML's own tokens, to get past the reader.
            let length = Int(random.next() % 201)
            var bytes: [UInt8] = []
            if round % 3 == 0 {
                bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            } else {
                while bytes.count < length { bytes += tokens[Int(random.next() % UInt64(tokens.count))].utf8 }
            }
            problems += Self.marksOutside(bytes, YAML.parse(bytes, file: testFile))
        }
        #expect(problems == [])
    }

    @Test func tenMegabyteScalar() throws {
        let text = "a: " + String(repeating: "x", count: 10_000_000) + "\n"
        let (document, elapsed) = duration { parse(text) }
        #expect(document.errors == [])
        #expect(document.root?["a"]?.string?.utf8.count == 10_000_000)
        #expect(elapsed < Self.timeLimit)
    }

    /// Errors that point outside the text: libyaml counts lines from 0 and puts the end of the
    /// stream on a line of its own, neither of which may leak out.
    static func marksOutside(_ bytes: [UInt8], _ document: YAMLDocument) -> [String] {
        // An upper bound on the lines: every byte that may belong to a line break starts one.
        let lines = 1 + bytes.count { $0 == 0x0A || $0 == 0x0D || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }
        return document.errors
            .filter { $0.mark.line < 1 || $0.mark.line > lines || $0.mark.column < 1 || $0.message.isEmpty }
            .map { "\($0) in \(bytes)" }
    }
}
