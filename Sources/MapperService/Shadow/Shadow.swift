import Dispatch
import Foundation
import Logging
import MapperKit
import MapperSupport

/// `--shadow PATH`: a candidate catalog loaded beside the live one. Requests are answered from the
/// live catalog; afterwards, off the response path, a worker maps the same input with the
/// candidate and tallies whether the two outputs agree (`ShadowTally`).
///
/// The candidate reloads like the live catalog (`--watch`, SIGHUP, `POST /v1/reload`); a candidate
/// that fails to load is reported (`lastLoadError`) and the previous one, if any, stays. After
/// `POST /v1/shadow/promote` the slot is empty until the shadow path is reloaded.
final class Shadow: Sendable {
    enum LoadOutcome: Sendable {
        case loaded(ShadowCandidate)
        case unchanged(ShadowCandidate)
        case failed(ReloadFailure)
    }

    let paths: [String]
    let tally: ShadowTally
    let queue: ShadowQueue
    private let loader: ShadowLoader
    private let state: Locked<State>
    private let worker: ShadowWorker

    struct State: Sendable {
        var candidate: ShadowCandidate?
        var lastLoadError: ReloadFailure?
    }

    /// Loads the candidate (a failure is logged and kept, never thrown) and starts the worker.
    init(paths: [String], options: LoadOptions, samples: Int, metrics: ServiceMetrics, logger: Logger) {
        self.paths = paths
        let tally = ShadowTally(samples: samples, metrics: metrics)
        let queue = ShadowQueue(metrics: metrics)
        let state = Locked(State())
        self.tally = tally
        self.queue = queue
        self.state = state
        loader = ShadowLoader(
            loader: CatalogLoader(paths: paths, options: options, gate: nil), state: state, tally: tally, metrics: metrics, logger: logger)
        _ = Shadow.load(
            loader: CatalogLoader(paths: paths, options: options, gate: nil), into: state, tally: tally, metrics: metrics, logger: logger,
            trigger: .startup)
        worker = ShadowWorker { [queue, state, tally] session in
            while let job = queue.take() {
                guard let candidate = state.withLock({ $0.candidate }) else { continue }
                if session?.catalog !== candidate.catalog { session = MappingSession(catalog: candidate.catalog) }
                tally.record(job, ShadowComparison.run(job, session: &session!))
                sched_yield()  // the processor goes back to a live request at once if one is waiting
            }
        }
    }

    deinit {
        worker.stop()
    }

    var candidate: ShadowCandidate? { state.withLock { $0.candidate } }
    var lastLoadError: ReloadFailure? { state.withLock { $0.lastLoadError } }

    /// Queues a request the live catalog answered, to be replayed with the candidate; dropped
    /// (and counted) when the queue is full or busy, skipped when no candidate is loaded. Never
    /// waits for a lock: the worker that shares them runs at idle priority, and a request that
    /// waited for it would wait for the processor to be idle.
    func offer(_ job: ShadowJob) {
        guard state.withLockIfAvailable({ $0.candidate != nil }) ?? true else { return }
        if queue.offer(job) { worker.wake() }
    }

    @discardableResult
    func reload(_ trigger: ReloadTrigger) async -> LoadOutcome {
        await loader.reload(trigger)
    }

    /// Empties the slot if it still holds `candidate` (it went live).
    func clear(promoted candidate: ShadowCandidate) {
        state.withLock { state in
            if state.candidate === candidate { state.candidate = nil }
        }
    }

    fileprivate static func load(
        loader: CatalogLoader, into state: Locked<State>, tally: ShadowTally, metrics: ServiceMetrics, logger: Logger,
        trigger: ReloadTrigger
    ) -> LoadOutcome {
        switch loader.load() {
        case .loaded(let catalog):
            let outcome: LoadOutcome = state.withLock { state in
                if let current = state.candidate, current.catalog.revision == catalog.revision {
                    state.lastLoadError = nil
                    return .unchanged(current)
                }
                let candidate = ShadowCandidate(catalog: catalog, loadedAt: Date())
                state.candidate = candidate
                state.lastLoadError = nil
                return .loaded(candidate)
            }
            switch outcome {
            case .loaded(let candidate):
                tally.reset(revision: candidate.catalog.revision)
                metrics.recordShadowLoad(.success)
                logger.info(
                    "shadow catalog loaded",
                    metadata: [
                        "revision": .string(catalog.revision), "models": .stringConvertible(catalog.modelNames.count),
                        "trigger": .string(trigger.rawValue),
                    ])
            default:
                metrics.recordShadowLoad(.unchanged)
            }
            return outcome
        case .failed(let diagnostics):
            let failure = ReloadFailure(at: Date(), trigger: trigger, diagnostics: diagnostics)
            let kept = state.withLock { state in
                state.lastLoadError = failure
                return state.candidate?.catalog.revision
            }
            metrics.recordShadowLoad(.failure)
            logger.error(
                "shadow catalog did not load; it is not compared",
                metadata: [
                    "kept": .string(kept ?? ""), "trigger": .string(trigger.rawValue), "errors": .stringConvertible(diagnostics.errorCount),
                ])
            for diagnostic in diagnostics { logger.error("\(diagnostic.description)") }
            return .failed(failure)
        }
    }

    /// `{"status": "loaded"|"unchanged"|"failed", "revision"?, "lastLoadError"?}`: for `/v1/reload`'s reply.
    static func describe(_ outcome: LoadOutcome) -> JSONValue {
        switch outcome {
        case .loaded(let candidate): return ["status": "loaded", "revision": .string(candidate.catalog.revision)]
        case .unchanged(let candidate): return ["status": "unchanged", "revision": .string(candidate.catalog.revision)]
        case .failed(let failure): return ["status": "failed", "lastLoadError": failure.jsonValue]
        }
    }
}

/// One loaded candidate catalog.
final class ShadowCandidate: Sendable {
    let catalog: Catalog
    let loadedAt: Date

    init(catalog: Catalog, loadedAt: Date) {
        self.catalog = catalog
        self.loadedAt = loadedAt
    }
}

/// Reloads of the shadow path, one at a time.
private actor ShadowLoader {
    let loader: CatalogLoader
    let state: Locked<Shadow.State>
    let tally: ShadowTally
    let metrics: ServiceMetrics
    let logger: Logger

    init(loader: CatalogLoader, state: Locked<Shadow.State>, tally: ShadowTally, metrics: ServiceMetrics, logger: Logger) {
        self.loader = loader
        self.state = state
        self.tally = tally
        self.metrics = metrics
        self.logger = logger
    }

    func reload(_ trigger: ReloadTrigger) -> Shadow.LoadOutcome {
        Shadow.load(loader: loader, into: state, tally: tally, metrics: metrics, logger: logger, trigger: trigger)
    }
}

/// The thread the comparisons run on: its own, not one of the concurrency pool's (which serve the
/// requests), scheduled at idle priority (Linux's `SCHED_IDLE`, `background` quality of service
/// elsewhere), so that it only takes processor time the live requests leave. Under full load the
/// queue fills and jobs are dropped and counted rather than slowing the answers.
final class ShadowWorker: Sendable {
    static let threadName = "mapper-shadow"
    private let signal = DispatchSemaphore(value: 0)
    private let stopped = Locked(false)

    /// Starts the thread; `drain` runs after each wake-up and takes every queued job, with the
    /// candidate's session kept from one wake-up to the next.
    init(drain: @escaping @Sendable (inout MappingSession?) -> Void) {
        let (signal, stopped) = (self.signal, self.stopped)
        let thread = Thread {
            #if canImport(Glibc)
                var parameters = sched_param()
                _ = pthread_setschedparam(pthread_self(), Self.idlePolicy, &parameters)
            #endif
            Thread.current.name = Self.threadName  // set from inside, so the system sees it too
            var session: MappingSession?
            while true {
                signal.wait()
                if stopped.withLock({ $0 }) { return }
                drain(&session)
            }
        }
        thread.qualityOfService = .background
        thread.start()
    }

    #if canImport(Glibc)
        /// `SCHED_IDLE` (<sched.h>, not exported to Swift by Glibc's module).
        static let idlePolicy: Int32 = 5
    #endif

    func wake() { signal.signal() }

    func stop() {
        stopped.withLock { $0 = true }
        signal.signal()
    }
}
