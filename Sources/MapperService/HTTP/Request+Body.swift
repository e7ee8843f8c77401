import HTTPTypes
import Hummingbird
import NIOCore

/// What a handler may receive as a body: how large, for how long, and of which media types.
struct BodyLimits: Sendable {
    var maxSize: Int
    var timeout: Duration
}

extension Request {
    /// The body of a JSON endpoint: 415 unless the Content-Type is JSON (`application/json`,
    /// `application/*+json`) or absent, then as `body(limits:)`.
    func jsonBody(_ limits: BodyLimits) async throws -> [UInt8] {
        if let contentType = headers[.contentType], !MediaRange.isJSON(contentType) {
            throw Problem.unsupportedMediaType(contentType, expected: "application/json (or application/*+json)")
        }
        return try await body(limits)
    }

    /// The body of `/v1/validate`: YAML text, so YAML, JSON (YAML 1.2 reads it), plain text, what
    /// curl sends by default, or nothing said.
    func yamlBody(_ limits: BodyLimits) async throws -> [UInt8] {
        if let contentType = headers[.contentType], !MediaRange.isYAMLText(contentType) {
            throw Problem.unsupportedMediaType(contentType, expected: "YAML (application/yaml, text/yaml, text/plain)")
        }
        return try await body(limits)
    }

    /// Collects the body, refusing with 413 as soon as it is known to be too large: at once when
    /// Content-Length says so, else as soon as more than the limit has arrived (the rest is never
    /// kept). 408 when it takes longer than the timeout to arrive.
    func body(_ limits: BodyLimits) async throws -> [UInt8] {
        var expected = 0
        if let length = headers[.contentLength] {
            guard let declared = Int(length.trimmingSpaces), declared >= 0 else {
                throw Problem.badRequest("Content-Length '\(length.shortened(40))' is not a number")
            }
            if declared > limits.maxSize { throw Problem.bodyTooLarge(limit: limits.maxSize) }
            expected = declared
        }
        let deadline = ContinuousClock.now.advanced(by: limits.timeout)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(expected)
        do {
            for try await chunk in body {
                if bytes.count + chunk.readableBytes > limits.maxSize { throw Problem.bodyTooLarge(limit: limits.maxSize) }
                if ContinuousClock.now > deadline { throw Problem.requestTimeout(limits.timeout) }
                chunk.withUnsafeReadableBytes { bytes.append(contentsOf: $0) }
            }
        } catch let problem as Problem {
            throw problem
        } catch {
            throw Problem.badRequest("the request body could not be read: \(error)")
        }
        return bytes
    }
}

/// Content-Type checks.
enum MediaRange {
    /// The media type without parameters, lower-cased: `application/json`.
    static func essence(_ contentType: String) -> Substring {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return Substring(type.trimmingSpaces.lowercased())
    }

    static func isJSON(_ contentType: String) -> Bool {
        let type = essence(contentType)
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    static func isYAMLText(_ contentType: String) -> Bool {
        let type = essence(contentType)
        let accepted: Set<Substring> = [
            "application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml", "application/json",
            "application/x-www-form-urlencoded", "application/octet-stream",
        ]
        return accepted.contains(type) || type.hasPrefix("text/") || (type.hasPrefix("application/") && type.hasSuffix("+json"))
            || (type.hasPrefix("application/") && type.hasSuffix("+yaml"))
    }
}
