import Hummingbird
import MapperKit
import MapperTooling

/// `/v1/try`: a catalog made of posted mapping files (with the live catalog's others) is checked
/// and tried on an input, and drawn; nothing is deployed. The playground's backend, and admin
/// endpoints (`--admin-token-file`).
struct TryController: EndpointController {
    typealias Context = MapperRequestContext

    let store: CatalogStore
    let limits: BodyLimits
    let loadOptions: LoadOptions
    let graphviz: Graphviz

    var endpoints: [Endpoint] {
        [
            .get("/v1/try", admin: true, files),
            .post("/v1/try", admin: true, run),
            .post("/v1/try/graph", admin: true, graph),
        ]
    }

    /// `GET /v1/try`: `{"files": {"name.yaml": "…"}}`, the texts the live catalog was compiled from,
    /// in the shape `POST /v1/try` takes them.
    @Sendable func files(_ request: Request, context: Context) async throws -> Response {
        let snapshot = store.snapshot
        let files = JSONObject(
            snapshot.catalog.sources.map { .init(key: $0.name, value: .string(String(decoding: $0.bytes, as: UTF8.self))) })
        return .json(["files": .object(files), "revision": .string(snapshot.catalog.revision)], headers: snapshot.headers)
    }

    /// `POST /v1/try`: `{"output", "model", "models", "diagnostics", "errors", "warnings", "test"}`
    /// (`TryResult`); 200 whatever the files and input hold, 400 for a body that is not a request.
    @Sendable func run(_ request: Request, context: Context) async throws -> Response {
        let snapshot = store.snapshot
        let body = try TryRequest(parsing: await request.jsonBody(limits))
        return .json(TryResult(body, live: snapshot.catalog, options: loadOptions).jsonValue, headers: snapshot.headers)
    }

    /// `POST /v1/try/graph` (the same body; only `files` counts): `{"dot", "svg", "renderError",
    /// "diagnostics"}`, the model graph as DOT and, when Graphviz is installed, as SVG.
    @Sendable func graph(_ request: Request, context: Context) async throws -> Response {
        let snapshot = store.snapshot
        let body = try TryRequest(parsing: await request.jsonBody(limits))
        let (catalog, diagnostics) = body.catalog(live: snapshot.catalog, options: loadOptions)
        var dot = JSONValue.null
        var svg = JSONValue.null
        var renderError = JSONValue.null
        if let catalog {
            let text = CatalogGraph(catalog).dot
            dot = .string(text)
            do {
                svg = .string(try await graphviz.svg(text))
            } catch {
                renderError = .string(error.description)
            }
        }
        let answer: JSONValue = ["dot": dot, "svg": svg, "renderError": renderError, "diagnostics": .array(diagnostics.map(\.jsonValue))]
        return .json(answer, headers: snapshot.headers)
    }
}
