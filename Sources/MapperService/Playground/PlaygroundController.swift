import Foundation
import Hummingbird
import NIOCore

/// `GET /playground`: the page where a mapping is edited and tried as it is typed, and the files
/// it loads (below `/playground/`). Open like `/healthz`: the page holds nothing of the catalog;
/// what it asks `/v1/try` for takes the token.
struct PlaygroundController: EndpointController {
    typealias Context = MapperRequestContext

    let assets: Result<PlaygroundAssets, PlaygroundUnavailable>

    var endpoints: [Endpoint] {
        var endpoints: [Endpoint] = [.get("/playground", page)]
        if case .success(let assets) = assets {
            endpoints += assets.files.map { file in .get("/playground/" + file.path) { _, _ in file.response } }
        }
        return endpoints
    }

    /// The page, or (503) a page saying what is missing.
    @Sendable func page(_ request: Request, context: Context) async throws -> Response {
        let headers: HTTPFields = [
            .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
            // Everything comes from this server: no CDN, no inline script.
            .contentSecurityPolicy: "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
        ]
        switch assets {
        case .success(let assets):
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: assets.page)))
        case .failure(let unavailable):
            let html = """
                <!doctype html><html lang="en"><meta charset="utf-8"><title>mapper playground: unavailable</title>
                <body style="font: 16px/1.5 system-ui, sans-serif; max-width: 40em; margin: 4em auto">
                <h1>The playground is not available</h1><p>\(Self.escaped(unavailable.description)).</p>
                <p>Restart <code>mapper serve</code> once it is installed.</p></body></html>
                """
            return Response(status: .serviceUnavailable, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(
            of: ">", with: "&gt;")
    }
}
