import MapperKit
import MapperSupport
import Metrics
import Prometheus

private typealias Counter = Metrics.Counter

/// The service's metrics, recorded through swift-metrics into its own Prometheus registry (one per
/// application, so tests and embedders do not share global state) and served on `GET /metrics`.
///
/// | metric | labels |
/// |---|---|
/// | `mapper_http_requests_total` | `endpoint`, `model`, `status` |
/// | `mapper_http_request_duration_seconds` (histogram) | `endpoint`, `model`, `status` |
/// | `mapper_http_errors_total` (status 400 and above) | `endpoint`, `model`, `status` |
/// | `mapper_reloads_total` | `result`: `success`, `unchanged`, `failure` |
/// | `mapper_unknown_keys_total` | `model`, `key` |
/// | `mapper_enum_fallback_total` | `enum`, `value` |
/// | `mapper_decode_warnings_total` (values `on_error` let through) | `model` (decoded as), `code` |
/// | `mapper_upstream_duration_seconds` (histogram, gateway mode) | `method`, `outcome`: the upstream's status, or `upstream-timeout`, `upstream-unreachable`, `upstream-body-too-large` |
/// | `mapper_shadow_agreements_total` (`--shadow`) | `operation`, `model` |
/// | `mapper_shadow_differences_total` | `operation`, `model`, `property` (the first difference's top-level property) |
/// | `mapper_shadow_candidate_errors_total` | `operation`, `model` |
/// | `mapper_shadow_dropped_total` | (requests not compared: the shadow queue was full) |
/// | `mapper_shadow_loads_total` | `result`: `success`, `unchanged`, `failure` |
///
/// Label values never come straight from a request: `endpoint` is the route template, `model` is
/// empty unless the catalog has that model, and the drift counters keep the first 100 distinct
/// keys (values) per model (enum) and count the rest under `other`.
final class ServiceMetrics: Sendable {
    enum ReloadResult: String {
        case success, unchanged, failure
    }

    static let durationLabel = "mapper_http_request_duration_seconds"
    static let upstreamDurationLabel = "mapper_upstream_duration_seconds"

    let registry = PrometheusCollectorRegistry()
    private let factory: PrometheusMetricsFactory
    private let requests = Locked<[RequestKey: RequestMetrics]>([:])
    private let reloads: [ReloadResult: Counter]
    private let upstreamTimers = Locked<[[String]: Metrics.Timer]>([:])
    let unknownKeys: DriftCounter
    let enumFallbacks: DriftCounter
    let decodeWarnings: DriftCounter
    private let shadowLoads: [ReloadResult: Counter]
    private let shadowDropped: Counter
    private let shadowCounters = Locked<[[String]: Counter]>([:])

    /// How the shadow catalog's answer compared with the live one.
    enum ShadowResult: String {
        case agreement, difference, candidateError
    }

    init() {
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.durationHistogramBuckets[Self.durationLabel] = [
            .microseconds(100), .microseconds(250), .microseconds(500), .milliseconds(1), .microseconds(2500),
            .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500), .seconds(5), .seconds(10),
        ].sorted()
        factory.durationHistogramBuckets[Self.upstreamDurationLabel] = [
            .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(25), .milliseconds(50), .milliseconds(100),
            .milliseconds(250), .milliseconds(500), .seconds(1), .milliseconds(2_500), .seconds(5), .seconds(10), .seconds(30),
        ]
        self.factory = factory
        reloads = Dictionary(
            uniqueKeysWithValues: [ReloadResult.success, .unchanged, .failure].map { result in
                (result, Counter(label: "mapper_reloads_total", dimensions: [("result", result.rawValue)], factory: factory))
            })
        unknownKeys = DriftCounter(label: "mapper_unknown_keys_total", scope: "model", item: "key", factory: factory)
        enumFallbacks = DriftCounter(label: "mapper_enum_fallback_total", scope: "enum", item: "value", factory: factory)
        decodeWarnings = DriftCounter(label: "mapper_decode_warnings_total", scope: "model", item: "code", factory: factory)
        shadowLoads = Dictionary(
            uniqueKeysWithValues: [ReloadResult.success, .unchanged, .failure].map { result in
                (result, Counter(label: "mapper_shadow_loads_total", dimensions: [("result", result.rawValue)], factory: factory))
            })
        shadowDropped = Counter(label: "mapper_shadow_dropped_total", dimensions: [], factory: factory)
    }

    func recordShadowLoad(_ result: ReloadResult) {
        shadowLoads[result]?.increment()
    }

    func recordShadowDrop() {
        shadowDropped.increment()
    }

    /// One comparison. `model` is a model of the live catalog (or `From/To`); `property` comes from
    /// output documents, so at most `DriftCounter.limit` distinct ones per model get a series of
    /// their own, the rest count under `other`.
    func recordShadow(_ result: ShadowResult, operation: String, model: String, property: String? = nil) {
        let counter: Counter = shadowCounters.withLock { counters in
            var key = [result.rawValue, operation, model]
            if let property { key.append(property) }
            if let found = counters[key] { return found }
            var dimensions = [("operation", operation), ("model", model)]
            let label: String
            switch result {
            case .agreement: label = "mapper_shadow_agreements_total"
            case .candidateError: label = "mapper_shadow_candidate_errors_total"
            case .difference:
                label = "mapper_shadow_differences_total"
                let seen = counters.keys.filter { $0.count == 4 && $0[1] == operation && $0[2] == model }.count
                let name = seen < DriftCounter.limit ? (property ?? "") : DriftCounter.other
                let cut = [result.rawValue, operation, model, name]
                if let found = counters[cut] { counters[key] = found; return found }
                dimensions.append(("property", name))
                let made = Counter(label: label, dimensions: dimensions, factory: factory)
                counters[cut] = made
                counters[key] = made
                return made
            }
            let made = Counter(label: label, dimensions: dimensions, factory: factory)
            counters[key] = made
            return made
        }
        counter.increment()
    }

    func recordRequest(endpoint: String, model: String, status: Int, duration: Duration) {
        let key = RequestKey(endpoint: endpoint, model: model, status: status)
        let metrics = requests.withLock { cache in
            if let found = cache[key] { return found }
            let made = RequestMetrics(key, factory: factory)
            cache[key] = made
            return made
        }
        metrics.count.increment()
        metrics.duration.recordNanoseconds(
            Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
        metrics.errors?.increment()
    }

    /// One upstream exchange of gateway mode: `method` is one the gateway forwards, `outcome` the
    /// upstream's status code or the name of the problem the exchange ended in.
    func recordUpstream(method: String, outcome: String, duration: Duration) {
        let timer = upstreamTimers.withLock { timers in
            if let found = timers[[method, outcome]] { return found }
            let made = Metrics.Timer(
                label: Self.upstreamDurationLabel, dimensions: [("method", method), ("outcome", outcome)], factory: factory)
            timers[[method, outcome]] = made
            return made
        }
        timer.recordNanoseconds(Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000)
    }

    func recordReload(_ result: ReloadResult) {
        reloads[result]?.increment()
    }

    /// Prometheus text exposition format (version 0.0.4).
    func render() -> [UInt8] {
        registry.emitToBuffer()
    }
}

private struct RequestKey: Hashable {
    var endpoint: String
    var model: String
    var status: Int
}

private struct RequestMetrics: Sendable {
    let count: Counter
    let duration: Metrics.Timer
    let errors: Counter?

    init(_ key: RequestKey, factory: PrometheusMetricsFactory) {
        let dimensions = [("endpoint", key.endpoint), ("model", key.model), ("status", String(key.status))]
        count = Counter(label: "mapper_http_requests_total", dimensions: dimensions, factory: factory)
        duration = Metrics.Timer(label: ServiceMetrics.durationLabel, dimensions: dimensions, factory: factory)
        errors = key.status >= 400 ? Counter(label: "mapper_http_errors_total", dimensions: dimensions, factory: factory) : nil
    }
}

/// A counter of upstream drift (unknown keys, enum fallbacks) whose label values come from input
/// data, so their number is capped: the first `limit` distinct values per scope get their own
/// series, the rest share `other`. Values are cut to 80 characters.
final class DriftCounter: Sendable {
    static let limit = 100
    static let other = "other"

    private let label: String
    private let scope: String
    private let item: String
    private let factory: PrometheusMetricsFactory
    private let counters = Locked<[String: [String: Counter]]>([:])

    init(label: String, scope: String, item: String, factory: PrometheusMetricsFactory) {
        self.label = label
        self.scope = scope
        self.item = item
        self.factory = factory
    }

    func record(_ values: [String], in scopeValue: String) {
        // The scope's table is changed in place: taken out and stored back, it would be copied.
        counters.withLock { all in record(values, in: scopeValue, series: &all[scopeValue, default: [:]]) }
    }

    private func record(_ values: [String], in scopeValue: String, series: inout [String: Counter]) {
        for value in values {
            let cut = value.count > 80 ? String(value.prefix(77)) + "..." : value
            if let counter = series[cut] {
                counter.increment()
                continue
            }
            let name = series.count < Self.limit ? cut : Self.other
            let counter = series[name] ?? Counter(label: label, dimensions: [(scope, scopeValue), (item, name)], factory: factory)
            series[name] = counter
            counter.increment()
        }
    }
}
