import ArgumentParser
import Foundation
import MapperKit

extension MapperCommand {
    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge a canonical source into a canonical target, property by property.",
            discussion: "TARGET and SOURCE hold canonical JSON of MODEL, or of a model it extends or that extends it (say which with \"$type\")."
        )

        @Argument(help: ArgumentHelp("The model of the target.", valueName: "model")) var model: String
        @Argument(help: ArgumentHelp("Canonical JSON of the target.", valueName: "target")) var target: String
        @Argument(help: ArgumentHelp("Canonical JSON of the source.", valueName: "source")) var source: String

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            let name = try resolve(model, in: loaded, reporting: data)
            let targetBytes = try InputFile.read(target)
            let sourceBytes = try InputFile.read(source)
            var session = MappingSession(catalog: loaded)
            do {
                let merged = try session.merge(target: targetBytes, source: sourceBytes, as: name)
                output.write(bytes: merged)
            } catch {
                data.report(error)
                throw ExitCode(1)
            }
        }
    }

    struct Diff: ParsableCommand {
        static let configuration = CommandConfiguration(
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

    struct Archive: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Wrap canonical JSON in an archive: {\"$model\", \"$version\", …} without archive: false properties."
        )

        @Argument(help: ArgumentHelp("The model of the canonical input.", valueName: "model")) var model: String
        @Argument(help: ArgumentHelp("Canonical JSON (default: stdin).", valueName: "file")) var file: String?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            let name = try resolve(model, in: loaded, reporting: data)
            var session = MappingSession(catalog: loaded)
            try RecordStream(data: data, output: output, file: file).run { bytes throws(MappingErrors) in
                try session.archive(bytes, as: name)
            }
        }
    }

    struct Unarchive: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Read an archive, migrating older versions, and print its canonical JSON."
        )

        @Argument(help: ArgumentHelp("The archive (default: stdin).", valueName: "file")) var file: String?

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            var session = MappingSession(catalog: loaded)
            try RecordStream(data: data, output: output, file: file).run { bytes throws(MappingErrors) in
                try session.unarchive(bytes).canonical
            }
        }
    }

    struct Schema: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the JSON Schema (draft 2020-12) of a model's canonical or external JSON."
        )

        @Argument(help: ArgumentHelp("The model.", valueName: "model")) var model: String

        enum Side: String, ExpressibleByArgument, CaseIterable {
            case canonical, external
        }

        @Option(help: "Which JSON to describe: canonical (the model's own) or external (the API's).")
        var side: Side = .canonical

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var output: OutputOptions

        func run() throws {
            let loaded = try catalog.load()
            let name = try resolve(model, in: loaded)
            do {
                output.write(try loaded.jsonSchema(for: name, side: side == .canonical ? .canonical : .external))
            } catch {
                for problem in error.errors { Output.error(problem.description) }
                throw ExitCode(1)
            }
        }
    }
}

/// Whole-file inputs of commands that take several files.
enum InputFile {
    /// The bytes of a file (`-` is stdin); exits with 2 when it cannot be read.
    static func read(_ path: String) throws -> [UInt8] {
        if path == "-" { return [UInt8](FileHandle.standardInput.readDataToEndOfFile()) }
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot read" : "no such file"
            Output.error("error: \(reason) '\(path)'")
            throw ExitCode(2)
        }
        return [UInt8](data)
    }
}
