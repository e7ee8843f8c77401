import Foundation
import Logging
import MapperKit

/// Loads candidate catalogs one at a time and swaps the live snapshot when a candidate is good.
///
/// A failed candidate changes nothing but `lastReloadError`: the previous catalog keeps serving,
/// and requests never wait for a reload (they read the store, never this actor).
actor Reloader {
    enum Outcome: Sendable {
        /// A new revision is live.
        case reloaded(CatalogSnapshot, previous: String)
        /// The files load to the revision that is already live.
        case unchanged(CatalogSnapshot)
        /// The candidate was refused; `serving` is still live.
        case failed(ReloadFailure, serving: CatalogSnapshot)
    }

    private let store: CatalogStore
    private let loader: CatalogLoader
    private let metrics: ServiceMetrics
    private let logger: Logger

    init(store: CatalogStore, loader: CatalogLoader, metrics: ServiceMetrics, logger: Logger) {
        self.store = store
        self.loader = loader
        self.metrics = metrics
        self.logger = logger
    }

    /// The files of the live catalog's tables, which `--watch` watches beside the mapping files.
    var tableFiles: [String] { store.snapshot.catalog.tableFiles }

    @discardableResult
    func reload(_ trigger: ReloadTrigger) -> Outcome {
        switch loader.load() {
        case .loaded(let catalog): return publish(catalog, trigger: trigger)
        case .failed(let diagnostics): return refuse(diagnostics, trigger: trigger)
        }
    }

    /// Makes an already loaded catalog (the shadow's candidate) live, after the gate, exactly as
    /// a reload would; the gate runs the golden tests of the live paths and of `candidatePaths`.
    func promote(_ catalog: Catalog, candidatePaths: [String]) -> Outcome {
        let failures = loader.gateFailures(on: catalog, otherPaths: candidatePaths)
        if !failures.isEmpty { return refuse(failures, trigger: .promote) }
        return publish(catalog, trigger: .promote)
    }

    private func publish(_ catalog: Catalog, trigger: ReloadTrigger) -> Outcome {
        let current = store.snapshot
        if catalog.revision == current.catalog.revision && current.notReady == nil {
            let snapshot = current.lastReloadError == nil ? current : current.with(lastReloadError: nil)
            store.publish(snapshot)
            metrics.recordReload(.unchanged)
            logger.info("catalog unchanged", metadata: ["revision": .string(catalog.revision), "trigger": .string(trigger.rawValue)])
            return .unchanged(snapshot)
        }
        let snapshot = CatalogSnapshot(catalog: catalog, loadedAt: Date())
        store.publish(snapshot)
        metrics.recordReload(.success)
        logger.info(
            "catalog reloaded",
            metadata: [
                "revision": .string(catalog.revision), "previous": .string(current.catalog.revision),
                "models": .stringConvertible(catalog.modelNames.count), "trigger": .string(trigger.rawValue),
            ])
        return .reloaded(snapshot, previous: current.catalog.revision)
    }

    private func refuse(_ diagnostics: [Diagnostic], trigger: ReloadTrigger) -> Outcome {
        let current = store.snapshot
        let failure = ReloadFailure(at: Date(), trigger: trigger, diagnostics: diagnostics)
        let snapshot = current.with(lastReloadError: failure)
        store.publish(snapshot)
        metrics.recordReload(.failure)
        logger.error(
            "catalog reload failed; still serving the previous catalog",
            metadata: [
                "revision": .string(current.catalog.revision), "trigger": .string(trigger.rawValue),
                "errors": .stringConvertible(diagnostics.errorCount),
            ])
        for diagnostic in diagnostics {
            logger.error("\(diagnostic.description)")
        }
        return .failed(failure, serving: snapshot)
    }
}
