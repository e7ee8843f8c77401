import MapperKit

extension ServiceMetrics {
    /// Runs `work` with this thread's session for the catalog (see `SessionCache`), one that
    /// reports upstream drift (unknown keys, enum fallbacks) to these metrics.
    func withSession<Result>(
        _ catalog: Catalog, bodySize: Int, _ work: (inout MappingSession) throws(MappingErrors) -> Result
    ) throws(MappingErrors) -> Result {
        try SessionCache.withSession(for: catalog, .upstream, bodySize: bodySize, make: { observedSession(catalog) }, work)
    }

    private func observedSession(_ catalog: Catalog) -> MappingSession {
        var session = MappingSession(catalog: catalog)
        let unknownKeys = unknownKeys
        let enumFallbacks = enumFallbacks
        session.observe(
            unknownKeys: { keys, model in unknownKeys.record(keys, in: model) },
            enumFallback: { enumName, value in enumFallbacks.record([Self.unquoted(value)], in: enumName) })
        return session
    }

    /// `"reopened"` → `reopened`; other JSON values as written.
    private static func unquoted(_ value: String) -> String {
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") else { return value }
        return String(value.dropFirst().dropLast())
    }
}
