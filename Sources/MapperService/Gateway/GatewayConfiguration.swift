import Foundation

/// `mapper serve --upstream URL`: the upstream JSON API that `/proxy/…` fronts, and how to talk to it.
package struct GatewayConfiguration: Sendable {
    /// Where `/proxy/PATH` goes: `upstream.url(for: "/PATH")`.
    package var upstream: UpstreamURL
    /// How long the upstream may take to connect and send its response head, and the longest
    /// silence while its body arrives (504 after that).
    package var timeout: Duration
    /// Upstream response bodies larger than this are refused with 502.
    package var maxResponseSize: Int
    /// Refuse (502) upstream responses no route matches instead of passing them through.
    package var strictRoutes: Bool
    /// Headers set on every upstream request (`--upstream-header 'Authorization: token X'`),
    /// replacing any the client sent under the same name.
    package var headers: [(name: String, value: String)]

    package init(
        upstream: UpstreamURL, timeout: Duration = .seconds(30), maxResponseSize: Int = 10 * 1024 * 1024,
        strictRoutes: Bool = false, headers: [(name: String, value: String)] = []
    ) {
        self.upstream = upstream
        self.timeout = timeout
        self.maxResponseSize = maxResponseSize
        self.strictRoutes = strictRoutes
        self.headers = headers
    }

    /// `Name: value` as `--upstream-header` takes it; nil when it is not one header line.
    package static func parseHeader(_ text: String) -> (name: String, value: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let name = String(text[..<colon].trimmingSpaces)
        let value = String(text[text.index(after: colon)...].trimmingSpaces)
        let token = CharacterSet(charactersIn: "!#$%&'*+-.^_`|~").union(.alphanumerics)
        guard !name.isEmpty, name.unicodeScalars.allSatisfy({ $0.isASCII && token.contains($0) }),
            !value.contains(where: { $0 == "\r" || $0 == "\n" })
        else { return nil }
        return (name, value)
    }
}

/// The upstream's base URL: `http(s)://host[:port][/base/path]`, without query or fragment.
package struct UpstreamURL: Sendable, Equatable, CustomStringConvertible {
    package var scheme: String
    package var host: String
    package var port: Int?
    /// The base path without a trailing slash: `""` or `/api/v3`.
    package var basePath: String

    /// Nil unless the text is an absolute http or https URL with a host and no query or fragment.
    package init?(_ text: String) {
        guard let components = URLComponents(string: String(text.trimmingSpaces)),
            let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = components.host, !host.isEmpty,
            components.query == nil, components.fragment == nil, components.user == nil
        else { return nil }
        self.scheme = scheme
        self.host = host
        port = components.port
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        basePath = path
    }

    /// `scheme://host[:port]`, the origin whose URLs the gateway rewrites (RFC 6454).
    package var origin: String {
        let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        return "\(scheme)://\(hostPart)\(port.map { ":\($0)" } ?? "")"
    }

    package var description: String { origin + basePath }

    /// The upstream URL of a path (with its query) relative to the base: `/repos/o/r?page=2`.
    package func url(for pathAndQuery: String) -> String {
        description + pathAndQuery
    }
}
