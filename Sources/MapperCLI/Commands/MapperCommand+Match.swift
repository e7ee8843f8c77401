import ArgumentParser
import MapperKit

extension MapperCommand {
    struct Match: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "match",
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
                Output.error("error: " + loaded.routes.explainMiss(url, method: method, status: status, methodOption: "--method "))
                throw ExitCode(1)
            }
            Output.print(match.model)
        }
    }
}
