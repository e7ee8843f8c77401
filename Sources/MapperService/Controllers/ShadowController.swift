import HTTPTypes
import Hummingbird
import MapperKit

/// The shadow catalog's endpoints (`--shadow PATH`), for operators: what the comparisons found,
/// and promoting the candidate.
struct ShadowController: EndpointController {
    typealias Context = MapperRequestContext

    let store: CatalogStore
    let reloader: Reloader
    let shadow: Shadow?

    var endpoints: [Endpoint] {
        [
            .get("/v1/shadow", admin: true, report),
            .post("/v1/shadow/promote", admin: true, promote),
        ]
    }

    /// `GET /v1/shadow`: the candidate (or null), its last load error, the queue, the counts per
    /// operation and model, and the last differing documents.
    @Sendable func report(_ request: Request, context: Context) async throws -> Response {
        let shadow = try configured()
        var object: JSONObject = ["paths": .array(shadow.paths.map(JSONValue.string))]
        if let candidate = shadow.candidate {
            object.append(
                "candidate",
                [
                    "revision": .string(candidate.catalog.revision), "loadedAt": .string(candidate.loadedAt.iso8601),
                    "files": .array(candidate.catalog.files.map(JSONValue.string)),
                ])
        } else {
            object.append("candidate", .null)
        }
        object.append("lastLoadError", shadow.lastLoadError?.jsonValue ?? .null)
        let queue = shadow.queue.counts
        object.append(
            "queue",
            [
                "capacity": .number(JSONNumber(Int64(ShadowQueue.capacity))), "pending": .number(JSONNumber(Int64(queue.pending))),
                "dropped": .number(JSONNumber(Int64(queue.dropped))),
            ])
        object.members += shadow.tally.jsonValue.members
        return .json(.object(object), headers: store.snapshot.headers)
    }

    /// `POST /v1/shadow/promote`: the candidate goes live (after `--gate`, as a reload would);
    /// the shadow slot is then empty until the shadow path is reloaded. 409 `no-shadow-candidate`
    /// when there is no candidate; 422 `reload-failed` when the gate refuses it.
    @Sendable func promote(_ request: Request, context: Context) async throws -> Response {
        let shadow = try configured()
        guard let candidate = shadow.candidate else { throw Problem.noShadowCandidate(shadow) }
        switch await reloader.promote(candidate.catalog, candidatePaths: shadow.paths) {
        case .reloaded(let snapshot, let previous):
            shadow.clear(promoted: candidate)
            var object: JSONObject = ["status": "promoted", "previousRevision": .string(previous)]
            object.members += CatalogController.summary(snapshot).members
            return .json(.object(object), headers: snapshot.headers)
        case .unchanged(let snapshot):
            shadow.clear(promoted: candidate)
            var object: JSONObject = ["status": "unchanged"]
            object.members += CatalogController.summary(snapshot).members
            return .json(.object(object), headers: snapshot.headers)
        case .failed(let failure, let serving):
            var problem = Problem.reloadFailed(failure, serving: serving.catalog.revision)
            problem.detail =
                "the candidate did not pass the gate (\(failure.diagnostics.errorCount) failed); still serving revision \(serving.catalog.revision)"
            problem.headers = serving.headers
            throw problem
        }
    }

    private func configured() throws(Problem) -> Shadow {
        guard let shadow else { throw Problem.noShadow() }
        return shadow
    }
}

extension Problem {
    /// 409: the service runs without `--shadow`.
    static func noShadow() -> Problem {
        Problem(
            status: .conflict, name: "no-shadow", title: "No shadow catalog",
            detail: "this server was started without a shadow catalog; start it with --shadow PATH")
    }

    /// 409: `--shadow` is set but no candidate is loaded (it failed to load, or was promoted).
    static func noShadowCandidate(_ shadow: Shadow) -> Problem {
        let paths = shadow.paths.joined(separator: ", ")
        let why =
            shadow.lastLoadError == nil
            ? "it was promoted or has not loaded; change the files under \(paths) or POST /v1/reload to load it again"
            : "the files under \(paths) did not load (see lastLoadError); fix them and POST /v1/reload"
        return Problem(
            status: .conflict, name: "no-shadow-candidate", title: "No shadow candidate",
            detail: "no candidate catalog is loaded: \(why)",
            members: [.init(key: "lastLoadError", value: shadow.lastLoadError?.jsonValue ?? .null)])
    }
}
