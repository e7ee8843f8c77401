import Foundation
import MapperKit
import MapperSupport

/// What the shadow worker found since the candidate loaded: per operation and model, the
/// agreements, the differences by top-level property, and the candidate's errors; and the last
/// few differing documents.
///
/// Samples are redacted to JSON pointers and kinds unless `--shadow-samples N` asked for N with
/// their values (and the input and both outputs).
final class ShadowTally: Sendable {
    /// How many redacted samples are kept without `--shadow-samples`.
    static let redactedSamples = 10

    private struct Key: Hashable, Comparable {
        var operation: String
        var model: String

        static func < (a: Key, b: Key) -> Bool { (a.operation, a.model) < (b.operation, b.model) }
    }

    private struct Counts {
        var agreements = 0
        var differences: [String: Int] = [:]
        var candidateErrors = 0
    }

    private struct State {
        var revision = ""
        var since = Date()
        var counts: [Key: Counts] = [:]
        var samples: [JSONValue] = []
    }

    /// With values (`--shadow-samples N`, N > 0), or redacted.
    let withValues: Bool
    let sampleLimit: Int
    private let metrics: ServiceMetrics
    private let state = Locked(State())

    init(samples: Int, metrics: ServiceMetrics) {
        withValues = samples > 0
        sampleLimit = samples > 0 ? samples : Self.redactedSamples
        self.metrics = metrics
    }

    /// A new candidate: the counts start again (the metrics go on counting).
    func reset(revision: String) {
        state.withLock { $0 = State(revision: revision, since: Date()) }
    }

    func record(_ job: ShadowJob, _ comparison: ShadowComparison) {
        let operation = job.request.operation.rawValue
        let model = job.request.label
        let key = Key(operation: operation, model: model)
        switch comparison {
        case .agreement:
            metrics.recordShadow(.agreement, operation: operation, model: model)
            state.withLock { $0.counts[key, default: Counts()].agreements += 1 }
        case .difference(let differences, let live, let candidate):
            let property = ShadowComparison.property(of: differences.first?.pointer ?? "")
            metrics.recordShadow(.difference, operation: operation, model: model, property: property)
            let sample = self.sample(job, property: property, differences: differences, live: live, candidate: candidate)
            state.withLock { state in
                state.counts[key, default: Counts()].differences[property, default: 0] += 1
                append(sample, to: &state)
            }
        case .candidateError(let errors):
            metrics.recordShadow(.candidateError, operation: operation, model: model)
            let sample = self.sample(job, errors: errors)
            state.withLock { state in
                state.counts[key, default: Counts()].candidateErrors += 1
                append(sample, to: &state)
            }
        }
    }

    private func append(_ sample: JSONValue, to state: inout State) {
        state.samples.append(sample)
        if state.samples.count > sampleLimit { state.samples.removeFirst(state.samples.count - sampleLimit) }
    }

    private func header(_ job: ShadowJob, kind: String) -> JSONObject {
        var object: JSONObject = [
            "at": .string(Date().iso8601), "kind": .string(kind), "operation": .string(job.request.operation.rawValue),
        ]
        object.append("model", .string(job.request.model))
        if let target = job.request.target { object.append("target", .string(target)) }
        return object
    }

    private func sample(
        _ job: ShadowJob, property: String, differences: [ShadowComparison.Difference], live: JSONValue, candidate: JSONValue
    ) -> JSONValue {
        var object = header(job, kind: "difference")
        object.append("property", .string(property))
        object.append(
            "differences",
            .array(
                differences.map { difference in
                    var entry: JSONObject = ["pointer": .string(difference.pointer)]
                    entry.append("live", side(difference.live))
                    entry.append("candidate", side(difference.candidate))
                    return .object(entry)
                }))
        if withValues {
            object.append("input", (try? JSONValue(parsing: job.input)) ?? .string(String(decoding: job.input, as: UTF8.self)))
            object.append("liveOutput", live)
            object.append("candidateOutput", candidate)
        }
        return .object(object)
    }

    /// `{"kind": "string"}`, with `"value"` when samples keep values.
    private func side(_ value: JSONValue?) -> JSONValue {
        var object: JSONObject = ["kind": .string(ShadowComparison.kind(value))]
        if withValues, let value { object.append("value", value) }
        return .object(object)
    }

    private func sample(_ job: ShadowJob, errors: MappingErrors) -> JSONValue {
        var object = header(job, kind: "candidateError")
        object.append(
            "errors",
            .array(
                errors.errors.prefix(ShadowComparison.limit).map { error in
                    var entry: JSONObject = ["code": .string(error.code.rawValue), "pointer": .string(error.pointer)]
                    if withValues { entry.append("message", .string(error.message)) }
                    return .object(entry)
                }))
        if withValues {
            object.append("input", (try? JSONValue(parsing: job.input)) ?? .string(String(decoding: job.input, as: UTF8.self)))
        }
        return .object(object)
    }

    /// `revision`, `since`, `counts` (sorted by operation and model) and `samples` (oldest first).
    var jsonValue: JSONObject {
        let state = self.state.withLock { $0 }
        let counts: [JSONValue] = state.counts.keys.sorted().map { key in
            let counts = state.counts[key] ?? Counts()
            let differences = JSONObject(
                counts.differences.keys.sorted().map {
                    JSONObject.Member(key: $0, value: .number(JSONNumber(Int64(counts.differences[$0] ?? 0))))
                })
            return [
                "operation": .string(key.operation), "model": .string(key.model),
                "agreements": .number(JSONNumber(Int64(counts.agreements))),
                "differences": .object(differences),
                "candidateErrors": .number(JSONNumber(Int64(counts.candidateErrors))),
            ]
        }
        return [
            "revision": .string(state.revision), "since": .string(state.since.iso8601), "counts": .array(counts),
            "samples": [
                "redacted": .bool(!withValues), "limit": .number(JSONNumber(Int64(sampleLimit))), "documents": .array(state.samples),
            ],
        ]
    }
}
