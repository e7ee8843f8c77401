import ArgumentParser

/// `--envelope` and `--uuid-seed`: what a pipeline engine that runs `mapper` as a process per
/// partition or per stream needs (decode, encode, convert). See docs/guides/pipelines.md.
struct EnvelopeOptions: ParsableArguments {
    @Flag(
        help: ArgumentHelp(
            "With --ndjson: answer every input line with exactly one output line, in order: {\"ok\": …} or {\"error\": {\"errors\": […]}, \"line\": N, \"input\": \"…\"}. Implies --keep-going; exits 0 once every line is answered."
        ))
    var envelope = false

    @Option(
        help: ArgumentHelp(
            "Derive 'computed: uuid' values from this seed and the record's bytes (version-8 UUIDs from SHA-256) instead of at random, so a retried record maps to the same bytes.",
            valueName: "seed"))
    var uuidSeed: String?

    /// The rules that involve the other option groups (the command's `validate` calls this).
    func validate(with data: DataOptions, rejects: RejectOptions? = nil) throws {
        if envelope && !data.ndjson { throw ValidationError("--envelope applies to --ndjson input only.") }
        if envelope && rejects?.rejectFile != nil {
            throw ValidationError(
                "--envelope writes each failed record's errors into the output, in its place; it does not take --reject-file.")
        }
        if uuidSeed?.isEmpty == true { throw ValidationError("--uuid-seed must not be empty: give any text, such as a job's name.") }
    }
}
