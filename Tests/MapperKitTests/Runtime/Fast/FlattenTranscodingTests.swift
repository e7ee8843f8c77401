import Foundation
import Testing

import MapperSupport
import MapperTestSupport
@testable import MapperKit

/// `flatten` on the decode fast path: the flattened model reads its parent's object, its keys
/// count as the parent's (a `reject` parent accepts them, drift reports leave them out), and
/// its errors send the document to the general path, as the general reader decides.
struct FlattenTranscodingTests {
    static let catalog = try! Catalog(
        yaml: """
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
            #expect(catalog.table.flat.arenas.models[try catalog.requireType(name).index].transcodable, "\(name)")
        }
        #expect(
            Self.unknownKeys(#"{"url":"https://x.example/","extra":1,"owner":{"login":"o","id":1}}"#, usesTranscoder: true) == [
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
