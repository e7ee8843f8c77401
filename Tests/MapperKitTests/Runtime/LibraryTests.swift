import Foundation
import Testing

@testable import MapperKit

extension RuntimeTests {
    /// SPEC §10 and §12: the library face — one catalog shared by many tasks, models as `Sendable`,
    /// `Hashable` values with typed access, `set` checking types, `compare: false`.
    struct LibraryTests {
        let mapper: Mapper

        init() throws {
            mapper = try Mapper(
                """
                mapper: 1
                enums:
                  State: { cases: { open: open, closed: closed } }
                models:
                  Label: { properties: { name: string } }
                  Issue:
                    key_style: snake_case
                    properties:
                      number: int
                      title: { type: string, max_length: 12 }
                      state: State
                      labels: "[Label]"
                      homepage: url
                      id: uuid
                      scores: "[string: double]"
                      retrievedAt: { type: date, computed: now, compare: false }
                      etag: { type: string, compare: false }
                """)
        }

        static let input = """
            {"number":1347,"title":"Found a bug","state":"open","labels":[{"name":"bug"},{"name":"ui"}],\
            "homepage":"https://github.com","id":"ABCDEF01-2345-6789-ABCD-EF0123456789","scores":{"a":1.5,"b":2},"etag":"x"}
            """

        private func sendable<T: Sendable>(_ value: T) -> T { value }

        @Test func oneCatalogDecodesOnManyTasksAtOnce() async throws {
            let catalog = mapper.catalog
            let documents = (0..<100).map { index in
                Array(Self.input.replacingOccurrences(of: "1347", with: String(index)).utf8)
            }
            let now = Instant(milliseconds: 1_600_000_000_000)
            let results = try await withThrowingTaskGroup(of: [[UInt8]].self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        var session = MappingSession(catalog: catalog)
                        var outputs: [[UInt8]] = []
                        for document in documents {
                            outputs.append(try session.decodeToCanonical(document, as: "Issue", now: now))
                            _ = try catalog.decode(document, as: "Issue", now: now)
                        }
                        return outputs
                    }
                }
                var all: [[[UInt8]]] = []
                for try await outputs in group { all.append(outputs) }
                return all
            }
            #expect(results.count == 8)
            let expected = try documents.map {
                try mapper.catalog.canonicalJSON(mapper.catalog.decode($0, as: "Issue", now: now), as: "Issue")
            }
            for outputs in results {
                #expect(outputs == expected)
            }
        }

        @Test func modelsAreSendableHashableValues() throws {
            let first = try mapper.model(Self.input, as: "Issue")
            let second = try mapper.model(Self.input, as: "Issue")
            let other = try mapper.model(#"{"number":1}"#, as: "Issue")
            #expect(sendable(first) == second)
            #expect(first.hashValue == second.hashValue)
            #expect(Set([first, second, other]).count == 2)
            #expect(first != other)
        }

        @Test func compareFalseIsLeftOutOfEqualityAndHashing() throws {
            let early = try mapper.model(Self.input, as: "Issue", now: Instant(milliseconds: 0))
            let late = try mapper.model(
                Self.input.replacingOccurrences(of: #""etag":"x""#, with: #""etag":"y""#),
                as: "Issue", now: Instant(milliseconds: 86_400_000))
            #expect(early.retrievedAt != late.retrievedAt)
            #expect(early.etag != late.etag)
            #expect(early == late)
            #expect(early.hashValue == late.hashValue)
            #expect(Set([early, late]).count == 1)
        }

        @Test func dictionariesCompareWithoutRegardToOrder() throws {
            let ab = try mapper.model(#"{"scores":{"a":1,"b":2}}"#, as: "Issue")
            let ba = try mapper.model(#"{"scores":{"b":2,"a":1.0}}"#, as: "Issue")
            #expect(ab == ba)
            #expect(ab.hashValue == ba.hashValue)
        }

        @Test func typedAccess() throws {
            let issue = try mapper.model(Self.input, as: "Issue")
            #expect(issue.name == "Issue")
            #expect(issue.propertyNames == ["number", "title", "state", "labels", "homepage", "id", "scores", "retrievedAt", "etag"])
            #expect(issue.title == .string("Found a bug"))
            #expect(issue["number"]?.int == 1347)
            #expect(issue.state == .enumCase("open"))
            #expect(issue.state?.string == "open")
            #expect(issue.homepage == .url("https://github.com"))
            #expect(issue.id?.string == "abcdef01-2345-6789-abcd-ef0123456789")
            #expect(issue.labels?.array?.count == 2)
            #expect(issue.labels?.array?.first?.model?["name"] == .string("bug"))
            #expect(
                issue.scores == .dictionary(ValueDictionary([.init(key: "a", value: .double(1.5)), .init(key: "b", value: .double(2))])))
            #expect(issue.nothing == nil)
            #expect(issue["number_of_things"] == nil)
        }

        @Test func setChecksTypesAndConstraints() throws {
            var issue = try mapper.model(#"{"number":1}"#, as: "Issue", now: Instant(milliseconds: 0))
            try issue.set("number", to: .int(2))
            try issue.set("title", to: .string("short"))
            try issue.set("state", to: .enumCase("closed"))
            try issue.set("homepage", to: .url("/relative"))
            try issue.set("etag", to: .null)
            #expect(issue.number == .int(2))
            #expect(issue.etag == .null)

            func failure(_ name: String, _ value: Value?) -> String? {
                var copy = issue
                do {
                    try copy.set(name, to: value)
                    return nil
                } catch {
                    #expect(copy == issue)
                    return error.errors.first?.message
                }
            }
            #expect(failure("number", .string("3")) == #"expected an integer, found "3""#)
            #expect(
                failure("title", .string("far too long a title")) == #"expected at most 12 characters, found 20 in "far too long a title""#)
            #expect(failure("state", .enumCase("reopened")) == #"expected a case of enum 'State' (open, closed), found "reopened""#)
            #expect(failure("homepage", .url("not a url")) == #"expected a valid URL (RFC 3986 URI reference), found "not a url""#)
            #expect(
                failure("id", .uuid("ABCDEF01-2345-6789-ABCD-EF0123456789"))
                    == #"expected a lower-case UUID, found "ABCDEF01-2345-6789-ABCD-EF0123456789""#)
            #expect(failure("labels", .array([.string("bug")])) == #"expected an object for model 'Label', found "bug""#)
            #expect(failure("nope", .int(1)) == "model 'Issue' has no property 'nope'")

            try issue.set("number", to: nil)
            #expect(issue.number == nil)
            #expect(
                String(decoding: try mapper.catalog.canonicalJSON(.model(issue), as: "Issue"), as: UTF8.self)
                    == #"{"title":"short","state":"closed","homepage":"/relative","retrievedAt":"1970-01-01T00:00:00Z","etag":null}"#)
            #expect(
                String(decoding: try mapper.catalog.encode(.model(issue), as: "Issue"), as: UTF8.self)
                    == #"{"title":"short","state":"closed","homepage":"/relative","etag":null}"#)
        }

        @Test func writingChecksTheDeclaredModel() throws {
            let label = try mapper.model(#"{"name":"bug"}"#, as: "Label")
            let expected = ["error: / (Issue): expected a model 'Issue', found a model 'Label'"]
            #expect(Self.errors { try mapper.catalog.encode(.model(label), as: "Issue") } == expected)
            #expect(Self.errors { try mapper.catalog.canonicalJSON(.model(label), as: "Issue") } == expected)
            #expect(
                Self.errors { try mapper.catalog.encode(.array([nil, label]), as: "Issue") }
                    == ["error: /1 (Issue[1]): expected a model 'Issue', found a model 'Label'"])
            #expect(Self.errors { try mapper.catalog.encode(.model(label), as: "Label") } == [])
        }

        private static func errors(_ body: () throws -> [UInt8]) -> [String] {
            do {
                _ = try body()
                return []
            } catch let error as MappingErrors {
                return error.errors.map(\.description)
            } catch {
                return ["\(error)"]
            }
        }

        @Test func setTakesPlainStringsForTextTypes() throws {
            let decoded = try mapper.model(#"{"state":"open","homepage":"/a","id":"abcdef01-2345-6789-abcd-ef0123456789"}"#, as: "Issue")
            var built = Model(type: decoded.type)
            try built.set("state", to: .string("open"))
            try built.set("homepage", to: .string("/a"))
            try built.set("id", to: .string("abcdef01-2345-6789-abcd-ef0123456789"))
            #expect(built == decoded)
            #expect(built.state == .enumCase("open"))
            #expect(built.hashValue == decoded.hashValue)
        }

        /// The service's drift metrics: unknown keys and enum values that fell back to `default`.
        @Test func observersSeeUpstreamDrift() throws {
            let drift = try Mapper(
                """
                mapper: 1
                enums: { Kind: { cases: { a: a, other: other }, default: other } }
                models:
                  D:
                    unknown_keys: keep
                    properties: { kind: Kind, id: { type: int, key: meta.id } }
                """)
            final class Seen: @unchecked Sendable {
                let lock = NSLock()
                var events: [String] = []
                func add(_ event: String) { lock.withLock { events.append(event) } }
            }
            let seen = Seen()
            var session = MappingSession(catalog: drift.catalog)
            session.observe(
                unknownKeys: { keys, model in seen.add("\(model): \(keys)") },
                enumFallback: { name, value in seen.add("\(name): \(value)") })
            _ = try session.decode(Array(#"{"kind":"b","x":1,"meta":{"id":1,"y":2},"z":null}"#.utf8), as: "D")
            _ = try session.decode(Array(#"{"kind":"a","meta":{"id":2}}"#.utf8), as: "D")
            #expect(seen.events == [#"Kind: "b""#, #"D: ["x", "z"]"#])
        }

        @Test func modelsBuiltInCodeEncode() throws {
            let type = try #require(mapper.catalog.modelType(named: "Issue"))
            var issue = Model(type: type)
            try issue.set("number", to: .int(7))
            try issue.set("retrievedAt", to: .date(Instant(milliseconds: 1500)))
            #expect(
                String(decoding: try mapper.catalog.canonicalJSON(.model(issue), as: "Issue"), as: UTF8.self)
                    == #"{"number":7,"retrievedAt":"1970-01-01T00:00:01.500Z"}"#)
            #expect(String(decoding: try mapper.catalog.encode(.model(issue), as: "Issue"), as: UTF8.self) == #"{"number":7}"#)
        }
    }
}
