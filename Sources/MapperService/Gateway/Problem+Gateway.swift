import HTTPTypes
import MapperKit

/// The gateway's own failures (README, "Gateway mode"): 502 when the upstream could not be reached
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
        var problem = upstream(
            .badGateway, "upstream-no-route", "No route for the upstream response", url: url,
            detail: "the upstream \(url.shortened(200)) answered \(status), and \(detail) (--strict-routes)")
        problem.members.append(.init(key: "upstreamStatus", value: .number(JSONNumber(Int64(status)))))
        return problem
    }

    /// A body that should be JSON for `model` and is not (malformed, or compressed).
    static func upstreamInvalidJSON(url: String, status: Int, model: String, reason: String) -> Problem {
        var problem = upstream(
            .badGateway, "upstream-invalid-json", "Upstream body is not JSON", url: url,
            detail: "the upstream \(url.shortened(200)) answered \(status) with a body for \(model) that is not JSON: \(reason)")
        problem.members.append(.init(key: "upstreamStatus", value: .number(JSONNumber(Int64(status)))))
        return problem
    }

    /// JSON the route's model does not read: every error, pointers into the upstream's body.
    static func upstreamMappingErrors(url: String, status: Int, model: String, errors: MappingErrors) -> Problem {
        let count = errors.errors.count
        var problem = upstream(
            .badGateway, "upstream-mapping-errors", "Upstream body does not map", url: url,
            detail:
                "the upstream \(url.shortened(200)) answered \(status) with a body that does not map to \(model): \(count) error\(count == 1 ? "" : "s")"
        )
        problem.members += [
            .init(key: "upstreamStatus", value: .number(JSONNumber(Int64(status)))),
            .init(key: "errors", value: .array(errors.errors.map(\.jsonValue))),
        ]
        return problem
    }

    private static func upstream(_ status: HTTPResponse.Status, _ name: String, _ title: String, url: String, detail: String) -> Problem {
        Problem(status: status, name: name, title: title, detail: detail, members: [.init(key: "upstream", value: .string(url))])
    }
}
