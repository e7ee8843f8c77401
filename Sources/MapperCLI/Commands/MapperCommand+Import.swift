import ArgumentParser
import Foundation
import MapperImport
import MapperKit

extension MapperCommand {
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "import",
            abstract: "Generate a catalog from what an API publishes.",
            subcommands: [OpenAPI.self]
        )

        struct OpenAPI: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "openapi",
                abstract: "Generate a catalog from an OpenAPI 3.0, 3.1 or 3.2 description (YAML or JSON).",
                discussion: """
                    Writes one mapping file per tag (or per first path word) into DIR: models from the \
                    component schemas and the responses' inline schemas, enums, and routes from the paths \
                    with the error responses' schema as error_model. Descriptions split over files with \
                    relative $refs are read whole. Every construct the mapping language cannot express is \
                    a warning on stderr naming its place in the description; the summary counts them. The \
                    output passes 'mapper validate --strict' as written.

                    Files in DIR without the import's header are yours: it never writes over or deletes them, \
                    and what they define (a model, enum, format or route of the same name) takes the place of \
                    what it would write. With --force over an earlier import it prints what the description \
                    changed (models, properties, enums, routes added, removed or changed) and 'mapper compat' \
                    between the earlier import's catalog and the new one, and names each of your definitions \
                    the description changed under since (an edit conflict).

                    Exit status: 0 written (warnings, changes or breaking changes or not), 1 the description \
                    cannot be imported, or it was written but an edit conflicts or your files do not load \
                    with it, 2 it cannot be read.
                    """
            )

            @Argument(help: ArgumentHelp("The description's root file.", valueName: "spec"))
            var spec: String

            @Option(help: ArgumentHelp("The folder to write the mapping files to.", valueName: "dir"))
            var out: String

            @Flag(help: "Write into a folder that is not empty, replacing the files an earlier import wrote there.")
            var force = false

            @Flag(help: "Give every enum a default case 'unknown', so that values the description does not list still decode.")
            var openEnums = false

            @Flag(help: "Keep the models and enums no route reaches (schemas only requests use) in components.yaml.")
            var keepUnreached = false

            @Option(
                help: ArgumentHelp(
                    "Apply an OpenAPI Overlay (1.0) document to the description before importing it; repeat to apply several in order.",
                    valueName: "file"))
            var overlay: [String] = []

            @Flag(help: "Print the summary only, not each warning.")
            var quiet = false

            @Option(
                help: ArgumentHelp(
                    "Write a '# yaml-language-server: $schema=URL' modeline into each file, naming the schema of 'mapper schema --language' (a path relative to the file, or a URL).",
                    valueName: "url"))
            var schemaModeline: String?

            func run() throws {
                let result: OpenAPIImport.Result
                let edits = readEdits()
                do {
                    result = try OpenAPIImport.run(
                        path: spec, options: .init(openEnums: openEnums, keepUnreached: keepUnreached, overlays: overlay, edits: edits))
                } catch {
                    Output.error(error.description)
                    throw ExitCode(error.code == .unreadable ? 2 : 1)
                }
                let previous = force ? PreviousImport.load(edits, folder: out) : nil
                try CatalogFolder(path: out, force: force, generator: OpenAPIImport.generatedMarker).write(
                    Self.written(result).map { (name: $0.name, text: SchemaModeline.adding(schemaModeline, to: $0.text)) })
                if !quiet { for warning in result.warnings { Output.error(warning.description) } }
                for diagnostic in result.diagnostics { Output.error(diagnostic.description) }
                let summary = result.summary
                let kinds = summary.warningKinds.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
                    .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                Output.print(
                    """
                    wrote \(result.files.count) files to \(out): \(summary.models) models, \(summary.enums) enums, \
                    \(summary.routes) routes for \(summary.operations) operations \
                    (\(summary.operationsWithoutJSONBody) without a JSON body)
                    \(result.warnings.count) warnings\(kinds.isEmpty ? "" : ": " + kinds)
                    """)
                if summary.unreachedModels > 0 {
                    Output.print("left out \(summary.unreachedModels) models no route reaches (--keep-unreached keeps them)")
                }
                if !result.diagnostics.isEmpty {
                    Output.error(
                        "error: the written catalog does not load (\(result.diagnostics.summary)); this is a bug in mapper import, please report it"
                    )
                    throw ExitCode(1)
                }
                previous?.report(Self.written(result), folder: out)
                try finishEdits(result)
            }
        }
    }
}
