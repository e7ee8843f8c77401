import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Validate: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check mapping files and print every problem in every file.",
            discussion: "Exit status: 0 valid, 1 errors (or warnings with --strict), 2 files that cannot be read."
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Argument(
            help: ArgumentHelp(
                "Mapping files or directories (default: --mappings, $MAPPER_MAPPINGS, Mappings/).",
                valueName: "path"))
        var paths: [String] = []

        @Option(help: "Output format: text (compiler style) or json.")
        var format: Format = .text

        @Flag(help: "Fail on warnings too.")
        var strict = false

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let check = Catalog.check(paths: try catalog.existingPaths(adding: paths), options: catalog.loadOptions)
            if let loaded = check.catalog { KeptUntilExit.keep(loaded) }
            let diagnostics = check.diagnostics
            switch format {
            case .text:
                for diagnostic in diagnostics { Output.print(diagnostic.description) }
                Output.print(diagnostics.summary)
            case .json:
                output.write(diagnostics.jsonReport)
            }
            if diagnostics.contains(where: \.isIOFailure) { throw ExitCode(2) }
            if diagnostics.errorCount > 0 || (strict && diagnostics.warningCount > 0) {
                throw ExitCode(1)
            }
        }
    }
}
