import HTTPTypes
import Hummingbird

/// `--token-file` and `--admin-token-file`: a `/v1` or `/proxy` request must carry
/// `Authorization: Bearer <token>`; `/healthz`, `/readyz` and `/metrics` stay open. With an admin
/// token, the endpoints declared `admin` (reload, validate, …) take that token and no other, and
/// the others take the client token (or nothing, when there is none). Tokens are compared in
/// constant time.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = MapperRequestContext

    static let protectedPrefixes = ["/v1", GatewayController.prefix]

    let clientToken: [UInt8]?
    let adminToken: [UInt8]?
    /// The router paths of the admin endpoints, as the router names a matched endpoint.
    let adminPaths: Set<String>

    init(clientToken: String?, adminToken: String?, endpoints: [Endpoint]) {
        self.clientToken = clientToken.map { Array($0.utf8) }
        self.adminToken = adminToken.map { Array($0.utf8) }
        adminPaths = Set(endpoints.filter(\.admin).map { RouterPath($0.path).description })
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard Self.protectedPrefixes.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else {
            return try await next(request, context)
        }
        if let adminToken, let endpoint = context.endpointPath, adminPaths.contains(endpoint) {
            try Self.check(request, against: adminToken, name: "the admin token (--admin-token-file)")
        } else if let clientToken {
            try Self.check(request, against: clientToken, name: "the token (--token-file)")
        }
        return try await next(request, context)
    }

    private static func check(_ request: Request, against token: [UInt8], name: String) throws {
        guard let header = request.headers[.authorization] else {
            throw Problem.unauthorized("this endpoint needs an 'Authorization: Bearer <token>' header", invalidToken: false)
        }
        guard let presented = bearerToken(header) else {
            throw Problem.unauthorized("the Authorization header is not 'Bearer <token>'", invalidToken: false)
        }
        guard constantTimeEqual(presented, token) else {
            throw Problem.unauthorized("the bearer token is not \(name) this server was given", invalidToken: true)
        }
    }

    /// The token of `Bearer <token>` (the scheme is case-insensitive, RFC 9110, section 11.1).
    static func bearerToken(_ header: String) -> [UInt8]? {
        let parts = header.trimmingSpaces.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingSpaces
        return token.isEmpty ? nil : Array(token.utf8)
    }

    /// Equal when both have the same bytes. The time taken depends on the presented token's
    /// length only, never on where the two differ or on the expected token's length.
    static func constantTimeEqual(_ presented: [UInt8], _ expected: [UInt8]) -> Bool {
        guard !expected.isEmpty else { return false }
        var difference = UInt8(truncatingIfNeeded: presented.count ^ expected.count) | (presented.count == expected.count ? 0 : 1)
        for index in presented.indices {
            difference |= presented[index] ^ expected[index % expected.count]
        }
        return difference == 0
    }
}
