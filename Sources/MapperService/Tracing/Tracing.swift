import Foundation
import HTTPTypes
package import Logging
import OTel
package import ServiceLifecycle
import Tracing

/// `--otel-endpoint URL`: spans go to an OpenTelemetry collector over OTLP/HTTP (protobuf), W3C
/// `traceparent` and `tracestate` are read from requests and written on upstream requests.
package enum TracingExport {
    /// Bootstraps the process's tracer to export to `endpoint` (`http://collector:4318`; spans are
    /// posted to `/v1/traces` below it unless the URL names a path) and returns the exporter's
    /// service, which must run for spans to leave the process (and flushes them at shutdown).
    /// The standard `OTEL_*` environment variables (`OTEL_BSP_SCHEDULE_DELAY`, …) still apply.
    package static func bootstrap(endpoint: String, logger: Logger) throws -> any Service {
        var configuration = OTel.Configuration.default
        configuration.serviceName = "mapper"
        configuration.resourceAttributes["service.version"] = MapperVersion.description
        configuration.diagnosticLogger = .custom(logger)
        configuration.logs.enabled = false
        configuration.metrics.enabled = false
        configuration.traces.otlpExporter.protocol = .httpProtobuf
        configuration.traces.otlpExporter.endpoint = tracesURL(endpoint)
        configuration.traces.batchSpanProcessor.scheduleDelay = .seconds(1)
        configuration.propagators = [.traceContext]
        let backend = try OTel.makeTracingBackend(configuration: configuration)
        InstrumentationSystem.bootstrap(backend.factory)
        return backend.service
    }

    /// `http://collector:4318` → `http://collector:4318/v1/traces`; a URL with a path is kept.
    package static func tracesURL(_ endpoint: String) -> String {
        guard let url = URL(string: endpoint), url.path.isEmpty || url.path == "/" else { return endpoint }
        return (endpoint.hasSuffix("/") ? String(endpoint.dropLast()) : endpoint) + "/v1/traces"
    }

    /// An http or https URL with a host: what `--otel-endpoint` takes.
    package static func isValidEndpoint(_ endpoint: String) -> Bool {
        guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased() else { return false }
        return (scheme == "http" || scheme == "https") && url.host?.isEmpty == false
    }
}

/// Reads trace context from request headers.
struct HTTPFieldsExtractor: Extractor {
    func extract(key: String, from carrier: HTTPFields) -> String? {
        HTTPField.Name(key).flatMap { carrier[$0] }
    }
}

/// Writes trace context into request headers.
struct HTTPFieldsInjector: Injector {
    func inject(_ value: String, forKey key: String, into carrier: inout HTTPFields) {
        if let name = HTTPField.Name(key) { carrier[name] = value }
    }
}
