import ArgumentParser
import Foundation
import MapperKit

extension MapperCommand {
    struct Replay: ParsableCommand {
        enum Direction: String, ExpressibleByArgument, CaseIterable {
            case decode, encode
        }

        static let configuration = CommandConfiguration(
            commandName: "replay",
            abstract: "Map the records of a reject file again (after fixing the mappings or the data).",
            usage: "mapper replay FILE MODEL [--direction decode|encode] [--reject-file NEW]",
            discussion: """
                FILE holds the lines 'decode --ndjson --reject-file' or 'encode --ndjson --reject-file' \
                wrote. Each record is mapped as MODEL in the given direction (decode: external JSON to \
                canonical, the default; encode: canonical to external), and the ones that map are written \
                to stdout as NDJSON, in the order of FILE. Records that still fail go to --reject-file NEW \
                (the same dead letters, keeping their original line numbers), else to stderr as \
                'line N: error: ...' with exit status 1. FILE itself is never changed.
                """
        )

        @Argument(help: ArgumentHelp("The reject file to replay.", valueName: "file"))
        var file: String

        @Argument(help: ArgumentHelp("The model to map the records as.", valueName: "model"))
        var model: String

        @Option(help: "decode (external JSON to canonical, the default) or encode (canonical JSON to external).")
        var direction: Direction = .decode

        @OptionGroup var catalog: CatalogOptions
        @OptionGroup var data: DataOptions
        @OptionGroup var output: OutputOptions
        @OptionGroup var rejects: RejectOptions

        func validate() throws {
            try data.validateRecordOptions()
            if let rejectFile = rejects.rejectFile, Self.sameFile(rejectFile, file) {
                throw ValidationError("--reject-file must be another file than the one replayed ('\(file)').")
            }
        }

        func run() throws {
            // A reject file is NDJSON, and replay goes on past records that still fail.
            var data = data
            data.ndjson = true
            data.keepGoing = true
            let now = data.instant
            let direction = direction
            let run = MappingRun(catalog: catalog, data: data, output: output, rejects: rejects, framing: .deadLetters)
            try run.run(file: file, models: [model]) { session, models, bytes throws(MappingErrors) in
                switch direction {
                case .decode: try session.decodeToCanonical(bytes, as: models[0], now: now)
                case .encode: try session.encodeCanonical(bytes, as: models[0])
                }
            }
        }

        /// Whether two paths name one file (the same path, or links to one file).
        private static func sameFile(_ first: String, _ second: String) -> Bool {
            if URL(fileURLWithPath: first).standardizedFileURL == URL(fileURLWithPath: second).standardizedFileURL { return true }
            var one = stat(), other = stat()
            guard stat(first, &one) == 0, stat(second, &other) == 0 else { return false }
            return one.st_dev == other.st_dev && one.st_ino == other.st_ino
        }
    }
}
