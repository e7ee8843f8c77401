import MapperKit
import MapperSupport

/// A request the live catalog answered, to be mapped again with the candidate.
struct ShadowJob: Sendable {
    enum Operation: String, Sendable {
        case decode, encode, convert
    }

    /// What the endpoint did, and with which models (`target` for convert).
    struct Request: Sendable {
        var operation: Operation
        var model: String
        var target: String?
        var now: Instant?

        /// The `model` label: the model, or `From/To` for convert.
        var label: String { target.map { model + "/" + $0 } ?? model }
    }

    var request: Request
    var input: [UInt8]
    /// The live catalog's answer.
    var live: [UInt8]

    var size: Int { input.count + live.count }
}

/// The jobs waiting for the shadow worker: at most `capacity` of them and `byteCapacity` bytes
/// of input and output; what does not fit is dropped and counted (`mapper_shadow_dropped_total`).
final class ShadowQueue: Sendable {
    static let capacity = 256
    static let byteCapacity = 16 << 20

    private struct State {
        var jobs: [ShadowJob] = []
        var head = 0
        var bytes = 0
        var dropped = 0
    }

    private let state = Locked(State())
    private let metrics: ServiceMetrics

    init(metrics: ServiceMetrics) {
        self.metrics = metrics
    }

    /// False when the job was dropped.
    func offer(_ job: ShadowJob) -> Bool {
        let size = job.size
        let accepted = state.withLock { state in
            guard state.jobs.count - state.head < Self.capacity, state.bytes + size <= Self.byteCapacity else {
                state.dropped += 1
                return false
            }
            state.jobs.append(job)
            state.bytes += size
            return true
        }
        if !accepted { metrics.recordShadowDrop() }
        return accepted
    }

    func take() -> ShadowJob? {
        state.withLock { state in
            guard state.head < state.jobs.count else { return nil }
            let job = state.jobs[state.head]
            state.head += 1
            state.bytes -= job.size
            if state.head == state.jobs.count {
                state.jobs.removeAll(keepingCapacity: true)
                state.head = 0
            } else if state.head >= 64 {
                state.jobs.removeFirst(state.head)
                state.head = 0
            }
            return job
        }
    }

    /// Jobs waiting, and jobs dropped since the start.
    var counts: (pending: Int, dropped: Int) {
        state.withLock { ($0.jobs.count - $0.head, $0.dropped) }
    }
}
