import ArgumentParser
import MapperKit
import MapperTooling

extension MapperCommand {
    struct Compat: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "compat",
            abstract: "Tell whether a new catalog breaks consumers of the old one.",
            discussion: """
                Compares the catalogs model by model and enum by enum, and classifies each change as breaking \
                or compatible, separately for the canonical side (consumers of canonical JSON) and the external \
                side (documents the old catalog decoded). For a renamed property it prints the archive \
                migration step to add. Exit status: 0 compatible, 1 breaking, 2 a catalog cannot be read or loaded.
                """
        )

        enum Format: String, ExpressibleByArgument, CaseIterable {
            case text, json
        }

        @Argument(help: ArgumentHelp("The old catalog: a mapping file or directory (with --git, as it was at REV).", valueName: "old"))
        var old: String

        @Argument(help: ArgumentHelp("The new catalog: a mapping file or directory.", valueName: "new"))
        var new: String

        @Option(help: ArgumentHelp("Read OLD as it was at this git revision (a commit, tag or branch).", valueName: "rev"))
        var git: String?

        @Option(help: "Output format: text or json.")
        var format: Format = .text

        @Option(
            name: .customLong("assume-transformer"),
            help: ArgumentHelp(
                "Accept 'transform: NAME' without an implementation (repeatable).", valueName: "name"))
        var assumedTransformers: [String] = []

        @OptionGroup var output: OutputOptions

        func run() throws {
            let options = LoadOptions(assumedTransformers: Set(assumedTransformers))
            let oldCatalog: Catalog
            if let git {
                let sources: [Catalog.Source]
                do {
                    sources = try GitRevision.sources(of: old, at: git)
                } catch {
                    Output.error("error: \(error.message)")
                    throw ExitCode(2)
                }
                oldCatalog = try load { () throws(CatalogError) in try Catalog(sources: sources, options: options) }
            } else {
                oldCatalog = try load { () throws(CatalogError) in try Catalog(paths: [old], options: options) }
            }
            let newCatalog = try load { () throws(CatalogError) in try Catalog(paths: [new], options: options) }
            let report = Compatibility.compare(old: oldCatalog, new: newCatalog)
            switch format {
            case .text: Output.print(report.text)
            case .json: output.write(report.json)
            }
            if report.isBreaking { throw ExitCode(1) }
        }

        /// A catalog that does not load cannot be compared: its diagnostics, and exit 2 (1 is "breaking").
        private func load(_ body: () throws(CatalogError) -> Catalog) throws -> Catalog {
            do {
                return KeptUntilExit.keep(try body())
            } catch {
                for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
                Output.error(error.diagnostics.summary)
                throw ExitCode(2)
            }
        }
    }
}
