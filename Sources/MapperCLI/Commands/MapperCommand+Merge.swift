import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Merge: DataCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge a canonical source into a canonical target, property by property.",
            discussion:
                "TARGET and SOURCE hold canonical JSON of MODEL, or of a model it extends or that extends it (say which with \"$type\")."
        )

        @Argument(help: ArgumentHelp("The model of the target.", valueName: "model")) var model: String
        @Argument(help: ArgumentHelp("Canonical JSON of the target.", valueName: "target")) var target: String
        @Argument(help: ArgumentHelp("Canonical JSON of the source.", valueName: "source")) var source: String

        @Flag(
            help: ArgumentHelp(
                "The source is a partial document (a PATCH, as decode --partial writes it): its required properties may be missing."))
        var partial = false

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            let name = try resolve(model, in: loaded, reporting: data)
            let targetBytes = try InputFile.read(target)
            let sourceBytes = try InputFile.read(source)
            var session = MappingSession(catalog: loaded)
            session.partial = partial
            do {
                let merged = try session.merge(target: targetBytes, source: sourceBytes, as: name)
                output.write(bytes: merged)
            } catch {
                data.report(error)
                throw ExitCode(1)
            }
        }
    }
}
