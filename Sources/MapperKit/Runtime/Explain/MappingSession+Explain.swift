extension MappingSession {
    /// External JSON → models, with an explanation of every canonical value: where it came from,
    /// the rule that read it and what was applied. Always the general reader (never the fast
    /// transcoders); errors are thrown as `decode` throws them.
    public mutating func explain(
        _ bytes: some Collection<UInt8>, as model: String, now: Instant? = nil
    ) throws(MappingErrors) -> (Decoded, Explanation) {
        let type = try catalog.requireType(model)
        let recorder = ExplainRecorder(model: type.name)
        reader.recorder = recorder
        defer { reader.recorder = nil }
        let decoded = try decode(bytes, as: type.name, now: now)
        return (decoded, recorder.explanation)
    }
}
