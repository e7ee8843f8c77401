import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Archive: DataCommand {
        static let configuration = CommandConfiguration(
            commandName: "archive",
            abstract: "Wrap canonical JSON in an archive: {\"$model\", \"$version\", …} without archive: false properties."
        )

        @Argument(help: ArgumentHelp("The model of the canonical input.", valueName: "model")) var model: String
        @Argument(help: ArgumentHelp("Canonical JSON (default: stdin).", valueName: "file")) var file: String?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try MappingRun(catalog: catalog, data: data, output: output).run(file: file, models: [model]) {
                session, models, bytes throws(MappingErrors) in
                try session.archive(bytes, as: models[0])
            }
        }
    }
}
