import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Unarchive: DataCommand {
        static let configuration = CommandConfiguration(
            commandName: "unarchive",
            abstract: "Read an archive, migrating older versions, and print its canonical JSON."
        )

        @Argument(help: ArgumentHelp("The archive (default: stdin).", valueName: "file")) var file: String?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            try MappingRun(catalog: catalog, data: data, output: output).run(file: file, models: []) {
                session, _, bytes throws(MappingErrors) in
                try session.unarchive(bytes).canonical
            }
        }
    }
}
