import HTTPTypes
import Hummingbird

/// `--token-file`: every `/v1` and `/proxy` request must carry `Authorization: Bearer <token>`;
/// `/healthz` and `/metrics` stay open. The token is compared in constant time.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = MapperRequestContext

    static let protectedPrefixes = ["/v1", GatewayController.prefix]

    let token: [UInt8]

    init(token: String) {
        self.token = Array(token.utf8)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let path = request.uri.path
        guard Self.protectedPrefixes.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else {
            return try await next(request, context)
        }
        guard let header = request.headers[.authorization] else {
            throw Problem.unauthorized("this endpoint needs an 'Authorization: Bearer <token>' header", invalidToken: false)
        }
        guard let presented = Self.bearerToken(header) else {
            throw Problem.unauthorized("the Authorization header is not 'Bearer <token>'", invalidToken: false)
        }
        guard Self.constantTimeEqual(presented, token) else {
            throw Problem.unauthorized("the bearer token is not the one this server was given", invalidToken: true)
        }
        return try await next(request, context)
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
