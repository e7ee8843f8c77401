import HTTPTypes
import Hummingbird
import MapperKit

/// The catalog endpoints: what is loaded, schemas, reloading, and checking a mapping file.
struct CatalogController: EndpointController {
    typealias Context = MapperRequestContext

    let store: CatalogStore
    let reloader: Reloader
    let shadow: Shadow?
    let limits: BodyLimits
    let loadOptions: LoadOptions

    var endpoints: [Endpoint] {
        [
            .get("/v1/catalog", catalog),
            .get("/v1/models/{model}/schema", schema),
            .post("/v1/reload", admin: true, reload),
            .post("/v1/validate", admin: true, validate),
        ]
    }

    /// `GET /v1/catalog`: mapper's version, the revision, when it went live, the last reload error,
    /// and the models, enums, formats and routes.
    @Sendable func catalog(_ request: Request, context: Context) async throws -> Response {
        let snapshot = store.snapshot
        var object: JSONObject = ["version": .string(MapperVersion.description)]
        object.members += Self.summary(snapshot).members
        object.append("lastReloadError", snapshot.lastReloadError?.jsonValue ?? .null)
        if case .object(let description) = snapshot.catalog.descriptionJSON { object.members += description.members }
        return .json(.object(object), headers: snapshot.headers)
    }

    /// `GET /v1/models/{Model}/schema?side=canonical|external` (default canonical).
    @Sendable func schema(_ request: Request, context: Context) async throws -> Response {
        let snapshot = try store.live()
        let model = try snapshot.requireModel(context.parameters.get("model") ?? "", notes: context.notes)
        let sideText = request.uri.queryParameters.get("side") ?? SchemaSide.canonical.rawValue
        guard let side = SchemaSide(rawValue: sideText) else {
            throw Problem.badRequest("side '\(sideText.shortened(40))' is neither 'canonical' nor 'external'")
        }
        do {
            return .json(try snapshot.catalog.jsonSchema(for: model, side: side), headers: snapshot.headers)
        } catch {
            throw Problem.mappingErrors(error)
        }
    }

    /// `POST /v1/reload`: reload now. 200 with what is live (`status` `reloaded` or `unchanged`),
    /// or 422 `reload-failed` with the diagnostics while the previous catalog keeps serving.
    /// With `--shadow` the candidate reloads first, and `shadow` says how (its failure never
    /// fails the reply).
    @Sendable func reload(_ request: Request, context: Context) async throws -> Response {
        var shadowMember: JSONObject = [:]
        if let shadow { shadowMember.append("shadow", Shadow.describe(await shadow.reload(.request))) }
        switch await reloader.reload(.request) {
        case .reloaded(let snapshot, let previous):
            var object: JSONObject = ["status": "reloaded", "previousRevision": .string(previous)]
            object.members += Self.summary(snapshot).members + shadowMember.members
            return .json(.object(object), headers: snapshot.headers)
        case .unchanged(let snapshot):
            var object: JSONObject = ["status": "unchanged"]
            object.members += Self.summary(snapshot).members + shadowMember.members
            return .json(.object(object), headers: snapshot.headers)
        case .failed(let failure, let serving):
            var problem = Problem.reloadFailed(failure, serving: serving.catalog.revision)
            problem.headers = serving.headers
            throw problem
        }
    }

    /// `POST /v1/validate[?name=FILE][&standalone=true]`: the body is the YAML text of one mapping
    /// file; the reply is the diagnostics report (as `mapper validate --format json`) of the catalog it would make. Nothing is
    /// deployed.
    @Sendable func validate(_ request: Request, context: Context) async throws -> Response {
        let snapshot = store.snapshot
        let query = request.uri.queryParameters
        let name = query.get("name").flatMap { $0.isEmpty ? nil : $0 }
        let standalone: Bool
        switch query.get("standalone")?.lowercased() {
        case nil, "false", "0", "no": standalone = false
        case "", "true", "1", "yes": standalone = true
        case let other?: throw Problem.badRequest("standalone '\(other.shortened(40))' is neither true nor false")
        }
        let text = try await request.yamlBody(limits)
        let plan = ValidationPlan(text: text, name: name, standalone: standalone, snapshot: snapshot)
        let check = Catalog.check(sources: plan.sources, options: loadOptions)
        var headers = snapshot.headers
        headers[.mapperValidatedAs] = plan.description
        return .json(check.diagnostics.jsonReport, headers: headers)
    }

    /// `revision`, `loadedAt`, `files`, `warnings`.
    static func summary(_ snapshot: CatalogSnapshot) -> JSONObject {
        [
            "revision": .string(snapshot.catalog.revision),
            "loadedAt": .string(snapshot.loadedAt.iso8601),
            "files": .array(snapshot.catalog.files.map(JSONValue.string)),
            "warnings": .array(snapshot.catalog.warnings.map(\.jsonValue)),
        ]
    }
}
