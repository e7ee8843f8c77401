import ArgumentParser
import MapperKit

/// `--pretty` / `--compact`: JSON output is pretty on a terminal and compact otherwise unless forced.
struct OutputOptions: ParsableArguments {
    @Flag(help: "Indent JSON output (the default when stdout is a terminal).")
    var pretty = false

    @Flag(help: "Write JSON output on one line (the default when stdout is not a terminal).")
    var compact = false

    func validate() throws {
        if pretty && compact { throw ValidationError("--pretty and --compact cannot be used together.") }
    }

    var isPretty: Bool { pretty || (!compact && Output.stdoutIsTerminal) }

    func write(_ value: JSONValue) {
        Output.print(JSONWriter.write(value, pretty: isPretty))
    }

    /// JSON bytes as they are (compact), or re-indented when pretty.
    func write(bytes: [UInt8]) {
        if isPretty, let value = try? JSONValue(parsing: bytes) {
            write(value)
        } else {
            Output.write(bytes + [UInt8(ascii: "\n")])
        }
    }
}
