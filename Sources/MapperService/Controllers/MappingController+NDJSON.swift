import HTTPTypes
import Hummingbird
import MapperKit
import NIOCore

extension MappingController {
    /// Whether the request's body is NDJSON (`application/x-ndjson`), to be answered a line at a
    /// time (`streamEnvelopes`).
    static func isNDJSON(_ request: Request) -> Bool {
        guard let contentType = request.headers.value(.contentType) else { return false }
        return ["application/x-ndjson", "application/ndjson"].contains(MediaRange.essence(contentType))
    }

    /// Answers an NDJSON body with one envelope line per input line, in order, streamed as the
    /// body arrives: `{"ok": …}` (with `"warnings"`) or `{"error": {"errors": […]}, "line": N,
    /// "input": "…"}`. `?strict=true` and `?uuid_seed=SEED` apply to every line; the status is
    /// 200 once the stream starts, whatever its records give.
    func streamEnvelopes(
        _ request: Request, with snapshot: CatalogSnapshot, reading use: SessionCache.Use, headers: HTTPFields,
        _ work: @escaping @Sendable (inout MappingSession, [UInt8]) throws(MappingErrors) -> [UInt8]
    ) throws -> Response {
        let strict = try request.flagParameter("strict")
        let seed: String? = request.uri.queryParameters.get("uuid_seed").map { String($0) }
        if seed?.isEmpty == true { throw Problem.badRequest("uuid_seed must not be empty") }
        var fields = headers.isEmpty ? snapshot.headers : snapshot.headers + headers
        fields[.contentType] = MediaTypes.ndjson
        let catalog = snapshot.catalog
        let (sessions, maxLine, body) = (self.sessions, limits.maxSize, request.body)
        return Response(
            status: .ok, headers: fields,
            body: ResponseBody { writer in
                var lines = EnvelopeLines(maxLine: maxLine)
                // One session for each buffer, with the request's settings (a cached session is
                // shared with other requests: the seed is taken off again).
                func answer(_ bytes: UnsafeRawBufferPointer?) -> [UInt8] {
                    var output: [UInt8] = []
                    sessions.withSession(for: catalog, use, bodySize: bytes?.count ?? 0) { session in
                        session.strict = strict
                        defer { session.resetRequestSettings() }  // `work` sets the request's own
                        session.uuidSeed = seed
                        defer { session.uuidSeed = nil }
                        lines.feed(bytes, into: &output) { line throws(MappingErrors) in
                            (try work(&session, Array(line)), session.warnings)
                        }
                    }
                    return output
                }
                for try await buffer in body {
                    let output = buffer.withUnsafeReadableBytes { answer($0) }
                    if !output.isEmpty { try await writer.write(ByteBuffer(bytes: output)) }
                }
                let output = answer(nil)
                if !output.isEmpty { try await writer.write(ByteBuffer(bytes: output)) }
                try await writer.finish(nil)
            })
    }
}
