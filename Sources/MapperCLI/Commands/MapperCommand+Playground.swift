import ArgumentParser
import Logging
import MapperKit
import MapperService

extension MapperCommand {
    struct Playground: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "playground",
            abstract: "Serve the playground: a page where you edit a mapping and an input and see the output as you type.",
            discussion: """
                Prints the page's address (http://127.0.0.1:8080/playground) and opens nothing by itself. Without \
                --mappings the catalog is empty; with it, the page can edit those files and use their models \
                (nothing is ever written or deployed). The page is the one `mapper serve` serves at /playground; it \
                needs CodeMirror 5 from Debian's libjs-codemirror (MAPPER_CODEMIRROR names another folder), and \
                draws the model graph with Graphviz's dot when it is installed.
                """
        )

        @Option(
            name: .customLong("mappings"),
            help: ArgumentHelp(
                "A mapping file or a directory of them to start from (repeatable). Default: none.", valueName: "path"))
        var mappings: [String] = []

        @Option(help: ArgumentHelp("The address to bind.", valueName: "host"))
        var host = "127.0.0.1"

        @Option(help: ArgumentHelp("The port to listen on (0: a free one).", valueName: "port"))
        var port = 8080

        func validate() throws {
            guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not a port number (0-65535).") }
        }

        func run() async throws {
            let codeMirror = ServiceLauncher.codeMirrorDirectory
            if case .failure(let unavailable) = PlaygroundAssets.load(codeMirror: codeMirror) {
                Output.error("error: \(unavailable.description)")
                throw ExitCode(1)
            }
            // Only what goes wrong is logged: the address below is what to look at.
            var configuration = ServiceConfiguration(mappings: mappings, logger: ServiceLauncher.logger(level: .warning))
            configuration.host = host
            configuration.port = port
            configuration.codeMirrorDirectory = codeMirror
            configuration.reloadOnHangup = true
            let shown = host.contains(":") ? "[\(host)]" : host
            configuration.onListening = { port in
                Output.print("mapper playground: open http://\(shown):\(port)/playground (Ctrl-C stops it)")
            }
            try await ServiceLauncher.run(configuration)
        }
    }
}
