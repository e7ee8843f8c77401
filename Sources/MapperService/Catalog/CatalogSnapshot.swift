import Atomics
import Foundation
import HTTPTypes
import Hummingbird
import MapperKit

/// One published state of the service: the live catalog, when it went live, and what went wrong
/// with the last reload attempt.
///
/// Immutable: a reload publishes a new snapshot, so a request that took one at its start sees a
/// consistent catalog however many reloads happen while it runs.
final class CatalogSnapshot: AtomicReference, Sendable {
    let catalog: Catalog
    let loadedAt: Date
    let lastReloadError: ReloadFailure?
    /// Set while no catalog has loaded yet (`--watch` started on broken files): why. The
    /// catalog is then an empty one, and the service is not ready.
    let notReady: ReloadFailure?
    /// `Mapper-Revision`: which catalog answered. Made once, as every answer carries it.
    let headers: HTTPFields
    /// A decoding endpoint's answer without warnings: `headers`, `Mapper-Warnings: 0` and the
    /// JSON content type (`Response.decodedHeaders`), made once, as most answers have these.
    let decodedHeaders: HTTPFields

    init(catalog: Catalog, loadedAt: Date, lastReloadError: ReloadFailure? = nil, notReady: ReloadFailure? = nil) {
        self.catalog = catalog
        headers = [.mapperRevision: catalog.revision]
        decodedHeaders = Response.decodedHeaders(headers, warnings: 0)
        self.loadedAt = loadedAt
        self.lastReloadError = lastReloadError
        self.notReady = notReady
    }

    /// No catalog yet: an empty one stands in, and `failure` says why.
    static func notReady(_ failure: ReloadFailure) -> CatalogSnapshot {
        let empty = Catalog.check(sources: []).catalog!
        return CatalogSnapshot(catalog: empty, loadedAt: failure.at, lastReloadError: failure, notReady: failure)
    }

    /// The same catalog, with another reload outcome.
    func with(lastReloadError: ReloadFailure?) -> CatalogSnapshot {
        CatalogSnapshot(
            catalog: catalog, loadedAt: loadedAt, lastReloadError: lastReloadError, notReady: notReady.map { lastReloadError ?? $0 })
    }
}

/// Holds the live snapshot. Requests read it with one atomic load; only the reloader writes it.
final class CatalogStore: Sendable {
    private let current: ManagedAtomic<CatalogSnapshot>

    init(_ snapshot: CatalogSnapshot) {
        current = ManagedAtomic(snapshot)
    }

    var snapshot: CatalogSnapshot { current.load(ordering: .acquiring) }

    /// The snapshot, when a catalog is live; else 503 `not-ready` (the mapping endpoints).
    func live() throws(Problem) -> CatalogSnapshot {
        let snapshot = snapshot
        if let failure = snapshot.notReady { throw Problem.notReady(failure) }
        return snapshot
    }

    func publish(_ snapshot: CatalogSnapshot) {
        current.store(snapshot, ordering: .releasing)
    }
}

/// What made the service try to reload.
enum ReloadTrigger: String, Sendable {
    case startup, watch, signal, request, promote
}

/// A reload attempt that did not go live: when, why, and every diagnostic (or failed golden test).
struct ReloadFailure: Sendable {
    var at: Date
    var trigger: ReloadTrigger
    var diagnostics: [Diagnostic]

    /// `{"at", "trigger", "diagnostics": [...], "errors", "warnings"}`: the diagnostics report with when and why.
    var jsonValue: JSONValue {
        var object: JSONObject = ["at": .string(at.iso8601), "trigger": .string(trigger.rawValue)]
        if case .object(let report) = diagnostics.jsonReport { object.members += report.members }
        return .object(object)
    }
}

extension Date {
    /// `2026-01-31T12:00:00.123Z`.
    var iso8601: String {
        formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
