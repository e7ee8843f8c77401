import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Diff: DataCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Compare two canonical documents of a model; print the property paths that differ.",
            discussion: "Exit status 0 when equal, 1 when different (or invalid)."
        )

        @Argument(help: ArgumentHelp("The model of both documents.", valueName: "model")) var model: String
        @Argument(help: ArgumentHelp("Canonical JSON.", valueName: "a")) var a: String
        @Argument(help: ArgumentHelp("Canonical JSON.", valueName: "b")) var b: String

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions

        func run() throws {
            let loaded = try catalog.load()
            let name = try resolve(model, in: loaded, reporting: data)
            let first = try InputFile.read(a)
            let second = try InputFile.read(b)
            var session = MappingSession(catalog: loaded)
            let paths: [String]
            do {
                paths = try session.differences(first, second, as: name)
            } catch {
                data.report(error)
                throw ExitCode(1)
            }
            for path in paths { Output.print(path) }
            if !paths.isEmpty { throw ExitCode(1) }
        }
    }
}
