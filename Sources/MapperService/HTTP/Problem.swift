import HTTPTypes
import Hummingbird
import NIOCore
import MapperKit

/// An error response as `application/problem+json` (RFC 9457): `type`, `title`, `status`,
/// `detail`, and extension members such as `errors` for mapping errors.
///
/// `type` is `https://mapper.dev/problems/<name>`; the names are stable and listed in docs/reference/http.md (and docs/reference/openapi.yaml).
struct Problem: HTTPResponseError, Sendable {
    static let typeBase = "https://mapper.dev/problems/"

    var status: HTTPResponse.Status
    /// The last part of the `type` URI: `mapping-errors`, `malformed-json`, …
    var name: String
    var title: String
    var detail: String
    var members: [JSONObject.Member] = []
    var headers: HTTPFields = [:]

    /// How many errors the answer reports: the entries of `errors` (mapping errors), else one.
    var errorCount: Int {
        guard case .array(let errors)? = members.first(where: { $0.key == "errors" })?.value else { return 1 }
        return errors.count
    }

    /// `about:blank` for statuses that need no more explanation than their title (RFC 9457, section 4.2.1).
    var type: String { name == "about:blank" ? name : Self.typeBase + name }

    var jsonValue: JSONValue {
        var object: JSONObject = [
            "type": .string(type), "title": .string(title), "status": .number(JSONNumber(Int64(status.code))),
            "detail": .string(detail),
        ]
        object.members += members
        return .object(object)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        response
    }

    var response: Response {
        var headers = self.headers
        headers[.contentType] = MediaTypes.problemJSON
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: JSONWriter.write(jsonValue))))
    }
}

extension Problem {
    static func badRequest(_ detail: String) -> Problem {
        Problem(status: .badRequest, name: "bad-request", title: "Bad request", detail: detail)
    }

    /// 400 for a body that is not JSON: the detail gives line, column and byte offset, and so do
    /// the `line`, `column` and `offset` members.
    static func malformedJSON(_ error: JSONSyntaxError) -> Problem {
        Problem(
            status: .badRequest, name: "malformed-json", title: "Malformed JSON", detail: "malformed JSON: \(error.description)",
            members: [
                .init(key: "line", value: .number(JSONNumber(Int64(error.line)))),
                .init(key: "column", value: .number(JSONNumber(Int64(error.column)))),
                .init(key: "offset", value: .number(JSONNumber(Int64(error.offset)))),
            ])
    }

    static func unauthorized(_ detail: String, invalidToken: Bool) -> Problem {
        let challenge = invalidToken ? #"Bearer realm="mapper", error="invalid_token""# : #"Bearer realm="mapper""#
        return Problem(
            status: .unauthorized, name: "unauthorized", title: "Unauthorized", detail: detail, headers: [.wwwAuthenticate: challenge])
    }

    static func unknownModel(_ name: String, in catalog: Catalog) -> Problem {
        var detail = "unknown model '\(name)'"
        if let suggestion = catalog.closestModel(to: name) { detail += "; did you mean '\(suggestion)'?" }
        return Problem(status: .notFound, name: "unknown-model", title: "Unknown model", detail: detail)
    }

    static func noRoute(_ detail: String) -> Problem {
        Problem(status: .notFound, name: "no-route", title: "No route matches", detail: detail)
    }

    static func notFound(_ method: HTTPRequest.Method, _ path: String) -> Problem {
        Problem(
            status: .notFound, name: "not-found", title: "Not found",
            detail: "no endpoint \(method.rawValue) \(path.shortened(120)); see GET /v1/catalog and docs/reference/http.md")
    }

    static func methodNotAllowed(_ method: HTTPRequest.Method, _ path: String, allowed: [HTTPRequest.Method]) -> Problem {
        let list = allowed.map(\.rawValue).joined(separator: ", ")
        return Problem(
            status: .methodNotAllowed, name: "method-not-allowed", title: "Method not allowed",
            detail: "\(path.shortened(120)) takes \(list), not \(method.rawValue)", headers: [.allow: list])
    }

    static func requestTimeout(_ timeout: Duration) -> Problem {
        Problem(
            status: .requestTimeout, name: "request-timeout", title: "Request timeout",
            detail: "the request body did not arrive within \(timeout)")
    }

    static func bodyTooLarge(limit: Int) -> Problem {
        Problem(
            status: .contentTooLarge, name: "body-too-large", title: "Body too large",
            detail: "the request body is larger than the limit of \(ByteSize.describe(limit)) (--max-body-size)",
            members: [.init(key: "limit", value: .number(JSONNumber(Int64(limit))))])
    }

    static func unsupportedMediaType(_ contentType: String, expected: String) -> Problem {
        Problem(
            status: .unsupportedMediaType, name: "unsupported-media-type", title: "Unsupported media type",
            detail: "Content-Type '\(contentType.shortened(80))' is not \(expected)")
    }

    /// 422: every error of the document, each `{pointer, path, message, source}`.
    static func mappingErrors(_ errors: MappingErrors) -> Problem {
        let count = errors.errors.count
        let first = errors.errors.first.map { ": " + $0.description.dropFirst("error: ".count) } ?? ""
        return Problem(
            status: .unprocessableContent, name: "mapping-errors", title: "Mapping errors",
            detail: "\(count) error\(count == 1 ? "" : "s") in the document\(first)",
            members: [.init(key: "errors", value: .array(errors.errors.map(\.jsonValue)))])
    }

    static func reloadFailed(_ failure: ReloadFailure, serving revision: String) -> Problem {
        let count = failure.diagnostics.errorCount
        return Problem(
            status: .unprocessableContent, name: "reload-failed", title: "Reload failed",
            detail: "the mapping files did not load (\(count) error\(count == 1 ? "" : "s")); still serving revision \(revision)",
            members: [.init(key: "revision", value: .string(revision)), .init(key: "lastReloadError", value: failure.jsonValue)])
    }

    /// 503 while no catalog has loaded (`--watch` started on broken files).
    static func notReady(_ failure: ReloadFailure) -> Problem {
        let count = failure.diagnostics.errorCount
        return Problem(
            status: .serviceUnavailable, name: "not-ready", title: "Not ready",
            detail: "no catalog is live yet: the mapping files did not load (\(count) error\(count == 1 ? "" : "s")); "
                + "the service waits for them to be fixed (see lastReloadError)",
            members: [.init(key: "lastReloadError", value: failure.jsonValue)], headers: [.retryAfter: "1"])
    }

    static func internalError() -> Problem {
        Problem(
            status: .internalServerError, name: "internal", title: "Internal server error",
            detail: "the server failed to answer; see its log")
    }

    /// The problem for what a mapping call threw: 400 for malformed JSON (with its line, column and
    /// offset), 404 for an unknown model, 422 for everything else.
    static func from(_ errors: MappingErrors) -> Problem {
        if let first = errors.errors.first, first.code == .invalidJSON {
            if let syntax = first.syntax { return .malformedJSON(syntax) }
            return Problem(status: .badRequest, name: "malformed-json", title: "Malformed JSON", detail: first.message)
        }
        if let first = errors.errors.first, first.code == .unknownModel {
            return Problem(status: .notFound, name: "unknown-model", title: "Unknown model", detail: first.message)
        }
        return .mappingErrors(errors)
    }
}

enum MediaTypes {
    static let json = "application/json"
    static let problemJSON = "application/problem+json"
    /// One JSON value per line: the envelope stream of an NDJSON request.
    static let ndjson = "application/x-ndjson"
    static let prometheus = "text/plain; version=0.0.4; charset=utf-8"
}

extension StringProtocol {
    func shortened(_ limit: Int) -> String {
        count > limit ? String(prefix(limit - 3)) + "..." : String(self)
    }
}
