import Foundation
@testable import MapperKit
import MapperTestSupport
@testable import MapperTooling
import Testing

/// Golden test coverage: which rules of a catalog the tests exercised. The expected items are
/// counted by hand from the catalog below (line numbers are the lines of `mappings`).
struct CoverageTests {
    static let mappings = """
        mapper: 1
        enums:
          State:
            cases:
              open: open
              closed: { json: closed, aliases: [resolved] }
            default: open
        models:
          Issue:
            properties:
              number: int
              state: State
              label: { type: string, default: none }
              ref: "int | string"
          Event:
            properties: { kind: string }
            variants:
              when: [{ has: image_url, model: Picture }]
              by: kind
              cases: { text: Text }
              fallback: Event
          Picture:
            extends: Event
            properties: { imageURL: { type: url, key: image_url } }
          Text:
            extends: Event
            properties: { body: string }
        routes:
          paths:
            /issues/#: Issue
            /tickets/#: Issue
        """

    static let tests = """
        tests:
          - name: an issue by route, state by its alias, label by default
            route: /issues/1
            input: { number: 1, state: resolved, ref: 5 }
            expect: { number: 1, state: closed, label: none, ref: 5 }
          - name: a text event
            model: Event
            input: { kind: text, body: hi }
        """

    static func run(_ tests: String = tests, coverage: Bool = true) throws -> (GoldenRunner.Run, TemporaryDirectory) {
        let directory = try TemporaryDirectory(["cov.yaml": mappings, "cov.test.yaml": tests])
        let catalog = try Catalog(paths: [directory.path + "/cov.yaml"])
        return (GoldenRunner.run(files: [directory.path + "/cov.test.yaml"], catalog: catalog, coverage: coverage), directory)
    }

    @Test func everyKindOfRuleIsListedAndTheExercisedOnesCovered() throws {
        let (run, directory) = try Self.run()
        #expect(run.failed == 0)
        let coverage = try #require(run.coverage)
        // Issue: 4 properties, 1 default, 2 union members; Event: 1 property, 3 variant choices;
        // Picture and Text: 1 property each; State: 2 cases, 1 alias, 1 fallback; 2 routes.
        #expect(coverage.items.count == 19)
        #expect(coverage.covered == 12)
        #expect(Coverage.format(coverage.percent) == "63.1")
        let uncovered = Set(coverage.items.filter { !$0.covered }.map { "\($0.kind.rawValue) \($0.name)" })
        #expect(
            uncovered == [
                "union-member Issue.ref | string", "enum-case State.open", "enum-fallback State default open", "route /tickets/#",
                "variant-predicate Event when has image_url → Picture", "variant-fallback Event fallback → Event",
                "property Picture.imageURL",
            ])
        let lines = Dictionary(coverage.items.map { ($0.name, $0.mark.line) }, uniquingKeysWith: { first, _ in first })
        #expect(lines["Issue.ref | string"] == 14)
        #expect(lines["State.open"] == 5)
        #expect(lines["/tickets/#"] == 31)
        #expect(lines["Picture.imageURL"] == 24)
        #expect(coverage.files.map(\.file) == [directory.path + "/cov.yaml"])
    }

    @Test func fallbacksAndPredicatesAreCoveredWhenExercised() throws {
        let (run, _) = try Self.run(
            """
            tests:
              - name: unknown state falls back
                route: /tickets/2
                input: { number: 2, state: reopened, ref: abc, label: x }
                expect: { number: 2, state: open, label: x, ref: abc }
              - name: a picture
                model: Event
                input: { kind: photo, image_url: "https://example.com/a.png" }
              - name: an unknown kind
                model: Event
                input: { kind: video }
            """)
        #expect(run.failed == 0)
        let covered = Set(try #require(run.coverage).items.filter(\.covered).map(\.name))
        #expect(
            covered.isSuperset(of: [
                "State default open", "State.open", "Issue.ref | string", "/tickets/#", "Event when has image_url → Picture",
                "Event fallback → Event", "Picture.imageURL",
            ]))
        // The label was given, so its default was not used; nothing picked the discriminator case.
        #expect(!covered.contains("Issue.label default"))
        #expect(!covered.contains("Event case kind = \"text\" → Text"))
        #expect(!covered.contains("State.closed alias \"resolved\""))
    }

    @Test func withoutCoverageNothingIsCollected() throws {
        let (run, _) = try Self.run(coverage: false)
        #expect(run.coverage == nil)
        #expect(run.passed == 2)
    }

    @Test func jsonListsUncoveredItemsPerFileWithTheirPlaces() throws {
        let (run, directory) = try Self.run()
        let json = try #require(run.coverage).json
        #expect(json["covered"] == 12)
        #expect(json["total"] == 19)
        #expect(json["percent"] == .number(JSONNumber("63.1")!))
        guard case .array(let files)? = json["files"], case .array(let uncovered)? = files.first?["uncovered"] else {
            Issue.record("no files")
            return
        }
        #expect(files.first?["file"] == .string(directory.path + "/cov.yaml"))
        #expect(uncovered.count == 7)
        #expect(uncovered.contains(["kind": "enum-case", "name": "State.open", "location": .string(directory.path + "/cov.yaml:5:13")]))
    }
}
