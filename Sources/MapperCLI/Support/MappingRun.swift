import ArgumentParser
import MapperKit

/// The body the data commands share (decode, encode, convert, archive, unarchive, replay): load
/// the catalog, settle the model names, then map the input, record by record with `--ndjson`.
struct MappingRun {
    let catalog: CatalogOptions
    let data: DataOptions
    let output: OutputOptions
    /// `--reject-file`, for the commands that take it.
    var rejects: RejectOptions?
    /// `--envelope` and `--uuid-seed`, for the commands that take them.
    var envelope: EnvelopeOptions?
    var framing = RecordFraming.lines
    /// `--each` and `--ndjson-output`, for the commands that stream arrays.
    var arrays: RecordStream.ArrayStreaming?

    /// `models` picks the model names from the loaded catalog (exiting on an unknown one);
    /// `map` turns one record into the output bytes, on whichever thread maps it.
    func run(
        file: String?,
        models: (Catalog) throws -> [String],
        _ map: @escaping @Sendable (inout MappingSession, _ models: [String], ArraySlice<UInt8>) throws(MappingErrors) -> [UInt8]
    ) throws {
        let loaded = try catalog.load()
        let names = try models(loaded)
        // Opened once the catalog loaded: a run that cannot start leaves no file behind.
        let rejectFile = try rejects?.open()
        // A route's body type (`[string]`) reads a whole array as one value: its elements are no
        // records to stream.
        let value = names.contains { loaded.modelType(named: $0)?.spec.isRouteValue == true }
        try RecordStream(
            data: data, output: output, file: file, enveloped: envelope?.envelope ?? false, uuidSeed: envelope?.uuidSeed,
            arrays: value ? nil : arrays
        ).run(
            catalog: loaded, framing: framing, rejects: rejectFile
        ) {
            session, bytes throws(MappingErrors) in
            try map(&session, names, bytes)
        }
    }

    /// Every name resolved against the catalog (see `resolve`).
    func run(
        file: String?, models names: [String],
        _ map: @escaping @Sendable (inout MappingSession, _ models: [String], ArraySlice<UInt8>) throws(MappingErrors) -> [UInt8]
    ) throws {
        try run(file: file, models: { loaded in try names.map { try resolve($0, in: loaded, reporting: data) } }, map)
    }
}

/// The model name, or exit 1 with an error naming the closest model (in the chosen error format).
func resolve(_ name: String, in catalog: Catalog, reporting data: DataOptions? = nil) throws -> String {
    guard catalog.modelType(named: name) == nil else { return name }
    var message = "unknown model '\(name)'"
    if let suggestion = catalog.closestModel(to: name) { message += "; did you mean '\(suggestion)'?" }
    try fail(message, reporting: data)
}

/// Reports a problem that is not about a value of the input (unknown model, no route) and exits 1.
func fail(_ message: String, reporting data: DataOptions?) throws -> Never {
    if let data, data.errorFormat == .json {
        data.report(MappingErrors([MappingError(.invalidInput, pointer: "", path: "", message: message, source: "")]))
    } else {
        Output.error("error: " + message)
    }
    throw ExitCode(1)
}
