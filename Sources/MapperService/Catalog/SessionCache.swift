#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MapperKit

/// Keeps `MappingSession`s per thread, so that requests reuse a session's scratch space (its
/// token tape and output buffer) instead of growing new ones: about a fifth of the cost of
/// decoding a GitHub issue. A session is used synchronously, start to end on one thread, and is
/// taken out of the thread's slot while in use, so no lock is needed. A session for another
/// catalog (a reload happened) is replaced; one that grew past `keepLimit` is not kept.
enum SessionCache {
    static let keepLimit = 1 << 20

    /// What a session reads. Upstream documents feed the drift metrics (unknown keys, enum
    /// fallbacks); clients' canonical documents (encode, merge, gateway request bodies) must not,
    /// so each use has its own session.
    enum Use: Int {
        case upstream, canonical
    }

    private final class Slot {
        /// This thread's session for each `Use`, by raw value.
        var sessions: [MappingSession?] = [nil, nil]
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            #if canImport(Glibc)
            guard let pointer else { return }
            #endif
            Unmanaged<Slot>.fromOpaque(pointer).release()
        }
        return key
    }()

    private static var slot: Slot {
        if let pointer = pthread_getspecific(key) { return Unmanaged<Slot>.fromOpaque(pointer).takeUnretainedValue() }
        let slot = Slot()
        pthread_setspecific(key, Unmanaged.passRetained(slot).toOpaque())
        return slot
    }

    /// Runs `body` with this thread's session for `catalog` and `use`, made by `make` when there
    /// is none.
    static func withSession<Result, Failure: Error>(
        for catalog: Catalog, _ use: Use, bodySize: Int, make: () -> MappingSession,
        _ body: (inout MappingSession) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slot = slot
        var session = slot.sessions[use.rawValue].flatMap { $0.catalog === catalog ? $0 : nil } ?? make()
        slot.sessions[use.rawValue] = nil
        defer { if bodySize <= keepLimit { slot.sessions[use.rawValue] = session } }
        return try body(&session)
    }

    /// Runs `body` with this thread's session for clients' canonical documents, which reports
    /// nothing to the metrics.
    static func withCanonicalSession<Result, Failure: Error>(
        for catalog: Catalog, bodySize: Int, _ body: (inout MappingSession) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withSession(for: catalog, .canonical, bodySize: bodySize, make: { MappingSession(catalog: catalog) }, body)
    }
}
