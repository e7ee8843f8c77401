import Foundation
@testable import MapperKit
import MapperTestSupport
@testable import MapperTooling
import Testing

/// Coverage of model rules (held, and seen failing) and of `decode`/`encode`/default expressions.
/// The expected items are counted by hand from the catalog below.
struct ExpressionCoverageTests {
    static let mappings = """
        mapper: 1
        models:
          Booking:
            properties:
              startsAt: { type: date, required: true }
              endsAt: { type: date, required: true }
              nights: { type: int, decode: "1" }
              label: { type: string, encode: "self.label + '!'" }
              currency: { type: string, default: { expr: "'EUR'" } }
            rules:
              - rule: "self.endsAt > self.startsAt"
                message: ends before it starts
          Hotel:
            extends: Booking
            properties: { stars: int }
        """

    static func run(_ tests: String) throws -> Coverage {
        let directory = try TemporaryDirectory(["cov.yaml": mappings, "cov.test.yaml": tests])
        let catalog = try Catalog(paths: [directory.path + "/cov.yaml"])
        let run = GoldenRunner.run(files: [directory.path + "/cov.test.yaml"], catalog: catalog, coverage: true)
        #expect(run.failed == 0, "\(run.results.flatMap(\.details))")
        return try #require(run.coverage)
    }

    static func names(_ coverage: Coverage, covered: Bool) -> Set<String> {
        Set(coverage.items.filter { $0.covered == covered }.map { "\($0.kind.rawValue) \($0.name)" })
    }

    @Test func rulesAndExpressionsAreItems() throws {
        let coverage = try Self.run(
            """
            tests:
              - name: a booking that holds
                model: Booking
                input: { startsAt: "2026-01-01T00:00:00Z", endsAt: "2026-01-02T00:00:00Z", label: x }
            """)
        // Booking: 5 properties, 1 rule twice (held, failing), 3 expressions; Hotel: 1 property
        // (its inherited rule is Booking's item).
        #expect(coverage.items.count == 11)
        #expect(
            Self.names(coverage, covered: false) == [
                "rule-failure Booking \"self.endsAt > self.startsAt\"", "expression Booking.label encode", "property Hotel.stars",
            ])
        #expect(
            Self.names(coverage, covered: true).isSuperset(of: [
                "rule Booking \"self.endsAt > self.startsAt\"", "expression Booking.nights decode",
                "expression Booking.currency default expression",
            ]))
        let rule = try #require(coverage.items.first { $0.kind == .rule })
        #expect(rule.mark.line == 11)
    }

    @Test func aFailingRuleAndAnEncodeAreCoveredWhenTestsSeeThem() throws {
        let coverage = try Self.run(
            """
            tests:
              - name: ends before it starts
                model: Hotel
                input: { startsAt: "2026-01-02T00:00:00Z", endsAt: "2026-01-01T00:00:00Z" }
                expect_error: { code: rule-failed }
              - name: encode
                operation: encode
                model: Booking
                input: { startsAt: "2026-01-01T00:00:00Z", endsAt: "2026-01-02T00:00:00Z", label: x, currency: EUR }
                expect: { startsAt: "2026-01-01T00:00:00Z", endsAt: "2026-01-02T00:00:00Z", label: "x!", currency: EUR }
            """)
        let covered = Self.names(coverage, covered: true)
        #expect(covered.contains("rule-failure Booking \"self.endsAt > self.startsAt\""))
        #expect(covered.contains("expression Booking.label encode"))
        // Nothing decoded successfully: the rule was never seen holding, no decode expression ran.
        #expect(!covered.contains("rule Booking \"self.endsAt > self.startsAt\""))
        #expect(!covered.contains("expression Booking.nights decode"))
        #expect(!covered.contains("expression Booking.currency default expression"))
    }
}
