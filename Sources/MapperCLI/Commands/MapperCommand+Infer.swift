import ArgumentParser
import Foundation
import MapperImport
import MapperKit

extension MapperCommand {
    struct Infer: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "infer",
            abstract: "Infer a model from sample JSON documents of one kind of object.",
            discussion: """
                SAMPLE files are NDJSON (.ndjson, .jsonl: one object per line) or JSON documents holding \
                an object or an array of objects. Infers types, 'required' for keys present in every \
                sample, nested models named after their keys (one per distinct shape), arrays, \
                dictionaries (objects keyed by ids), enums for strings with few distinct values, dates \
                (ISO 8601 strings; unix seconds or milliseconds under time-like keys), calendar dates \
                (YYYY-MM-DD strings, as local_date), and each model's \
                key style. Writes the mapping file to --out (default: stdout). With --tests DIR it also \
                writes golden tests of the samples into DIR (and, without --out, the catalog into \
                DIR/Mappings/), so that 'mapper test DIR' checks the result at once.
                """
        )

        @Argument(help: ArgumentHelp("The model's name.", valueName: "model"))
        var model: String

        @Argument(help: ArgumentHelp("Sample files.", valueName: "sample"))
        var samples: [String]

        @Option(help: ArgumentHelp("The mapping file to write (default: stdout).", valueName: "file"))
        var out: String?

        @Option(help: ArgumentHelp("A folder to write golden tests of the samples into.", valueName: "dir"))
        var tests: String?

        @Flag(help: "Give every enum a default case 'unknown', so that values the samples lack still decode.")
        var openEnums = false

        @Option(
            help: ArgumentHelp(
                "Write a '# yaml-language-server: $schema=URL' modeline into the mapping file, naming the schema of 'mapper schema --language' (a path relative to the file, or a URL).",
                valueName: "url"))
        var schemaModeline: String?

        func run() throws {
            let samples: [Inference.Sample]
            let result: Inference.Result
            do {
                samples = try Inference.samples(fromFiles: self.samples)
                result = try Inference.run(model: model, samples: samples, options: .init(openEnums: openEnums))
            } catch {
                Output.error(error.description)
                throw ExitCode(error.code == .unreadable ? 2 : 1)
            }
            for warning in result.warnings { Output.error(warning.description) }
            for diagnostic in result.diagnostics { Output.error(diagnostic.description) }
            if !result.diagnostics.isEmpty {
                Output.error("error: the inferred catalog does not load; this is a bug in mapper infer, please report it")
                throw ExitCode(1)
            }
            var catalogPath = out
            if let tests {
                let files: [(path: String, text: String)]
                do {
                    files = try Inference.goldenTests(model: model, catalog: result.catalog, samples: samples)
                } catch {
                    Output.error(error.description)
                    throw ExitCode(1)
                }
                if catalogPath == nil {
                    catalogPath = (tests as NSString).appendingPathComponent(
                        "Mappings/\(files[0].path.replacingOccurrences(of: ".test.yaml", with: ".yaml"))")
                }
                try write(files.map { ((tests as NSString).appendingPathComponent($0.path), $0.text) })
            }
            let catalog = SchemaModeline.adding(schemaModeline, to: result.catalog)
            if let catalogPath {
                try write([(catalogPath, catalog)])
                Output.error(
                    "wrote \(catalogPath): \(result.models) models, \(result.enums) enums from \(samples.count) samples"
                        + (tests.map { "; golden tests in \($0)" } ?? ""))
            } else {
                Output.write(Array(catalog.utf8))
            }
        }

        private func write(_ files: [(path: String, text: String)]) throws {
            do {
                for file in files {
                    let url = URL(fileURLWithPath: file.path)
                    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(file.text.utf8).write(to: url)
                }
            } catch {
                Output.error("error: cannot write: \(error.localizedDescription)")
                throw ExitCode(2)
            }
        }
    }
}
