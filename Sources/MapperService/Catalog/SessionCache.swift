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
struct SessionCache: Sendable {
    static let keepLimit = 1 << 20

    /// What a session reads. Upstream documents feed the drift metrics (unknown keys, enum
    /// fallbacks); clients' canonical documents (encode, merge, gateway request bodies) must not,
    /// so each use has its own session.
    enum Use: Int {
        case upstream, canonical
    }

    /// Where upstream sessions report drift.
    let metrics: ServiceMetrics

    /// Runs `body` with this thread's session for `catalog` and `use`, made when there is none.
    func withSession<Result, Failure: Error>(
        for catalog: Catalog, _ use: Use, bodySize: Int, _ body: (inout MappingSession) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let slot = Self.slot
        // The session is moved out of the slot and back, never copied: a copy retains every
        // buffer the session holds, and dropping the other copy releases them again.
        var session: MappingSession
        if let kept = slot.sessions[use.rawValue].take(), kept.catalog === catalog {
            session = kept
        } else {
            session = makeSession(catalog, use)
        }
        let keeps = bodySize <= Self.keepLimit
        do throws(Failure) {
            let result = try body(&session)
            if keeps { slot.sessions[use.rawValue] = consume session }
            return result
        } catch {
            if keeps { slot.sessions[use.rawValue] = consume session }
            throw error
        }
    }

    /// A new session; an upstream one reports unknown keys and enum fallbacks to the metrics.
    private func makeSession(_ catalog: Catalog, _ use: Use) -> MappingSession {
        var session = MappingSession(catalog: catalog)
        guard use == .upstream else { return session }
        let unknownKeys = metrics.unknownKeys
        let enumFallbacks = metrics.enumFallbacks
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
}
