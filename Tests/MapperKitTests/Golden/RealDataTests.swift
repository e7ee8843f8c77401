import Foundation
import Testing

import MapperSupport
import MapperTestSupport
@testable import MapperKit

/// The real API data of `Examples/` (octokit exchanges, GitHub events, Twitter search) through the
/// bundled `Mappings/`: canonical output byte for byte, and the round-trip property.
struct RealDataTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var model: String
        var input: URL
        var expected: URL

        var testDescription: String { name }
    }

    static let root = MapperBinary.packageRoot
    static let catalog = try! Catalog(paths: [root.appendingPathComponent("Mappings").path])

    /// Every decode test with input and expect files under Examples/{github,events,twitter}.
    static let cases: [Case] = {
        var cases: [Case] = []
        for directory in ["github", "events", "twitter"] {
            let folder = root.appendingPathComponent("Examples").appendingPathComponent(directory)
            let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for file in files.sorted() where file.hasSuffix(".test.yaml") {
                let text = (try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)) ?? ""
                for test in YAML.parse(text, file: file).root?["tests"]?.sequence ?? [] {
                    guard let input = test["input"]?.string, let expect = test["expect"]?.string, let name = test["name"]?.string else {
                        continue
                    }
                    var model = test["model"]?.string
                    if let route = test["route"]?.string {
                        model =
                            catalog.routes.match(route, method: test["method"]?.string, status: test["status"]?.scalar?.int.map(Int.init))?
                            .model
                    }
                    guard let model else { continue }
                    cases.append(
                        Case(
                            name: name, model: model, input: folder.appendingPathComponent(input),
                            expected: folder.appendingPathComponent(expect)))
                }
            }
        }
        return cases
    }()

    @Test func everyRecordedExchangeIsCovered() {
        // 55 octokit exchanges with a JSON body, the events array and the Twitter result.
        #expect(Self.cases.count >= 57)
    }

    /// Canonical JSON has a defined key order ($type first, declaration order, $extra last) and
    /// number spelling; `mapper test` compares JSON values, so this checks the bytes.
    @Test(arguments: cases)
    func canonicalOutputIsExact(_ test: Case) throws {
        var session = MappingSession(catalog: Self.catalog)
        let input = try [UInt8](Data(contentsOf: test.input))
        let output = try session.decodeToCanonical(input, as: test.model, now: Instant(milliseconds: 0))
        let expected = try JSONValue(parsing: [UInt8](Data(contentsOf: test.expected)))
        #expect(String(decoding: output, as: UTF8.self) == JSONWriter.write(expected))
    }

    /// Encoding the decoded model gives back every mapped key with its original value: the
    /// encoded document holds nothing the input did not (values equal as JSON), decoding it gives
    /// the same models, and for `unknown_keys: keep` models it is the whole input.
    @Test(arguments: cases)
    func encodingGivesBackTheOriginalValues(_ test: Case) throws {
        var session = MappingSession(catalog: Self.catalog)
        let input = try [UInt8](Data(contentsOf: test.input))
        let decoded = try session.decode(input, as: test.model, now: Instant(milliseconds: 0))
        let encoded = try session.encode(decoded, as: test.model)
        let original = try JSONValue(parsing: input)
        let written = try JSONValue(parsing: encoded)
        var problems: [String] = []
        Self.checkContained(written, in: original, pointer: "", problems: &problems)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
        let again = try session.decode(encoded, as: test.model, now: Instant(milliseconds: 0))
        #expect(again == decoded)
        if Self.catalog.modelType(named: test.model)?.spec.unknownKeys == .keep {
            #expect(written == original)
        }
    }

    /// Every member of `written` is in `original` with an equal value (objects recursively).
    static func checkContained(_ written: JSONValue, in original: JSONValue, pointer: String, problems: inout [String]) {
        switch (written, original) {
        case (.object(let a), .object(let b)):
            for member in a {
                guard let value = b[member.key] else {
                    problems.append("\(pointer)/\(member.key): written but not in the input")
                    continue
                }
                checkContained(member.value, in: value, pointer: "\(pointer)/\(member.key)", problems: &problems)
            }
        case (.array(let a), .array(let b)) where a.count == b.count:
            for (index, (x, y)) in zip(a, b).enumerated() {
                checkContained(x, in: y, pointer: "\(pointer)/\(index)", problems: &problems)
            }
        default:
            if written != original { problems.append("\(pointer): wrote \(written.quoted), the input had \(original.quoted)") }
        }
    }
}
