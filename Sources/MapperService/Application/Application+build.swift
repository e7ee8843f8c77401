import Foundation
package import Hummingbird
import HummingbirdCore
import Logging
package import MapperKit
import NIOCore
import ServiceLifecycle
import UnixSignals

/// The pieces the endpoints share.
struct ServiceState: Sendable {
    let configuration: ServiceConfiguration
    let store: CatalogStore
    let reloader: Reloader
    let metrics: ServiceMetrics
    let sessions: SessionCache
    /// Gateway mode's HTTP client, when `--upstream` is set.
    let upstream: UpstreamClient?
    /// The candidate catalog and its comparisons, with `--shadow`.
    let shadow: Shadow?
    /// The playground's page and editor, or why it cannot run.
    let playground: Result<PlaygroundAssets, PlaygroundUnavailable>

    var limits: BodyLimits {
        BodyLimits(maxSize: configuration.maxBodySize, timeout: configuration.requestTimeout)
    }
}

/// Loads the catalog (and runs the gate; `CatalogError` when either fails, unless `--watch` is
/// set: then the service starts not ready and waits for the files to be fixed) and builds the
/// HTTP application serving it.
/// Run it with `runService(_:configuration:)`, or with HummingbirdTesting's `test`.
package func buildApplication(_ configuration: ServiceConfiguration) throws(CatalogError) -> some ApplicationProtocol {
    let paths = configuration.mappings
    // Taken before the first load, so that a change made while loading is seen by --watch.
    let fingerprint = configuration.watch ? FileFingerprint(paths: paths) : nil
    let shadowFingerprint = configuration.watch ? configuration.shadow.map { FileFingerprint(paths: $0) } : nil
    let loader = CatalogLoader(paths: paths, options: configuration.loadOptions, gate: configuration.gate)
    let snapshot: CatalogSnapshot
    switch loader.load() {
    case .loaded(let catalog):
        snapshot = CatalogSnapshot(catalog: catalog, loadedAt: Date())
    case .failed(let diagnostics):
        // With --watch a fix to the files can still come: start not ready, and wait for it.
        guard configuration.watch else { throw CatalogError(diagnostics: diagnostics) }
        snapshot = .notReady(ReloadFailure(at: Date(), trigger: .startup, diagnostics: diagnostics))
    }
    let catalog = snapshot.catalog
    let logger = configuration.logger
    let state = serviceState(configuration, snapshot: snapshot, loader: loader, gateway: true)
    let upstream = state.upstream
    let reloadService = ReloadService(
        reloader: state.reloader, paths: paths,
        watch: fingerprint.map { (configuration.watchInterval, $0) }, onHangup: configuration.reloadOnHangup,
        shadow: state.shadow.map { (shadow: $0, initial: shadowFingerprint) })
    let idle = configuration.requestTimeout.components
    return Application(
        responder: buildResponder(state),
        server: .http1(configuration: .init(idleTimeout: .seconds(max(1, idle.seconds)))),
        configuration: ApplicationConfiguration(address: .hostname(configuration.host, port: configuration.port), serverName: "mapper"),
        // The upstream client's service is listed first, so that it shuts down after the server.
        services: (upstream.map { [$0.service] } ?? []) + [reloadService],
        onServerRunning: { channel in
            let port = channel.localAddress?.port ?? configuration.port
            let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
            logger.info(
                "mapper serve listening on http://\(host):\(port)",
                metadata: [
                    "version": .string(MapperVersion.description), "revision": .string(catalog.revision),
                    "models": .stringConvertible(catalog.modelNames.count), "watch": .stringConvertible(configuration.watch),
                    "auth": .stringConvertible(configuration.token != nil),
                    "adminAuth": .stringConvertible(configuration.adminToken != nil),
                    "upstream": .string(configuration.gateway.map { $0.upstream.description } ?? ""),
                ])
            if let failure = snapshot.notReady {
                logger.error(
                    "not ready: the catalog did not load; waiting for the files to change",
                    metadata: [
                        "errors": .stringConvertible(failure.diagnostics.errorCount)
                    ])
                for diagnostic in failure.diagnostics { logger.error("\(diagnostic.description)") }
            }
            configuration.onListening?(port)
        },
        logger: logger
    )
}

/// The state the endpoints share, serving `snapshot`; with `gateway`, the upstream client of
/// `--upstream` (which must then be run as a service).
private func serviceState(
    _ configuration: ServiceConfiguration, snapshot: CatalogSnapshot, loader: CatalogLoader, gateway: Bool
) -> ServiceState {
    let logger = configuration.logger
    let store = CatalogStore(snapshot)
    let metrics = ServiceMetrics()
    let reloader = Reloader(store: store, loader: loader, metrics: metrics, logger: logger)
    let shadow = configuration.shadow.map { paths in
        Shadow(paths: paths, options: configuration.loadOptions, samples: configuration.shadowSamples, metrics: metrics, logger: logger)
    }
    let upstream = gateway ? configuration.gateway.map { UpstreamClient(configuration: $0, metrics: metrics) } : nil
    let playground = PlaygroundAssets.load(codeMirror: configuration.codeMirrorDirectory)
    if case .failure(let unavailable) = playground { logger.warning("\(unavailable.description)") }
    return ServiceState(
        configuration: configuration, store: store, reloader: reloader, metrics: metrics, sessions: SessionCache(metrics: metrics),
        upstream: upstream, shadow: shadow, playground: playground)
}

/// One row of the service's route table.
package struct RouteTableEntry: Sendable, Hashable {
    /// `GET`, `POST`.
    package var method: String
    /// The path as routed, parameters in braces: `/v1/decode/{model}`.
    package var path: String
    /// Whether `--admin-token-file`'s token guards it.
    package var admin: Bool
}

/// Every endpoint the service answers with `configuration`, except gateway mode's `/proxy/**`,
/// in the order the controllers declare them; without loading the catalog. Help texts and the
/// documentation are checked against it.
package func routeTable(_ configuration: ServiceConfiguration) -> [RouteTableEntry] {
    let loader = CatalogLoader(paths: configuration.mappings, options: configuration.loadOptions, gate: configuration.gate)
    let snapshot = CatalogSnapshot.notReady(ReloadFailure(at: Date(), trigger: .startup, diagnostics: []))
    let state = serviceState(configuration, snapshot: snapshot, loader: loader, gateway: false)
    return controllers(state).flatMap(\.endpoints).map { RouteTableEntry(method: $0.method.rawValue, path: $0.path, admin: $0.admin) }
}

/// The router: every controller's endpoints behind the logging, tracing (with a tracer),
/// problem+json and (with a token) auth middleware; with shortcuts past its trie for the
/// endpoints that end in their parameter (`MapperResponder`).
func buildResponder(_ state: ServiceState) -> MapperResponder {
    let endpoints = controllers(state).flatMap(\.endpoints)
    let router = Router(context: MapperRequestContext.self, options: .autoGenerateHeadEndpoints)
    let configuration = state.configuration
    router.add(middleware: RequestLogMiddleware(metrics: state.metrics))
    if configuration.tracing { router.add(middleware: TracingMiddleware()) }
    router.add(middleware: ProblemMiddleware())
    if configuration.token != nil || configuration.adminToken != nil {
        router.add(middleware: AuthMiddleware(clientToken: configuration.token, adminToken: configuration.adminToken, endpoints: endpoints))
    }
    router.add(endpoints)
    return MapperResponder(router: router, endpoints: endpoints)
}

/// Runs the application until SIGTERM or SIGINT, then shuts down gracefully: the listener closes,
/// in-flight requests complete (for at most `shutdownTimeout`), idle connections close, then the
/// configuration's other services stop. Throws `ListenError` when the address cannot be bound.
package func runService(_ application: some ApplicationProtocol, configuration: ServiceConfiguration) async throws {
    // Services stop in reverse order: the server first, then (the tracing exporter) what it feeds.
    var group = ServiceGroupConfiguration(
        services: configuration.services + [application], gracefulShutdownSignals: [.sigterm, .sigint], logger: configuration.logger)
    group.maximumGracefulShutdownDuration = configuration.shutdownTimeout
    do {
        try await ServiceGroup(configuration: group).run()
    } catch {
        throw ListenError(error, host: configuration.host, port: configuration.port) ?? error
    }
    configuration.logger.info("mapper serve stopped")
}

/// The controllers serving `state`, in the order their endpoints are routed.
private func controllers(_ state: ServiceState) -> [any EndpointController] {
    var controllers: [any EndpointController] = [
        HealthController(store: state.store, metrics: state.metrics, gated: state.configuration.gate != nil),
        CatalogController(
            store: state.store, reloader: state.reloader, shadow: state.shadow, limits: state.limits,
            loadOptions: state.configuration.loadOptions),
        MappingController(store: state.store, sessions: state.sessions, limits: state.limits, shadow: state.shadow),
        ShadowController(store: state.store, reloader: state.reloader, shadow: state.shadow),
        TryController(
            store: state.store, limits: state.limits, loadOptions: state.configuration.loadOptions,
            graphviz: Graphviz(executable: state.configuration.dotExecutable, timeout: state.configuration.requestTimeout)),
        PlaygroundController(assets: state.playground),
    ]
    if let upstream = state.upstream {
        controllers.append(
            GatewayController(
                store: state.store, upstream: upstream, sessions: state.sessions, limits: state.limits,
                consumeAuthorization: state.configuration.token != nil, tracing: state.configuration.tracing))
    }
    return controllers
}
