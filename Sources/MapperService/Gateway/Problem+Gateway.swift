import HTTPTypes
import MapperKit

/// The gateway's own failures (docs/operations/gateway.md): 502 when the upstream could not be reached
/// or sent what the gateway cannot hand on, 504 when it was too slow. Each names the upstream URL
/// in the detail and in an `upstream` member.
extension Problem {
    static func upstreamUnreachable(url: String, error: any Error) -> Problem {
        upstream(
            .badGateway, "upstream-unreachable", "Upstream unreachable", url: url,
            detail: "the upstream \(url.shortened(200)) could not be reached: \(String(describing: error).shortened(300))")
    }

    static func upstreamTimeout(url: String, timeout: Duration) -> Problem {
        upstream(
            .gatewayTimeout, "upstream-timeout", "Upstream timeout", url: url,
            detail: "the upstream \(url.shortened(200)) did not answer within \(timeout) (--upstream-timeout)")
    }

    static func upstreamBodyTooLarge(url: String, limit: Int) -> Problem {
        var problem = upstream(
            .badGateway, "upstream-body-too-large", "Upstream body too large", url: url,
            detail:
                "the upstream \(url.shortened(200)) answered with a body larger than the limit of \(ByteSize.describe(limit)) (--upstream-max-body-size)"
        )
        problem.members.append(.init(key: "limit", value: .number(JSONNumber(Int64(limit)))))
        return problem
    }

    /// `--strict-routes`: a response no route maps.
    static func upstreamNoRoute(url: String, status: Int, detail: String) -> Problem {
        upstream(
            .badGateway, "upstream-no-route", "No route for the upstream response", url: url, upstreamStatus: status,
            detail: "the upstream \(url.shortened(200)) answered \(status), and \(detail) (--strict-routes)")
    }

    /// A body that should be JSON for `model` and is not (malformed, or compressed).
    static func upstreamInvalidJSON(url: String, status: Int, model: String, reason: String) -> Problem {
        upstream(
            .badGateway, "upstream-invalid-json", "Upstream body is not JSON", url: url, upstreamStatus: status,
            detail: "the upstream \(url.shortened(200)) answered \(status) with a body for \(model) that is not JSON: \(reason)")
    }

    /// JSON the route's model does not read: every error, pointers into the upstream's body.
    static func upstreamMappingErrors(url: String, status: Int, model: String, errors: MappingErrors) -> Problem {
        let count = errors.errors.count
        var problem = upstream(
            .badGateway, "upstream-mapping-errors", "Upstream body does not map", url: url, upstreamStatus: status,
            detail:
                "the upstream \(url.shortened(200)) answered \(status) with a body that does not map to \(model): \(count) error\(count == 1 ? "" : "s")"
        )
        problem.members.append(.init(key: "errors", value: .array(errors.errors.map(\.jsonValue))))
        return problem
    }

    /// A problem naming the upstream's URL and, when it answered, its status (`upstreamStatus`).
    private static func upstream(
        _ status: HTTPResponse.Status, _ name: String, _ title: String, url: String, upstreamStatus: Int? = nil, detail: String
    ) -> Problem {
        var members: [JSONObject.Member] = [.init(key: "upstream", value: .string(url))]
        if let upstreamStatus { members.append(.init(key: "upstreamStatus", value: .number(JSONNumber(Int64(upstreamStatus))))) }
        return Problem(status: status, name: name, title: title, detail: detail, members: members)
    }
}
