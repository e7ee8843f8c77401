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

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
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
                    guard let input = test["input"]?.string, let expect = test["expect"]?.string, let name = test["name"]?.string else { continue }
                    var model = test["model"]?.string
                    if let route = test["route"]?.string {
                        model = catalog.routes.match(route, method: test["method"]?.string, status: test["status"]?.scalar?.int.map(Int.init))?.model
                    }
                    guard let model else { continue }
                    cases.append(Case(name: name, model: model, input: folder.appendingPathComponent(input), expected: folder.appendingPathComponent(expect)))
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

/// The transcoder (tokens → canonical bytes) must agree byte for byte with the general reader
/// (tokens → models → canonical bytes) wherever it takes a document.
struct TranscoderAgreementTests {
    static let inputs: [(name: String, model: String, bytes: [UInt8])] = RealDataTests.cases.compactMap { test in
        guard let data = try? Data(contentsOf: test.input) else { return nil }
        return (test.name, test.model, [UInt8](data))
    }

    @Test func realDataAgrees() throws {
        var fast = MappingSession(catalog: RealDataTests.catalog)
        var general = MappingSession(catalog: RealDataTests.catalog)
        general.usesTranscoder = false
        for input in Self.inputs {
            let a = try fast.decodeToCanonical(input.bytes, as: input.model, now: Instant(milliseconds: 0))
            let b = try general.decodeToCanonical(input.bytes, as: input.model, now: Instant(milliseconds: 0))
            #expect(a == b, "\(input.name)")
        }
    }

    @Test func realDataEncodesAlike() throws {
        var fast = MappingSession(catalog: RealDataTests.catalog)
        var general = MappingSession(catalog: RealDataTests.catalog)
        general.usesTranscoder = false
        for input in Self.inputs {
            let canonical = try general.decodeToCanonical(input.bytes, as: input.model, now: Instant(milliseconds: 0))
            let a = try fast.encodeCanonical(canonical, as: input.model)
            let b = try general.encodeCanonical(canonical, as: input.model)
            #expect(a == b, "\(input.name)")
        }
    }

    @Test func handWrittenEncodingAgrees() throws {
        let catalog = try Catalog(yaml: """
            mapper: 1
            enums: { State: { cases: { open: open, closed: { json: 0, aliases: [done] } } } }
            formats: { day: { date: "MMMM d, yyyy", locale: en_US, time_zone: America/Los_Angeles } }
            models:
              Item:
                key_style: snake_case
                properties:
                  name: string
                  count: { type: int, json: string }
                  ratio: { type: double, json: string }
                  price: { type: decimal, json: string }
                  flag: { type: bool, json: int }
                  word: { type: bool, json: string }
                  link: url
                  id: uuid
                  at: date
                  day: { type: date, format: day }
                  stamp: { type: date, format: unix }
                  ms: { type: date, format: unix_ms }
                  state: State
                  blob: any
                  login: { type: string, key: user.login }
                  userID: { type: int, key: user.id }
                  tags: "[string]"
                  scores: "[string: double]"
                  children: "[Item]"
            """)
        let documents = [
            #"{"name":"a\"b","count":5,"ratio":0.5,"price":1.50,"flag":true,"word":false,"link":"https://x/y","id":"abcdef01-2345-6789-abcd-ef0123456789","at":"2020-01-01T08:00:00Z","day":"2015-09-25T07:00:00Z","stamp":"2015-09-25T07:00:00.500Z","ms":"2015-09-25T07:00:00Z","state":"closed","blob":{"b":[1,2.50]},"login":"ann","tags":["x",null],"scores":{"a":1,"b":null},"children":[{"name":"c","state":"open"},null]}"#,
            #"[{"userID":7},null,{"name":null}]"#,
            #"{"count":5.0}"#,
            #"{"id":"ABCDEF01-2345-6789-abcd-ef0123456789"}"#,
            #"{"at":"2020-01-01T08:00:00+00:00"}"#,
            #"{"state":"closd"}"#,
            #"{"$type":"Item"}"#,
            #"{"nope":1}"#,
        ]
        for document in documents {
            expectBothPathsAgree(catalog, document) { session, bytes throws(MappingErrors) in
                try session.encodeCanonical(bytes, as: "Item")
            }
        }
    }

    @Test func handWrittenCasesAgree() throws {
        let catalog = try Catalog(yaml: """
            mapper: 1
            enums: { State: { cases: { open: open, closed: { json: closed, aliases: [done, 0] } }, default: open } }
            formats: { day: { date: "MMMM d, yyyy", locale: en_US, time_zone: America/Los_Angeles } }
            models:
              Item:
                key_style: snake_case
                properties:
                  name: string
                  count: int
                  ratio: double
                  price: decimal
                  flag: bool
                  link: url
                  id: uuid
                  at: date
                  day: { type: date, format: day }
                  stamp: { type: date, format: unix }
                  ms: { type: date, format: unix_ms }
                  state: State
                  blob: any
                  user: { type: string, key: user.login }
                  tags: "[string]"
                  scores: "[string: double]"
                  children: "[Item]"
                  fixed: { type: int, default: 7 }
                  seen: { type: date, computed: now }
            """)
        let documents = [
            #"{"name":"a\"b\u00e9","count":5.0,"ratio":1e-7,"price":18446744073709551616.50,"flag":true,"link":"https://x/y?z#w","id":"ABCDEF01-2345-6789-abcd-ef0123456789","at":"2020-01-01T10:00:00+02:00","day":"September 25, 2015","stamp":1443164400.5,"ms":1443164400500,"state":"done","blob":{"b":[1,2.50,"\u0041"],"a":null},"user":{"login":"ann","other":1},"tags":["x",null],"scores":{"a":1,"b":null},"children":[{"name":"c","state":0},null],"extra":{"ignored":true}}"#,
            #"[{"state":"unheard-of"},null,{"user":null,"fixed":null}]"#,
            #"{"count":"5"}"#,
            #"{"user":"not an object"}"#,
            #"{"id":"nope"}"#,
        ]
        for document in documents {
            expectBothPathsAgree(catalog, document) { session, bytes throws(MappingErrors) in
                try session.decodeToCanonical(bytes, as: "Item", now: Instant(milliseconds: 0))
            }
        }
    }
}

/// Encoding through the fast path where a model property and other properties share an object.
struct MergedKeyPathEncodingTests {
    @Test func mergedObjectsEncodeAlike() throws {
        let catalog = try Catalog(yaml: """
            mapper: 1
            models:
              User: { properties: { login: string, id: int, siteAdmin: { type: bool, key: site_admin } } }
              Issue:
                properties:
                  number: int
                  author: { type: User, key: user }
                  reporterLogin: { type: string, key: user.login }
                  reporterType: { type: string, key: user.type }
            """)
        let documents = [
            #"{"number":1,"author":{"login":"a","id":2,"siteAdmin":false},"reporterLogin":"b","reporterType":"User"}"#,
            #"{"number":1,"author":{"id":2},"reporterLogin":"b"}"#,
            #"{"number":1,"reporterLogin":"b"}"#,
            #"{"number":1,"author":{"login":"a"}}"#,
            #"{"number":1,"author":null}"#,
            #"{"number":1,"author":null,"reporterLogin":"b"}"#,
        ]
        for document in documents {
            expectBothPathsAgree(catalog, document) { session, bytes throws(MappingErrors) in
                try session.encodeCanonical(bytes, as: "Issue")
            }
        }
    }
}

/// Runs `body` on a session with the transcoders and on one without; both must give the same
/// bytes, or the same errors.
func expectBothPathsAgree(
    _ catalog: Catalog, _ input: String, _ body: (inout MappingSession, [UInt8]) throws(MappingErrors) -> [UInt8]
) {
    var fast = MappingSession(catalog: catalog)
    var general = MappingSession(catalog: catalog)
    general.usesTranscoder = false
    let bytes = Array(input.utf8)
    let a = Result { () throws(MappingErrors) in try body(&fast, bytes) }
    let b = Result { () throws(MappingErrors) in try body(&general, bytes) }
    switch (a, b) {
    case (.success(let x), .success(let y)):
        #expect(x == y, "\(input): \(String(decoding: x, as: UTF8.self)) vs \(String(decoding: y, as: UTF8.self))")
    case (.failure(let x), .failure(let y)):
        #expect(x == y, "\(input)")
    default:
        Issue.record("the paths disagree on \(input): \(a) vs \(b)")
    }
}

/// Constraints are checked on the fast paths too: they must accept and refuse exactly what the
/// general path does, counting a string's Unicode scalars (not bytes, not escapes), comparing
/// bounds exactly (a double by its shortest text, a decimal by its digits) and matching patterns
/// against the unescaped string.
struct ConstraintTranscodingTests {
    static let catalog = try! Catalog(yaml: """
        mapper: 1
        models:
          Item:
            properties:
              name: { type: string, min_length: 2, max_length: 3 }
              tags: { type: "[string]", min_length: 1, max_length: 2 }
              scores: { type: "[string: int]", max_length: 1 }
              n: { type: int, minimum: 1, maximum: 10 }
              x: { type: double, minimum: -1.5, maximum: 1.5 }
              amount: { type: decimal, minimum: 0, maximum: 18446744073709551616 }
              precise: { type: double, minimum: 0.10000000000000000001 }
              code: { type: string, pattern: "[0-9]{3}" }
              anchored: { type: string, pattern: "^[a-z]+$" }
        """)
    static let documents = [
        #"{"name":"ab","tags":["x"],"scores":{"a":1}}"#,
        #"{"name":"é€😀","tags":["x",null]}"#,  // 3 scalars in 9 bytes
        #"{"name":"\u00e9\u20ac"}"#,  // 2 scalars, escaped
        #"{"name":"\u00e9\u20ac\ud83d\ude00x"}"#,  // 4 scalars, escaped
        #"{"name":"a"}"#,
        #"{"name":"abcd"}"#,
        #"{"name":null,"tags":null,"scores":null}"#,
        #"{"tags":[]}"#,
        #"{"tags":["x","y","z"]}"#,
        #"{"scores":{}}"#,
        #"{"scores":{"a":1,"b":2}}"#,
        #"{"name":5}"#,
        #"{"n":1,"x":-1.5,"amount":0}"#,
        #"{"n":10,"x":1.5,"amount":18446744073709551616.000}"#,
        #"{"n":0}"#,
        #"{"n":11}"#,
        #"{"n":1e1}"#,
        #"{"n":10.0}"#,
        #"{"n":"5"}"#,
        #"{"n":null,"x":null,"amount":null,"code":null}"#,
        #"{"x":1.5000001}"#,
        #"{"x":-15e-1}"#,
        #"{"amount":18446744073709551617}"#,
        #"{"amount":18446744073709551616.0000000001}"#,
        #"{"amount":-0.01}"#,
        #"{"precise":0.10000000000000000001}"#,  // reads as the double 0.1: below the bound
        #"{"precise":0.2}"#,
        #"{"code":"ab123cd","anchored":"abc"}"#,
        #"{"code":"12x3"}"#,
        #"{"code":"\u0031\u0032\u0033"}"#,  // escaped digits match
        #"{"anchored":"abc1"}"#,
        #"{"anchored":"abc\n"}"#,
        #"{"code":123}"#,
    ]

    @Test(arguments: documents) func decodingAgrees(document: String) {
        expectBothPathsAgree(Self.catalog, document) { session, bytes throws(MappingErrors) in
            try session.decodeToCanonical(bytes, as: "Item", now: Instant(milliseconds: 0))
        }
    }

    @Test(arguments: documents) func encodingAgrees(document: String) {
        expectBothPathsAgree(Self.catalog, document) { session, bytes throws(MappingErrors) in
            try session.encodeCanonical(bytes, as: "Item")
        }
    }

    /// `Item` above, the Twitter search result (lengths on `indices`) and GitHub's issues (hex
    /// colours of labels are patterns) go the fast way both ways; a bound on a number written as
    /// a string (`json: string`) still sends a model the general way.
    @Test func constraintsKeepModelsOnTheFastPaths() throws {
        let item = try Self.catalog.requireType("Item").index
        #expect(Self.catalog.table.flat.models[item].transcodable && Self.catalog.table.flat.models[item].encodable)
        let flat = RealDataTests.catalog.table.flat
        for name in ["TwitterSearchResult", "Issue", "Label"] {
            let index = try RealDataTests.catalog.requireType(name).index
            #expect(flat.models[index].transcodable && flat.models[index].encodable, "\(name)")
        }
        let constrained = try Catalog(yaml: """
            mapper: 1
            models:
              Bounded: { properties: { count: { type: int, json: string, minimum: 0 } } }
            """)
        let bounded = try constrained.requireType("Bounded").index
        #expect(!constrained.table.flat.models[bounded].transcodable && !constrained.table.flat.models[bounded].encodable)
    }
}

/// `flatten` on the decode fast path: the flattened model reads its parent's object, its keys
/// count as the parent's (a `reject` parent accepts them, drift reports leave them out), and
/// its errors send the document to the general path, as the general reader decides.
struct FlattenTranscodingTests {
    static let catalog = try! Catalog(yaml: """
        mapper: 1
        models:
          Links:
            unknown_keys: reject
            properties:
              html: { type: url, key: html_url }
              api: { type: url, key: url, required: true }
              nested: { type: string, key: meta.label }
          Strict:
            unknown_keys: reject
            properties:
              name: { type: string }
              links: { type: Links, flatten: true }
          Loose:
            properties:
              name: { type: string }
              links: { type: Links, flatten: true }
              owner: { type: Owner }
          Owner:
            properties:
              login: { type: string }
        """)
    static let documents = [
        #"{"name":"a","url":"https://x.example/","html_url":"https://y.example/"}"#,
        #"{"url":"https://x.example/","meta":{"label":"l"},"name":"a"}"#,
        #"{"name":"a"}"#,
        #"{"name":"a","url":null}"#,
        #"{"name":"a","url":"https://x.example/","extra":1}"#,
        #"{"name":"a","url":"https://x.example/","owner":{"login":"o","id":1},"extra":[1]}"#,
        #"{"name":"a","url":"not a url"}"#,
        #"{"name":"a","url":"https://x.example/","meta":5}"#,
        #"[{"url":"https://x.example/"},{"url":"https://z.example/","name":"b"}]"#,
    ]

    @Test(arguments: documents) func decodingAgrees(document: String) {
        for model in ["Strict", "Loose"] {
            expectBothPathsAgree(Self.catalog, document) { session, bytes throws(MappingErrors) in
                try session.decodeToCanonical(bytes, as: model, now: Instant(milliseconds: 0))
            }
        }
    }

    /// Both paths report the same unknown keys, for the parent only (in another order: the fast
    /// path reports a model's own unknown keys before its nested models'; metrics only count).
    @Test(arguments: documents) func driftAgrees(document: String) {
        #expect(Self.unknownKeys(document, usesTranscoder: true) == Self.unknownKeys(document, usesTranscoder: false), "\(document)")
    }

    @Test func flattenedModelsTakeTheFastPath() throws {
        for (catalog, name) in [(Self.catalog, "Strict"), (Self.catalog, "Loose"), (RealDataTests.catalog, "Repository")] {
            #expect(catalog.table.flat.models[try catalog.requireType(name).index].transcodable, "\(name)")
        }
        #expect(Self.unknownKeys(#"{"url":"https://x.example/","extra":1,"owner":{"login":"o","id":1}}"#, usesTranscoder: true) == [
            "Loose: [\"extra\"]", "Owner: [\"id\"]",
        ])
    }

    /// The unknown keys a session reports while decoding `document` as `Loose`, sorted.
    private static func unknownKeys(_ document: String, usesTranscoder: Bool) -> [String] {
        let seen = Locked<[String]>([])
        var session = MappingSession(catalog: catalog)
        session.usesTranscoder = usesTranscoder
        session.observe(unknownKeys: { keys, model in seen.withLock { $0.append("\(model): \(keys)") } }, enumFallback: { _, _ in })
        _ = try? session.decodeToCanonical(Array(document.utf8), as: "Loose", now: Instant(milliseconds: 0))
        return seen.withLock { $0 }.sorted()
    }
}
