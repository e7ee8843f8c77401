import ArgumentParser
import Foundation
import MapperKit
import MapperTooling

extension MapperCommand {
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test",
            abstract: "Run golden tests (*.test.yaml) against the catalog.",
            discussion: """
                Prints PASS or FAIL per test (with what differed), then 'N passed, M failed'. Exit 1 when any \
                failed. Without --mappings, tests below a folder that holds its own Mappings/ folder run \
                against that catalog; the others against the default catalog. With --coverage, also prints \
                which properties, defaults, union members, enum cases, aliases and fallbacks, variant \
                choices, routes, model rules (held, and seen failing) and decode/encode/default expressions \
                the tests exercised, per mapping file, with the place of each one they did not; --min \
                PERCENT exits 1 when the total is below it. With --round-trip, each decode test also \
                encodes what it decoded and fails on any difference from its input that is not one of \
                the documented canonicalisations (docs/language/round-trips.md).
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        /// Where the golden tests are when no path is given.
        static let defaultFolder = "Examples"

        @Argument(help: ArgumentHelp("Golden test files or directories (default: Examples/).", valueName: "path"))
        var paths: [String] = []

        @Flag(help: "Report which rules of the catalog the tests exercised.")
        var coverage = false

        @Flag(help: "Also encode each decode test's result and fail on a difference from its input no documented rule makes.")
        var roundTrip = false

        @Option(help: ArgumentHelp("With --coverage: exit 1 when the total coverage is below this percentage.", valueName: "percent"))
        var min: Double?

        @Option(help: "Output format: text, or json (one object with the results and the coverage).")
        var format: Format = .text

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if min != nil && !coverage { throw ValidationError("--min needs --coverage.") }
            if let min, !(0...100).contains(min) { throw ValidationError("--min must be a percentage from 0 to 100, not \(min).") }
        }

        func run() throws {
            if paths.isEmpty && !FileManager.default.fileExists(atPath: Self.defaultFolder) {
                Output.error(
                    """
                    error: no golden tests found: there is no \(Self.defaultFolder)/ folder in \(FileManager.default.currentDirectoryPath)
                    hint: name the test files or folders (mapper test tests/), run the command in the folder that holds \
                    \(Self.defaultFolder)/, or create a starting catalog with a golden test here with 'mapper init'
                    """)
                throw ExitCode(2)
            }
            let (files, missing) = GoldenRunner.files(under: paths.isEmpty ? [Self.defaultFolder] : paths)
            for path in missing { Output.error("error: no such file or directory '\(path)'") }
            if !missing.isEmpty { throw ExitCode(2) }
            // Tests below a folder with its own Mappings/ run against that catalog, unless
            // --mappings names one for all.
            let groups = catalog.mappings.isEmpty ? GoldenRunner.groupedByCatalog(files) : [(catalog: nil, files: files)]
            var results: [GoldenRunner.Result] = []
            var coverages: [Coverage] = []
            for group in groups {
                let loaded = try catalog.load(replacing: group.catalog.map { [$0] })
                let run = GoldenRunner.run(files: group.files, catalog: loaded, coverage: coverage, roundTrip: roundTrip)
                if format == .text { printResults(run.results) }
                results += run.results
                if let part = run.coverage { coverages.append(part) }
            }
            let passed = results.count(where: \.passed)
            let failed = results.count - passed
            let report = coverage ? Coverage.merged(coverages) : nil
            switch format {
            case .text:
                Output.print("\(passed) passed, \(failed) failed")
                if let report { Output.print(report.text) }
            case .json:
                output.write(json(results, passed: passed, failed: failed, coverage: report))
            }
            if failed > 0 { throw ExitCode(1) }
            if let min, let report, report.percent < min {
                Output.error("error: coverage \(Coverage.format(report.percent))% is below --min \(Coverage.format(min))%")
                throw ExitCode(1)
            }
        }

        private func printResults(_ results: [GoldenRunner.Result]) {
            for result in results {
                Output.print("\(result.passed ? "PASS" : "FAIL") \(result.name)")
                if !result.passed {
                    Output.print("  at \(result.mark)")
                    for line in result.details { Output.print("  " + line) }
                }
            }
        }

        /// `{"passed": N, "failed": M, "failures": [{"name", "location", "details"}], "coverage": {…}}`
        /// (`coverage` only with --coverage).
        private func json(_ results: [GoldenRunner.Result], passed: Int, failed: Int, coverage: Coverage?) -> JSONValue {
            let failures: [JSONValue] = results.filter { !$0.passed }.map { result in
                [
                    "name": .string(result.name), "location": .string(result.mark.description),
                    "details": .array(result.details.map(JSONValue.string)),
                ]
            }
            var members: [JSONObject.Member] = [
                .init(key: "passed", value: .number(JSONNumber(Int64(passed)))),
                .init(key: "failed", value: .number(JSONNumber(Int64(failed)))),
                .init(key: "failures", value: .array(failures)),
            ]
            if let coverage { members.append(.init(key: "coverage", value: coverage.json)) }
            return .object(JSONObject(members))
        }
    }
}
