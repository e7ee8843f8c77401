import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Encode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Map canonical JSON (an object or an array) back to the external JSON shape.",
            discussion: "Reads FILE, or stdin when FILE is missing or '-'."
        )

        @Argument(help: ArgumentHelp("The model of the canonical input.", valueName: "model"))
        var model: String

        @Argument(help: ArgumentHelp("The canonical JSON input (default: stdin).", valueName: "file"))
        var file: String?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            let name = try resolve(model, in: loaded, reporting: data)
            var session = MappingSession(catalog: loaded)
            try RecordStream(data: data, output: output, file: file).run { bytes throws(MappingErrors) in
                try session.encodeCanonical(bytes, as: name)
            }
        }
    }

    struct Convert: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Decode external JSON as one model and encode it as another.",
            discussion: "Keeps the properties the target model declares. Reads FILE, or stdin when FILE is missing or '-'."
        )

        @Argument(help: ArgumentHelp("The model to decode the input as.", valueName: "from"))
        var from: String

        @Argument(help: ArgumentHelp("The model to encode the result as.", valueName: "to"))
        var to: String

        @Argument(help: ArgumentHelp("The JSON input (default: stdin).", valueName: "file"))
        var file: String?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            let source = try resolve(from, in: loaded, reporting: data)
            let target = try resolve(to, in: loaded, reporting: data)
            var session = MappingSession(catalog: loaded)
            let now = data.instant
            try RecordStream(data: data, output: output, file: file).run { bytes throws(MappingErrors) in
                try session.convert(bytes, from: source, to: target, now: now)
            }
        }
    }

    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the model the routes choose for a URL or path.",
            discussion: "Exit status 1 when no route matches."
        )

        @Argument(help: ArgumentHelp("A URL or a path.", valueName: "url"))
        var url: String

        @Option(help: ArgumentHelp("The HTTP method (default: GET patterns and method-less ones).", valueName: "method"))
        var method: String?

        @Option(help: ArgumentHelp("The response status: 400 and above pick the routes' error_model.", valueName: "status"))
        var status: Int?

        @OptionGroup var catalog: CatalogOptions

        func run() throws {
            let loaded = try catalog.load()
            guard let match = loaded.routes.match(url, method: method, status: status) else {
                Output.error("error: " + loaded.routes.explainMiss(url, method: method, status: status))
                throw ExitCode(1)
            }
            Output.print(match.model)
        }
    }
}
