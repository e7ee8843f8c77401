import Foundation

/// Points upstream URLs at the gateway: `https://api.github.com/repositories/1/issues?page=2`
/// becomes `http://GATEWAY/proxy/repositories/1/issues?page=2`, so that a client following a
/// pagination `Link` or a redirect's `Location` stays behind the gateway (and keeps getting
/// models). Only URLs of the upstream's origin under its base path are rewritten; a `/path`
/// reference outside the base path is made absolute (it means the upstream's origin, not the
/// gateway's); other URLs and relative references are left as they are.
struct LinkRewriter {
    let upstream: UpstreamURL
    /// `http://127.0.0.1:8080/proxy`, or `/proxy` when the request named no host.
    let gatewayBase: String

    /// The gateway's base from the request's `Host` (or `X-Forwarded-Host` and `X-Forwarded-Proto`,
    /// set by a proxy in front of the gateway).
    init(upstream: UpstreamURL, host: String?, forwardedHost: String?, forwardedProto: String?) {
        self.upstream = upstream
        let proto = forwardedProto.map { $0.split(separator: ",").first.map { $0.trimmingSpaces.lowercased() } ?? "" }
        let scheme = proto == "https" ? "https" : "http"
        let authority = (forwardedHost?.split(separator: ",").first.map { String($0.trimmingSpaces) } ?? host).flatMap {
            $0.isEmpty || $0.contains(where: { "/?#@ \"<>".contains($0) }) ? nil : $0
        }
        gatewayBase = authority.map { "\(scheme)://\($0)\(GatewayController.prefix)" } ?? GatewayController.prefix
    }

    /// One URL (a `Location` value).
    func rewrite(_ url: String) -> String {
        let reference = url.trimmingSpaces
        if reference.hasPrefix("/") && !reference.hasPrefix("//") {
            return relativeToBase(String(reference)).map { gatewayBase + $0 } ?? upstream.origin + reference
        }
        guard let components = URLComponents(string: String(reference)),
            components.scheme?.lowercased() == upstream.scheme,
            components.host?.lowercased() == upstream.host.lowercased(),
            effectivePort(components.port) == effectivePort(upstream.port),
            components.user == nil
        else { return url }
        var rest = components.percentEncodedPath
        if let query = components.percentEncodedQuery { rest += "?" + query }
        if let fragment = components.percentEncodedFragment { rest += "#" + fragment }
        return relativeToBase(rest.isEmpty ? "/" : rest).map { gatewayBase + $0 } ?? url
    }

    /// A `Link` field (RFC 8288): every `<target>` rewritten, parameters untouched (a `<` inside a
    /// quoted parameter value is not a target).
    func rewriteLink(_ value: String) -> String {
        var result = ""
        var index = value.startIndex
        var inQuotes = false
        while index < value.endIndex {
            let character = value[index]
            if inQuotes {
                result.append(character)
                if character == "\\", value.index(after: index) < value.endIndex {
                    index = value.index(after: index)
                    result.append(value[index])
                } else if character == "\"" {
                    inQuotes = false
                }
            } else if character == "\"" {
                inQuotes = true
                result.append(character)
            } else if character == "<", let close = value[index...].firstIndex(of: ">") {
                result += "<" + rewrite(String(value[value.index(after: index)..<close])) + ">"
                index = close
            } else {
                result.append(character)
            }
            index = value.index(after: index)
        }
        return result
    }

    /// `/api/v3/repos?x` → `/repos?x` for a base path of `/api/v3`; nil outside the base path.
    private func relativeToBase(_ pathAndMore: String) -> String? {
        let base = upstream.basePath
        guard !base.isEmpty else { return pathAndMore }
        guard pathAndMore.hasPrefix(base) else { return nil }
        let rest = pathAndMore.dropFirst(base.count)
        if rest.isEmpty { return "/" }
        guard let first = rest.first, "/?#".contains(first) else { return nil }
        return first == "/" ? String(rest) : "/" + rest
    }

    private func effectivePort(_ port: Int?) -> Int {
        port ?? (upstream.scheme == "https" ? 443 : 80)
    }
}
