import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "schema",
            abstract: "Print the JSON Schema (draft 2020-12) of a model's canonical or external JSON.",
            discussion: """
                With --language, the JSON Schema (draft-07, for editors) of the mapping files themselves, \
                or with --language tests of golden test files (*.test.yaml).
                """
        )

        @Argument(help: ArgumentHelp("The model (with --language: 'tests' for golden test files).", valueName: "model"))
        var model: String?

        @Flag(help: "Print the JSON Schema of the mapping language (draft-07) instead of a model's.")
        var language = false

        enum Side: String, ExpressibleByArgument, CaseIterable {
            case canonical, external
        }

        @Option(help: "Which JSON to describe: canonical (the model's own) or external (the API's).")
        var side: Side = .canonical

        @Flag(
            help: ArgumentHelp(
                "The schema of a partial document (PATCH): no 'required', every property nullable."))
        var partial = false

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if language, let model, MappingLanguage.Document(rawValue: model) == nil {
                throw ValidationError("--language takes 'mappings' (the default) or 'tests', not '\(model)'")
            }
            if !language, model == nil { throw ValidationError("Missing expected argument '<model>'") }
            if language && partial {
                throw ValidationError("--partial describes a model's partial documents; it does not go with --language.")
            }
        }

        func run() throws {
            if language {
                output.write(MappingLanguage.jsonSchema(for: model.flatMap(MappingLanguage.Document.init) ?? .mappings))
                return
            }
            let loaded = try catalog.load()
            let name = try resolve(model ?? "", in: loaded)
            do {
                output.write(try loaded.jsonSchema(for: name, side: side == .canonical ? .canonical : .external, partial: partial))
            } catch {
                for problem in error.errors { Output.error(problem.description) }
                throw ExitCode(1)
            }
        }
    }
}
