import Atomics
import Foundation
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

    init(catalog: Catalog, loadedAt: Date, lastReloadError: ReloadFailure? = nil) {
        self.catalog = catalog
        self.loadedAt = loadedAt
        self.lastReloadError = lastReloadError
    }

    /// The same catalog, with another reload outcome.
    func with(lastReloadError: ReloadFailure?) -> CatalogSnapshot {
        CatalogSnapshot(catalog: catalog, loadedAt: loadedAt, lastReloadError: lastReloadError)
    }
}

/// Holds the live snapshot. Requests read it with one atomic load; only the reloader writes it.
final class CatalogStore: Sendable {
    private let current: ManagedAtomic<CatalogSnapshot>

    init(_ snapshot: CatalogSnapshot) {
        current = ManagedAtomic(snapshot)
    }

    var snapshot: CatalogSnapshot { current.load(ordering: .acquiring) }

    func publish(_ snapshot: CatalogSnapshot) {
        current.store(snapshot, ordering: .releasing)
    }
}

/// What made the service try to reload.
enum ReloadTrigger: String, Sendable {
    case watch, signal, request
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
