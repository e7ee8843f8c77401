import ArgumentParser
import MapperKit

/// Options of the commands that map data: decode, encode, convert.
struct DataOptions: ParsableArguments {
    enum ErrorFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("Pin 'computed: now' to this instant (ISO 8601), for reproducible output.", valueName: "instant"))
    var now: String?

    @Flag(help: "One JSON value per input line, one per output line, in constant memory.")
    var ndjson = false

    @Flag(help: "With --ndjson: report bad records on stderr and go on (exit 1 at the end if any failed).")
    var keepGoing = false

    @Option(help: "How errors are written to stderr: text (one per line) or json ({\"errors\": [...]}).")
    var errorFormat: ErrorFormat = .text

    func validate() throws {
        if keepGoing && !ndjson { throw ValidationError("--keep-going applies to --ndjson input only.") }
        if let now, parsedNow(now) == nil {
            throw ValidationError("--now '\(now)' is not an ISO 8601 instant such as 2020-01-01T00:00:00Z.")
        }
    }

    var instant: Instant? { now.flatMap(parsedNow) }

    private func parsedNow(_ text: String) -> Instant? { Instant(iso8601: text) }

    /// Writes a document's errors to stderr in the chosen format; `line` for NDJSON records.
    func report(_ errors: MappingErrors, line: Int? = nil) {
        switch errorFormat {
        case .text:
            for error in errors.errors {
                Output.error((line.map { "line \($0): " } ?? "") + error.description)
            }
        case .json:
            var report = errors.jsonValue
            if let line, case .object(var object) = report {
                object.members.insert(.init(key: "line", value: .number(JSONNumber(Int64(line)))), at: 0)
                report = .object(object)
            }
            Output.error(JSONWriter.write(report))
        }
    }
}
