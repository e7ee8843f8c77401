import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run golden tests (*.test.yaml) against the catalog.",
            discussion: "Prints PASS or FAIL per test (with what differed), then 'N passed, M failed'. Exit 1 when any failed."
        )

        @Argument(help: ArgumentHelp("Golden test files or directories (default: Examples/).", valueName: "path"))
        var paths: [String] = []

        @OptionGroup var catalog: CatalogOptions

        func run() throws {
            let loaded = try catalog.load()
            let (files, missing) = GoldenTests.files(under: paths.isEmpty ? ["Examples"] : paths)
            for path in missing { Output.error("error: no such file or directory '\(path)'") }
            if !missing.isEmpty { throw ExitCode(2) }
            let run = GoldenTests.run(files: files, catalog: loaded)
            for result in run.results {
                Output.print("\(result.passed ? "PASS" : "FAIL") \(result.name)")
                if !result.passed {
                    Output.print("  at \(result.location)")
                    for line in result.details { Output.print("  " + line) }
                }
            }
            Output.print(run.summary)
            if run.failed > 0 { throw ExitCode(1) }
        }
    }
}
