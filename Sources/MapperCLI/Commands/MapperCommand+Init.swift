import ArgumentParser
import Foundation

extension MapperCommand {
    struct Init: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "init",
            abstract: "Write a starting catalog: a mapping file, a golden test that passes, and editor settings.",
            discussion: """
                Writes Mappings/orders.yaml (a model, an enum and a route), Examples/orders.test.yaml with its \
                input and expected canonical JSON, the JSON Schemas of mapping and golden test files \
                (.mapper/, as mapper schema --language prints them) and .vscode/settings.json (the YAML \
                extension's schemas for those files) into DIR, then prints the commands to run next. Refuses to replace a file that is \
                already there (exit 1); exit 2 when a file cannot be written.
                """
        )

        @Argument(help: ArgumentHelp("The folder to write into (created when missing).", valueName: "dir"))
        var directory = "."

        func run() throws {
            let files = StartingCatalog.files
            let manager = FileManager.default
            let existing = files.map(\.path).filter { manager.fileExists(atPath: path($0)) }
            if !existing.isEmpty {
                Output.error(
                    "error: '\(directory)' already holds \(existing.map { "'\($0)'" }.joined(separator: ", ")); mapper init replaces nothing"
                )
                Output.error("hint: remove \(existing.count == 1 ? "it" : "them"), or name another folder: mapper init DIR")
                throw ExitCode(1)
            }
            for file in files { try write(file.text, to: file.path) }
            printSummary(files)
        }

        private func path(_ relative: String) -> String {
            directory == "." ? relative : (directory as NSString).appendingPathComponent(relative)
        }

        private func write(_ text: String, to relative: String) throws {
            let target = path(relative)
            do {
                try FileManager.default.createDirectory(
                    atPath: (target as NSString).deletingLastPathComponent.isEmpty ? "." : (target as NSString).deletingLastPathComponent,
                    withIntermediateDirectories: true)
                // withoutOverwriting: a file that appeared since the check is still not replaced.
                try Data(text.utf8).write(to: URL(fileURLWithPath: target), options: .withoutOverwriting)
            } catch {
                Output.error("error: cannot write '\(target)': \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }

        private func printSummary(_ files: [StartingCatalog.File]) {
            let width = files.map(\.path.count).max() ?? 0
            Output.print("Wrote a starting catalog in \(directory == "." ? "this folder" : "'\(directory)'"):")
            for file in files {
                Output.print("  \(file.path)\(String(repeating: " ", count: width - file.path.count))  \(file.role)")
            }
            Output.print("Next:")
            if directory != "." { Output.print("  cd \(directory)") }
            Output.print("  mapper validate       check the mapping files (file:line:column for each problem)")
            Output.print("  mapper test           run the golden tests")
            Output.print("  mapper serve          serve the catalog on http://127.0.0.1:8080, then:")
            Output.print("  curl -s -H 'Content-Type: application/json' -d @Examples/order.json http://127.0.0.1:8080/v1/decode/Order")
        }
    }
}
