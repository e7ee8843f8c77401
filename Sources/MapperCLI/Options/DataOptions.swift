import ArgumentParser
import Foundation
import MapperKit

/// A command whose only option rule across groups is `DataOptions`' records-only one (archive,
/// unarchive, merge, diff): it needs no `validate` of its own.
protocol DataCommand: ParsableCommand {
    var data: DataOptions { get }
}

extension DataCommand {
    func validate() throws { try data.validateRecordOptions() }
}

/// Options of the commands that map data: decode, encode, convert, merge, diff, archive, unarchive, replay.
struct DataOptions: ParsableArguments {
    enum ErrorFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Option(help: ArgumentHelp("Pin 'computed: now' to this instant (ISO 8601), for reproducible output.", valueName: "instant"))
    var now: String?

    @Flag(help: "One JSON value per input line, one per output line, in constant memory.")
    var ndjson = false

    @Flag(
        help:
            "With --ndjson (or --each, where the command has it): report bad records on stderr and go on (exit 1 at the end if any failed)."
    )
    var keepGoing = false

    @Option(help: "How errors are written to stderr: text (one per line) or json ({\"errors\": [...]}).")
    var errorFormat: ErrorFormat = .text

    @Flag(help: "Ignore the catalog's 'on_error': a value that does not convert is an error, not a warning.")
    var strict = false

    @Option(
        help: ArgumentHelp(
            "With --ndjson (or --each, where the command has it): map records on this many threads, written in input order (default: the number of cores).",
            valueName: "n"))
    var jobs: Int?

    /// The most `--jobs` takes: more threads than cores gain nothing, and thousands would exhaust memory.
    static let maximumJobs = 256

    /// The threads that map NDJSON records.
    var workers: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    func validate() throws {
        if let jobs, !(1...Self.maximumJobs).contains(jobs) {
            throw ValidationError("--jobs must be between 1 and \(Self.maximumJobs), not \(jobs).")
        }
        if let now, parsedNow(now) == nil {
            throw ValidationError("--now '\(now)' is not an ISO 8601 instant such as 2020-01-01T00:00:00Z.")
        }
    }

    /// Where the error about a records-only option sends a user whose input is one JSON array.
    static let eachHint = "A JSON array is streamed element by element with --each POINTER ('' for a top-level array)."

    /// `--keep-going` needs records: `--ndjson`, or a streamed array (`streaming`: `--each` given;
    /// nil for the commands that do not stream arrays). Every command with these options calls
    /// this from its `validate`.
    func validateRecordOptions(streaming: Bool? = nil) throws {
        if keepGoing && !ndjson && streaming != true {
            throw ValidationError("--keep-going applies to --ndjson input only." + (streaming == nil ? "" : " " + Self.eachHint))
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

    /// Writes a document's warnings (values `on_error` handled) to stderr like errors:
    /// `warning: …` lines, or `{"warnings": [...]}`; `line` for NDJSON records.
    func report(warnings: [MappingError], line: Int? = nil) {
        guard !warnings.isEmpty else { return }
        switch errorFormat {
        case .text:
            for warning in warnings {
                Output.error((line.map { "line \($0): " } ?? "") + warning.warningDescription)
            }
        case .json:
            var report = JSONObject()
            if let line { report.append("line", .number(JSONNumber(Int64(line)))) }
            report.append("warnings", .array(warnings.map(\.jsonValue)))
            Output.error(JSONWriter.write(.object(report)))
        }
    }
}
