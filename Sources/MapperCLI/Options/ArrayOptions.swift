import ArgumentParser

/// `--each POINTER` and `--ndjson-output`: streaming a JSON array element by element (decode,
/// encode, convert). A top-level array is streamed without them; see docs/guides/streams.md.
struct ArrayOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Stream the array at this JSON pointer (/data for {\"data\": [...]}; '' for a top-level array) element by element, in constant memory, skipping the keys around it; --keep-going, --reject-file and --jobs work per element.",
            valueName: "pointer"))
    var each: String?

    @Flag(help: "With --each: write one mapped element per line (NDJSON) instead of a JSON array.")
    var ndjsonOutput = false

    /// The rules that involve the other option groups, the command's (its `validate` calls this):
    /// `--reject-file`'s, these, then `--envelope`'s.
    func validate(with data: DataOptions, envelope: EnvelopeOptions, rejects: RejectOptions? = nil) throws {
        try rejects?.validate(with: data, streaming: each != nil)
        if let each, !each.isEmpty, !each.hasPrefix("/") {
            throw ValidationError("--each takes a JSON pointer such as /data (or '' for a top-level array), not '\(each)'.")
        }
        if each != nil && data.ndjson { throw ValidationError("--each reads one JSON document; it does not take --ndjson.") }
        if ndjsonOutput && each == nil { throw ValidationError("--ndjson-output goes with --each.") }
        try data.validateRecordOptions(streaming: each != nil)
        try envelope.validate(with: data, rejects: rejects)
    }

    /// What the run streams.
    var streaming: RecordStream.ArrayStreaming {
        RecordStream.ArrayStreaming(pointer: each, lines: ndjsonOutput)
    }
}
