import ArgumentParser

/// `--reject-file FILE`: dead letters for the records that fail (decode, encode, replay).
struct RejectOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "With --ndjson or --each: append each record that fails to this file as {\"line\", \"input\", \"errors\"} and go on (replay them with 'mapper replay').",
            valueName: "file"))
    var rejectFile: String?

    func validate(with data: DataOptions, streaming: Bool = false) throws {
        if rejectFile != nil && !data.ndjson && !streaming {
            throw ValidationError("--reject-file applies to --ndjson input only. \(DataOptions.eachHint)")
        }
    }

    /// Opens the reject file (exit 2 when it cannot be opened); nil without `--reject-file`.
    func open() throws -> RejectFile? {
        try rejectFile.map { try RejectFile(path: $0) }
    }
}
