import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Decode: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Map external JSON (an object or an array) to canonical JSON.",
            usage: """
                mapper decode MODEL [FILE]
                mapper decode --route URL [--method M] [--status N] [FILE]
                """,
            discussion: "Reads FILE, or stdin when FILE is missing or '-'."
        )

        @Argument(help: ArgumentHelp("The model to decode as (omit with --route).", valueName: "model"))
        var model: String?

        @Argument(help: ArgumentHelp("The JSON input (default: stdin).", valueName: "file"))
        var file: String?

        @Option(help: ArgumentHelp("Pick the model by matching this URL or path against the catalog's routes.", valueName: "url"))
        var route: String?

        @Option(help: ArgumentHelp("The HTTP method for --route (default: GET patterns and method-less ones).", valueName: "method"))
        var method: String?

        @Option(help: ArgumentHelp("The response status for --route: 400 and above use the routes' error_model.", valueName: "status"))
        var status: Int?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func validate() throws {
            if route == nil {
                guard model != nil else { throw ValidationError("Give the MODEL to decode as, or --route URL.") }
                if method != nil || status != nil { throw ValidationError("--method and --status go with --route.") }
            } else if model != nil && file != nil {
                throw ValidationError("With --route, give only the input FILE, not a MODEL.")
            }
        }

        func run() throws {
            let loaded = try catalog.load()
            let modelName: String
            var input = file
            if let route {
                // With --route the only positional argument is the input file.
                if input == nil { input = model }
                guard let match = loaded.routes.match(route, method: method, status: status) else {
                    try fail(loaded.routes.explainMiss(route, method: method, status: status), reporting: data)
                }
                modelName = match.model
            } else {
                modelName = try resolve(model!, in: loaded, reporting: data)
            }
            var session = MappingSession(catalog: loaded)
            let now = data.instant
            try RecordStream(data: data, output: output, file: input).run { bytes throws(MappingErrors) in
                try session.decodeToCanonical(bytes, as: modelName, now: now)
            }
        }
    }
}

/// The model name, or exit 1 with an error naming the closest model (in the chosen error format).
func resolve(_ name: String, in catalog: Catalog, reporting data: DataOptions? = nil) throws -> String {
    guard catalog.modelType(named: name) == nil else { return name }
    var message = "unknown model '\(name)'"
    if let suggestion = catalog.closestModel(to: name) { message += "; did you mean '\(suggestion)'?" }
    try fail(message, reporting: data)
}

/// Reports a problem that is not about a value of the input (unknown model, no route) and exits 1.
func fail(_ message: String, reporting data: DataOptions?) throws -> Never {
    if let data, data.errorFormat == .json {
        data.report(MappingErrors([MappingError(.invalidInput, pointer: "", path: "", message: message, source: "")]))
    } else {
        Output.error("error: " + message)
    }
    throw ExitCode(1)
}
