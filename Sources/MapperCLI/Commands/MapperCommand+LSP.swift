import ArgumentParser
import MapperLanguageServer
import MapperService

extension MapperCommand {
    struct LSP: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "lsp",
            abstract: "Run the language server for mapping files over stdio (for editors).",
            discussion: """
                Speaks LSP 3.17 (JSON-RPC 2.0 with Content-Length framing) on stdin and stdout. The \
                catalog is what 'mapper validate' would load here, with the editor's open buffers in \
                place of the files on disk. Exit status: 0 after 'shutdown' then 'exit', 1 otherwise.
                """
        )

        @OptionGroup var catalog: CatalogOptions

        func run() throws {
            let server = LanguageServer(
                configuration: LanguageServer.Configuration(
                    paths: catalog.paths(), options: catalog.loadOptions, version: MapperVersion.description))
            let status = server.run()
            if status != 0 { throw ExitCode(status) }
        }
    }
}
