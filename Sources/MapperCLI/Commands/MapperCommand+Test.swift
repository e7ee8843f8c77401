import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run golden tests (*.test.yaml) against the catalog.",
            discussion: """
                Prints PASS or FAIL per test (with what differed), then 'N passed, M failed'. Exit 1 when any \
                failed. Without --mappings, tests below a folder that holds its own Mappings/ folder run \
                against that catalog; the others against the default catalog.
                """
        )

        @Argument(help: ArgumentHelp("Golden test files or directories (default: Examples/).", valueName: "path"))
        var paths: [String] = []

        @OptionGroup var catalog: CatalogOptions

        func run() throws {
            let (files, missing) = GoldenRunner.files(under: paths.isEmpty ? ["Examples"] : paths)
            for path in missing { Output.error("error: no such file or directory '\(path)'") }
            if !missing.isEmpty { throw ExitCode(2) }
            // Tests below a folder with its own Mappings/ run against that catalog, unless
            // --mappings names one for all.
            let groups = catalog.mappings.isEmpty ? GoldenRunner.groupedByCatalog(files) : [(catalog: nil, files: files)]
            var passed = 0
            var failed = 0
            for group in groups {
                let loaded = try catalog.load(replacing: group.catalog.map { [$0] })
                let run = GoldenRunner.run(files: group.files, catalog: loaded)
                for result in run.results {
                    Output.print("\(result.passed ? "PASS" : "FAIL") \(result.name)")
                    if !result.passed {
                        Output.print("  at \(result.mark)")
                        for line in result.details { Output.print("  " + line) }
                    }
                }
                passed += run.passed
                failed += run.failed
            }
            Output.print("\(passed) passed, \(failed) failed")
            if failed > 0 { throw ExitCode(1) }
        }
    }
}
