import MapperKit
@testable import MapperTooling
import Testing

/// `Compatibility.compare`: what a change to a catalog does to consumers of canonical JSON and to
/// the documents the old catalog decoded. Expected verdicts follow the rules the issue states
/// (removed/renamed/narrowed/required/`$type` break the canonical side; a key change, a narrowed
/// type, a removed enum value or an added requirement break the external side).
struct CompatibilityTests {
    static func catalog(_ models: String, enums: String = "") throws -> Catalog {
        try Catalog(yaml: "mapper: 1\n" + (enums.isEmpty ? "" : "enums:\n" + enums + "\n") + "models:\n" + models)
    }

    static func compare(_ old: String, _ new: String, oldEnums: String = "", newEnums: String = "") throws -> Compatibility {
        Compatibility.compare(old: try catalog(old, enums: oldEnums), new: try catalog(new, enums: newEnums))
    }

    static func breaking(_ report: Compatibility, _ side: Compatibility.Side) -> [String] {
        report.changes.filter { $0.breaking && $0.side == side }.map { "\($0.kind.rawValue) \($0.subject).\($0.member ?? "")" }
    }

    @Test func identicalCatalogsHaveNoChanges() throws {
        let models = "  Issue:\n    properties: { number: int, title: string }\n"
        let report = try Self.compare(models, models)
        #expect(report.changes.isEmpty)
        #expect(!report.isBreaking)
        #expect(report.summary == "no changes")
    }

    @Test func renameBreaksCanonicalOnlyAndSuggestsTheMigration() throws {
        let report = try Self.compare(
            "  Issue:\n    properties: { number: int, title: string }\n",
            "  Issue:\n    properties: { number: int, headline: { type: string, key: title } }\n")
        #expect(Self.breaking(report, .canonical) == ["property-renamed Issue.title"])
        #expect(Self.breaking(report, .external).isEmpty)
        let rename = try #require(report.changes.first { $0.kind == .propertyRenamed })
        #expect(rename.migration == "version: 2\nmigrations:\n  - { from: 1, rename: { title: headline } }")
        #expect(rename.old?.line == 4)
        #expect(report.isBreaking)
    }

    @Test func renameAlreadyMigratedNeedsNoSuggestion() throws {
        let report = try Self.compare(
            "  Issue:\n    properties: { title: string }\n",
            "  Issue:\n    version: 2\n    properties: { headline: { type: string, key: title } }\n    migrations:\n      - { from: 1, rename: { title: headline } }\n"
        )
        let rename = try #require(report.changes.first { $0.kind == .propertyRenamed })
        #expect(rename.migration == nil)
    }

    @Test func keyChangeBreaksExternalOnly() throws {
        let report = try Self.compare(
            "  Issue:\n    properties: { title: string }\n",
            "  Issue:\n    properties: { title: { type: string, key: name } }\n")
        #expect(Self.breaking(report, .external) == ["key-changed Issue.title"])
        #expect(Self.breaking(report, .canonical).isEmpty)
    }

    @Test func narrowedTypeBreaksBothSidesAndWidenedNeither() throws {
        let narrowed = try Self.compare("  M:\n    properties: { count: double }\n", "  M:\n    properties: { count: int }\n")
        #expect(Self.breaking(narrowed, .canonical) == ["type-narrowed M.count"])
        #expect(Self.breaking(narrowed, .external) == ["type-narrowed M.count"])
        let widened = try Self.compare("  M:\n    properties: { count: int }\n", "  M:\n    properties: { count: \"int | string\" }\n")
        #expect(!widened.isBreaking)
        #expect(widened.changes.map(\.kind) == [.typeWidened, .typeWidened])
        let changed = try Self.compare("  M:\n    properties: { count: int }\n", "  M:\n    properties: { count: bool }\n")
        #expect(Self.breaking(changed, .canonical) == ["type-changed M.count"])
    }

    @Test func removedPropertyBreaksCanonicalAndExternalOnlyWhenUnknownKeysAreRejected() throws {
        let ignoring = try Self.compare("  M:\n    properties: { a: int, b: int }\n", "  M:\n    properties: { a: int }\n")
        #expect(Self.breaking(ignoring, .canonical) == ["property-removed M.b"])
        #expect(Self.breaking(ignoring, .external).isEmpty)
        let rejecting = try Self.compare(
            "  M:\n    unknown_keys: reject\n    properties: { a: int, b: int }\n",
            "  M:\n    unknown_keys: reject\n    properties: { a: int }\n")
        #expect(Self.breaking(rejecting, .external) == ["property-removed M.b"])
    }

    @Test func requiredAddedBreaksBothSides() throws {
        let became = try Self.compare("  M:\n    properties: { a: int }\n", "  M:\n    properties: { a: { type: int, required: true } }\n")
        #expect(Self.breaking(became, .canonical) == ["required-added M.a"])
        #expect(Self.breaking(became, .external) == ["required-added M.a"])
        let added = try Self.compare(
            "  M:\n    properties: { a: int }\n", "  M:\n    properties: { a: int, b: { type: int, required: true } }\n")
        #expect(Self.breaking(added, .external) == ["required-added M.b"])
        let optional = try Self.compare("  M:\n    properties: { a: int }\n", "  M:\n    properties: { a: int, b: int }\n")
        #expect(!optional.isBreaking)
        #expect(optional.changes.map(\.kind) == [.propertyAdded])
    }

    @Test func removedEnumCaseBreaksAndADefaultKeepsExternalDocumentsDecoding() throws {
        let model = "  M:\n    properties: { state: State }\n"
        let withoutDefault = try Self.compare(
            model, model,
            oldEnums: "  State: { cases: { open: open, closed: { json: closed, aliases: [resolved] } } }",
            newEnums: "  State: { cases: { open: open } }")
        #expect(Self.breaking(withoutDefault, .canonical) == ["enum-case-removed State.closed"])
        #expect(Self.breaking(withoutDefault, .external) == ["enum-value-removed State.closed", "enum-value-removed State.closed"])
        #expect(withoutDefault.changes.filter { $0.kind == .enumValueRemoved }.map(\.message).allSatisfy { $0.contains("refused") })
        let withDefault = try Self.compare(
            model, model,
            oldEnums: "  State: { cases: { open: open, closed: closed } }",
            newEnums: "  State: { cases: { open: open }, default: open }")
        #expect(Self.breaking(withDefault, .external).isEmpty)
        #expect(Self.breaking(withDefault, .canonical) == ["enum-case-removed State.closed"])
        // An alias is still a value decode accepts.
        let aliased = try Self.compare(
            model, model,
            oldEnums: "  State: { cases: { open: open, closed: closed } }",
            newEnums: "  State: { cases: { open: open, done: { json: done, aliases: [closed] } } }")
        #expect(Self.breaking(aliased, .external).isEmpty)
    }

    @Test func variantsRemovedChangesTypeTag() throws {
        let variants = """
              Event:
                properties: { kind: string }
                variants: { by: kind, cases: { push: Push } }
              Push:
                extends: Event
                properties: { ref: string }

            """
        let plain = "  Event:\n    properties: { kind: string }\n  Push:\n    extends: Event\n    properties: { ref: string }\n"
        let report = try Self.compare(variants, plain)
        #expect(Self.breaking(report, .canonical) == ["type-tag-changed Event."])
        let dropped = try Self.compare(
            variants,
            """
              Event:
                properties: { kind: string }
                variants: { by: kind, cases: { pushed: Push } }
              Push:
                extends: Event
                properties: { ref: string }

            """)
        // `kind = "push"` no longer picks a variant and there is no fallback.
        #expect(Self.breaking(dropped, .external) == ["variant-removed Event.Push"])
    }

    @Test func unknownKeysRejectBreaksExternal() throws {
        let report = try Self.compare("  M:\n    properties: { a: int }\n", "  M:\n    unknown_keys: reject\n    properties: { a: int }\n")
        #expect(Self.breaking(report, .external) == ["unknown-keys-changed M."])
    }

    /// Leaving out more of the encoded document breaks its readers (a key they found is gone);
    /// leaving out less does not. The model's `omit` counts for its properties.
    @Test func omitThatLeavesOutMoreBreaksExternal() throws {
        let never = "  M:\n    properties: { a: int, b: string }\n"
        let nulls = "  M:\n    omit: nulls\n    properties: { a: int, b: string }\n"
        let empty = "  M:\n    properties: { a: int, b: { type: string, omit: empty } }\n"
        #expect(Self.breaking(try Self.compare(never, nulls), .external) == ["omit-changed M.a", "omit-changed M.b"])
        #expect(Self.breaking(try Self.compare(never, empty), .external) == ["omit-changed M.b"])
        let relaxed = try Self.compare(nulls, never)
        #expect(Self.breaking(relaxed, .external).isEmpty)
        #expect(relaxed.changes.map { "\($0.kind.rawValue) \($0.subject).\($0.member ?? "")" } == ["omit-changed M.a", "omit-changed M.b"])
        #expect(try Self.compare(nulls, nulls).changes.isEmpty)
    }

    @Test func removedModelBreaksBothSides() throws {
        let report = try Self.compare(
            "  A:\n    properties: { a: int }\n  B:\n    properties: { b: int }\n", "  A:\n    properties: { a: int }\n")
        #expect(Self.breaking(report, .canonical) == ["model-removed B."])
        #expect(Self.breaking(report, .external) == ["model-removed B."])
    }

    @Test func jsonReportHasEveryMemberInAStableOrder() throws {
        let report = try Self.compare("  M:\n    properties: { a: int }\n", "  M:\n    properties: { a: double }\n")
        let text = JSONWriter.write(report.json)
        #expect(
            text.hasPrefix(
                #"{"breaking":false,"summary":{"canonical":{"breaking":0,"compatible":1},"external":{"breaking":0,"compatible":1}},"changes":[{"side":"canonical","breaking":false,"kind":"type-widened","subject":"M","member":"a","message":"type widened from int to double","old":"inline.yaml:4:19","new":"inline.yaml:4:19","migration":null}"#
            ))
    }
}
