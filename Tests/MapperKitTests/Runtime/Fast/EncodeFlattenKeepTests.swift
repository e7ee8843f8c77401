import Foundation
import Testing

import MapperSupport
import MapperTestSupport
@testable import MapperKit

/// `flatten` and `unknown_keys: keep` on the encode fast path: a flattened model's members are
/// written into its parent's object where its properties stand in the parent's encode tree, and
/// the members of `$extra` after the mapped ones, in their order, as `ModelEncoder` writes them:
/// mapped keys win, kept members of a key path object join it, a kept value behind an enum's
/// default case is the general encoder's to write. Documents with errors go to the general path.
struct EncodeFlattenKeepTests {
    static let catalog = try! Catalog(
        yaml: """
            mapper: 1
            enums:
              State:
                cases: { open: open, closed: closed }
                default: open
              Plain:
                cases: { a: A, b: B }
            models:
              Links:
                properties:
                  html: { type: url, key: html_url }
                  api: { type: url, key: url, required: true }
                  label: { type: string, key: meta.label }
                  deep: { type: Deep, flatten: true }
              Deep:
                unknown_keys: keep
                properties:
                  depth: { type: int, key: meta.depth }
                  note: string
              Repo:
                properties:
                  name: { type: string, required: true }
                  links: { type: Links, flatten: true }
                  owner: { type: string, key: meta.owner }
                  size: int
              Kept:
                unknown_keys: keep
                properties:
                  id: { type: int, required: true }
                  login: { type: string, key: user.login }
                  site: { type: string, key: user.links.site }
                  state: State
                  plain: Plain
                  weird: { type: string, key: 'we"ird' }
                  owner: Owner
                  tags: "[Owner]"
              Owner:
                unknown_keys: keep
                properties:
                  name: string
              Both:
                unknown_keys: keep
                properties:
                  id: int
                  links: { type: Links, flatten: true }
              Shape:
                properties:
                  kind: string
                variants:
                  by: kind
                  cases: { circle: Circle, square: Square }
              Circle:
                extends: Shape
                unknown_keys: keep
                properties:
                  radius: double
              Square:
                extends: Shape
                properties:
                  side: double
              Merged:
                unknown_keys: keep
                properties:
                  author: { type: Owner, key: user }
                  login: { type: string, key: user.login }
              UserLinks:
                properties:
                  login: { type: string, key: user.login }
                  site: { type: url, key: blog }
              Account:
                properties:
                  author: { type: Owner, key: user }
                  links: { type: UserLinks, flatten: true }
            """)

    /// Documents the fast path writes, with the external JSON the general encoder writes for them
    /// (worked out by hand from its rules, so that the order of members is pinned too).
    static let taken: [(model: String, canonical: String, external: String)] = [
        // Flatten: one level and a nested one, their key paths sharing `meta` with the parent's.
        (
            "Repo",
            #"{"name":"r","links":{"html":"https://h.example/","api":"https://a.example/","label":"l","deep":{"depth":2,"note":"n"}},"owner":"o","size":3}"#,
            #"{"name":"r","html_url":"https://h.example/","url":"https://a.example/","meta":{"label":"l","depth":2,"owner":"o"},"note":"n","size":3}"#
        ),
        ("Repo", #"{"name":"r","size":1}"#, #"{"name":"r","size":1}"#),
        ("Repo", #"{"name":"r","links":null,"owner":"o"}"#, #"{"name":"r","meta":{"owner":"o"}}"#),
        ("Repo", #"{"name":"r","links":{"api":"https://a.example/","deep":null}}"#, #"{"name":"r","url":"https://a.example/"}"#),
        (
            "Repo", #"{"name":"r","links":{"api":"https://a.example/","label":null,"deep":{}}}"#,
            #"{"name":"r","url":"https://a.example/","meta":{"label":null}}"#
        ),
        // A flattened model's empty `$extra` writes nothing.
        (
            "Repo", #"{"name":"r","links":{"api":"https://a.example/","deep":{"note":"n","$extra":{}}}}"#,
            #"{"name":"r","url":"https://a.example/","note":"n"}"#
        ),
        (
            "Repo", #"[{"name":"a","links":{"api":"https://a.example/"}},{"name":"b"}]"#,
            #"[{"name":"a","url":"https://a.example/"},{"name":"b"}]"#
        ),
        // Keep: absent, empty, scalars, objects and arrays as they are, in their order.
        ("Kept", #"{"id":1}"#, #"{"id":1}"#),
        ("Kept", #"{"id":1,"$extra":{}}"#, #"{"id":1}"#),
        (
            "Kept", #"{"$extra":{"z":true,"a":[1,{"b":"\u00e9"}],"n":null,"o":{"p":1.50}},"id":1,"state":"closed"}"#,
            #"{"id":1,"state":"closed","z":true,"a":[1,{"b":"é"}],"n":null,"o":{"p":1.50}}"#
        ),
        // Mapped keys win; a kept key no property writes (absent) is written from `$extra`.
        ("Kept", #"{"id":1,"$extra":{"id":99,"x":1}}"#, #"{"id":1,"x":1}"#),
        ("Kept", #"{"id":1,"$extra":{"plain":"zzz"}}"#, #"{"id":1,"plain":"zzz"}"#),
        ("Kept", #"{"id":1,"plain":"a","$extra":{"plain":"zzz"}}"#, #"{"id":1,"plain":"A"}"#),
        // A key written as escaped text, and one given escaped in `$extra`.
        ("Kept", #"{"id":1,"weird":"v","$extra":{"we\"ird":2,"x\u0041":3}}"#, #"{"id":1,"we\"ird":"v","xA":3}"#),
        // Kept members of a key path object join the object properties write.
        (
            "Kept", #"{"id":1,"login":"o","$extra":{"user":{"id":7,"links":{"api":"a"}}}}"#,
            #"{"id":1,"user":{"login":"o","id":7,"links":{"api":"a"}}}"#
        ),
        (
            "Kept", #"{"id":1,"login":"o","site":"s","$extra":{"user":{"id":7,"links":{"api":"a"}}}}"#,
            #"{"id":1,"user":{"login":"o","links":{"site":"s","api":"a"},"id":7}}"#
        ),
        ("Kept", #"{"id":1,"login":"o","$extra":{"user":"text"}}"#, #"{"id":1,"user":{"login":"o"}}"#),
        ("Kept", #"{"id":1,"$extra":{"user":{"id":7}}}"#, #"{"id":1,"user":{"id":7}}"#),
        // Nested models and models in arrays keep their own.
        (
            "Kept", #"{"id":1,"owner":{"name":"n","$extra":{"x":1}},"tags":[{"$extra":{"y":2}},{"name":"t"}],"$extra":{"w":0}}"#,
            #"{"id":1,"owner":{"name":"n","x":1},"tags":[{"y":2},{"name":"t"}],"w":0}"#
        ),
        // Variants: the discriminator is a written key.
        (
            "Shape", #"{"$type":"Circle","kind":"circle","radius":2,"$extra":{"color":"red","kind":"x"}}"#,
            #"{"kind":"circle","radius":2,"color":"red"}"#
        ),
        ("Shape", #"{"$type":"Square","kind":"square","side":1}"#, #"{"kind":"square","side":1}"#),
        // Both: kept keys meet flattened members.
        (
            "Both",
            #"{"id":1,"links":{"api":"https://a.example/","label":"l"},"$extra":{"url":"x","meta":{"more":1},"html_url":"h","z":0}}"#,
            #"{"id":1,"url":"https://a.example/","meta":{"label":"l","more":1},"html_url":"h","z":0}"#
        ),
        ("Both", #"{"id":1,"links":null,"$extra":{"url":"x"}}"#, #"{"id":1,"url":"x"}"#),
        // A model merged with its parent's members, with the parent's kept keys.
        ("Merged", #"{"author":{"name":"a"},"login":"b","$extra":{"user":{"y":1},"z":2}}"#, #"{"user":{"name":"a","login":"b"},"z":2}"#),
        // A flattened model's property writing into a model property's object.
        (
            "Account", #"{"author":{"name":"a"},"links":{"login":"b","site":"https://b.example/"}}"#,
            #"{"user":{"name":"a","login":"b"},"blog":"https://b.example/"}"#
        ),
        ("Account", #"{"links":{"login":"b"}}"#, #"{"user":{"login":"b"}}"#),
    ]

    @Test(arguments: 0..<taken.count)
    func theFastPathWritesWhatTheGeneralEncoderWrites(_ index: Int) throws {
        let (model, canonical, external) = Self.taken[index]
        let fast = try #require(
            try encodeAlone(Array(canonical.utf8), as: model, in: Self.catalog), "\(canonical) left to the general path")
        #expect(String(decoding: fast, as: UTF8.self) == external, "\(canonical)")
        expectEncodingAgrees(Self.catalog, canonical, as: model)
    }

    /// Documents with errors: the fast path leaves them to the general path, which reports them.
    static let errors: [(model: String, canonical: String)] = [
        ("Repo", #"{"name":"r","links":{}}"#),  // the flattened model's required property
        ("Repo", #"{"name":"r","links":{"api":5}}"#),
        ("Repo", #"{"name":"r","links":{"api":"https://a.example/","zzz":1}}"#),
        ("Repo", #"{"name":"r","links":5}"#),
        ("Repo", #"{"name":"r","links":{"api":"https://a.example/","deep":{"$extra":5}}}"#),
        ("Repo", #"{"name":"r","links":{"api":"https://a.example/","deep":{"depth":"2"}}}"#),
        ("Repo", #"{"name":"r","links":{"api":"https://a.example/","$extra":{}}}"#),  // Links does not keep
        ("Repo", #"{"name":"r","$extra":{"x":1}}"#),
        ("Kept", #"{"id":1,"$extra":5}"#),
        ("Kept", #"{"id":1,"$extra":[{"x":1}]}"#),
        ("Kept", #"{"id":1,"$extra":null}"#),
        ("Kept", #"{"$extra":{"id":1}}"#),
        ("Kept", #"{"id":1,"owner":{"$extra":"x"}}"#),
        ("Kept", #"{"id":1,"tags":[{"name":1,"$extra":{}}]}"#),
        ("Shape", #"{"$type":"Square","side":1,"$extra":{"x":1}}"#),
        ("Shape", #"{"$type":"Circle","radius":"2","$extra":{"x":1}}"#),
        ("Both", #"{"id":1,"links":{"api":"https://a.example/"},"$extra":"x"}"#),
    ]

    @Test(arguments: 0..<errors.count)
    func documentsWithErrorsGoToTheGeneralPath(_ index: Int) throws {
        let (model, canonical) = Self.errors[index]
        #expect(try encodeAlone(Array(canonical.utf8), as: model, in: Self.catalog) == nil, "\(canonical)")
        var general = MappingSession(catalog: Self.catalog)
        general.usesTranscoder = false
        #expect(throws: MappingErrors.self, "\(canonical)") { try general.encodeCanonical(Array(canonical.utf8), as: model) }
        expectEncodingAgrees(Self.catalog, canonical, as: model)
    }

    /// Shapes the fast path leaves to the general encoder though they encode: a kept value at an
    /// enum property's key (written back when the enum fell back to its default case), kept keys
    /// of a model merged with its parent's members or flattened into its parent, and `$type` in a
    /// flattened object.
    static let declined: [(model: String, canonical: String)] = [
        ("Kept", #"{"id":1,"state":"open","$extra":{"state":"reopened"}}"#),
        ("Kept", #"{"id":1,"state":"closed","$extra":{"state":"reopened"}}"#),
        ("Merged", #"{"author":{"name":"a","$extra":{"x":1}},"login":"b"}"#),
        ("Repo", #"{"name":"r","links":{"$type":"Links","api":"https://a.example/"}}"#),
        ("Repo", #"{"name":"r","links":{"api":"https://a.example/","deep":{"note":"n","$extra":{"x":1}}}}"#),
    ]

    /// A flattened model's kept keys are written into the object it shares with its parent, after
    /// the parent's own (decoding keeps unknown keys in the parent, so only canonical JSON written
    /// by hand has them): mapped keys and the parent's kept keys win, objects at key paths merge.
    @Test(arguments: [
        (
            #"{"name":"r","links":{"api":"https://a.example/","deep":{"note":"n","$extra":{"x":1}}}}"#,
            #"{"name":"r","url":"https://a.example/","note":"n","x":1}"#
        ),
        (
            #"{"name":"r","links":{"api":"https://a.example/","deep":{"depth":2,"$extra":{"name":"z","meta":{"more":1},"y":[1]}}}}"#,
            #"{"name":"r","url":"https://a.example/","meta":{"depth":2,"more":1},"y":[1]}"#
        ),
        (
            #"{"id":1,"links":{"api":"https://a.example/","deep":{"$extra":{"z":1,"q":2}}},"$extra":{"z":0}}"#,
            #"{"id":1,"url":"https://a.example/","z":0,"q":2}"#
        ),
    ])
    func flattenedModelsKeepTheirKeysInTheParentsObject(_ canonical: String, _ external: String) throws {
        let model = canonical.hasPrefix(#"{"id""#) ? "Both" : "Repo"
        var session = MappingSession(catalog: Self.catalog)
        #expect(String(decoding: try session.encodeCanonical(Array(canonical.utf8), as: model), as: UTF8.self) == external)
        expectEncodingAgrees(Self.catalog, canonical, as: model)
    }

    @Test(arguments: 0..<declined.count)
    func unusualShapesGoToTheGeneralEncoder(_ index: Int) throws {
        let (model, canonical) = Self.declined[index]
        #expect(try encodeAlone(Array(canonical.utf8), as: model, in: Self.catalog) == nil, "\(canonical)")
        expectEncodingAgrees(Self.catalog, canonical, as: model)
    }

    @Test func flattenedAndKeepingModelsAreEncodable() throws {
        let flat = Self.catalog.table.flat
        for name in ["Repo", "Links", "Kept", "Owner", "Both", "Circle", "Merged", "Account"] {
            #expect(flat.arenas.models[try Self.catalog.requireType(name).index].encodable, "\(name)")
        }
        for name in ["Event", "PushEvent", "CreateEvent", "Repository", "GitHubError", "ProjectCardMove"] {
            #expect(RealDataTests.catalog.table.flat.arenas.models[try RealDataTests.catalog.requireType(name).index].encodable, "\(name)")
        }
    }

    /// The bundled catalog's kept and flattened models: their examples' canonical JSON.
    @Test(arguments: [
        ("Event", "events/github_events.canonical.json"),
        ("Repository", "github/responses/get-repository-0-get.canonical.json"),
        ("GitHubError", "github/responses/errors-0-post.canonical.json"),
    ])
    func bundledExamplesTakeTheFastPath(model: String, file: String) throws {
        let url = RealDataTests.root.appendingPathComponent("Examples").appendingPathComponent(file)
        let canonical = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        #expect(try encodeAlone(Array(canonical.utf8), as: model, in: RealDataTests.catalog) != nil, "\(file)")
        expectEncodingAgrees(RealDataTests.catalog, canonical, as: model)
    }

    /// Events keep what their models do not map, the payload's other members among them (a kept
    /// `payload.action` would meet an enum with a default case: the general encoder's).
    @Test func keptEventMembersAreWrittenBack() throws {
        let canonical = """
            {"$type":"WatchEvent","id":"1","type":"WatchEvent","actor":{"id":1,"login":"a"},"repo":{"id":2,"name":"r"},\
            "createdAt":"2013-01-10T07:58:30Z","action":"started",\
            "$extra":{"payload":{"forced":true,"extra":[1]},"type":"ignored","zz":{"a":null}}}
            """
        let fast = try #require(try encodeAlone(Array(canonical.utf8), as: "Event", in: RealDataTests.catalog))
        let expected = """
            {"id":"1","type":"WatchEvent","actor":{"id":1,"login":"a"},"repo":{"id":2,"name":"r"},\
            "created_at":"2013-01-10T07:58:30Z","payload":{"action":"started","forced":true,"extra":[1]},"zz":{"a":null}}
            """
        #expect(String(decoding: fast, as: UTF8.self) == expected)
        expectEncodingAgrees(RealDataTests.catalog, canonical, as: "Event")
    }

    /// Decoding then encoding on the fast paths gives the document back (in canonical lexical form).
    @Test func decodeThenEncodeGivesTheDocumentBack() throws {
        let document =
            #"{"id":1,"html_url":"https://h.example/","url":"https://a.example/","meta":{"label":"l","x":[1]},"note":"n","z":{"y":null}}"#
        let canonical = try #require(try transcodeAlone(Array(document.utf8), as: "Both", in: Self.catalog))
        let external = try #require(try encodeAlone(canonical, as: "Both", in: Self.catalog))
        #expect(String(decoding: external, as: UTF8.self) == document)
    }
}
