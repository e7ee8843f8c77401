import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema (draft 2020-12) of a model's canonical or external JSON."
        )

        @Argument(help: ArgumentHelp("The model.", valueName: "model")) var model: String

        enum Side: String, ExpressibleByArgument, CaseIterable {
            case canonical, external
        }

        @Option(help: "Which JSON to describe: canonical (the model's own) or external (the API's).")
        var side: Side = .canonical

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            let name = try resolve(model, in: loaded)
            do {
                output.write(try loaded.jsonSchema(for: name, side: side == .canonical ? .canonical : .external))
            } catch {
                for problem in error.errors { Output.error(problem.description) }
                throw ExitCode(1)
            }
        }
    }
}
