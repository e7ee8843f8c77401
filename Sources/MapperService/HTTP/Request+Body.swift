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
        if let contentType = headers.value(.contentType), !MediaRange.isJSON(contentType) {
            throw Problem.unsupportedMediaType(contentType, expected: "application/json (or application/*+json)")
        }
        return try await body(limits)
    }

    /// The body of `/v1/validate`: YAML text, so YAML, JSON (YAML 1.2 reads it), plain text, what
    /// curl sends by default, or nothing said.
    func yamlBody(_ limits: BodyLimits) async throws -> [UInt8] {
        if let contentType = headers.value(.contentType), !MediaRange.isYAMLText(contentType) {
            throw Problem.unsupportedMediaType(contentType, expected: "YAML (application/yaml, text/yaml, text/plain)")
        }
        return try await body(limits)
    }

    /// Collects the body, refusing with 413 as soon as it is known to be too large: at once when
    /// Content-Length says so, else as soon as more than the limit has arrived (the rest is never
    /// kept). 408 when it takes longer than the timeout to arrive.
    func body(_ limits: BodyLimits) async throws -> [UInt8] {
        var expected = 0
        if let length = headers.value(.contentLength) {
            // Digits alone parse as they are; trimming (by Unicode's whitespace) is for the rest.
            guard let declared = Int(length) ?? Int(length.trimmingSpaces), declared >= 0 else {
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

extension HTTPFields {
    /// The value of the fields named `name`, as `self[name]` gives it (several are joined), without
    /// the join when there is one field of that name: the usual case, and a request's lookups.
    func value(_ name: HTTPField.Name) -> String? {
        guard let first = firstIndex(where: { $0.name == name }) else { return nil }
        guard !self[index(after: first)...].contains(where: { $0.name == name }) else { return self[name] }
        return self[first].value
    }
}

/// Content-Type checks.
enum MediaRange {
    /// The media type without parameters, lower-cased: `application/json`. Every request to a
    /// JSON or YAML endpoint asks, and most write it in lower case already: that text is
    /// returned as it is, without a new string.
    static func essence(_ contentType: String) -> Substring {
        if let type = asciiEssence(contentType) { return type }
        let type = contentType[..<(contentType.firstIndex(of: ";") ?? contentType.endIndex)].trimmingSpaces
        return Substring(type.lowercased())
    }

    /// `essence` of a Content-Type of ASCII letters other than capitals, by its bytes (the
    /// characters and their whitespace rule cost more than the request's mapping of a small
    /// body); nil for anything else, which `essence` reads by characters. In ASCII, Unicode's
    /// whitespace is space and `\t` through `\r`.
    private static func asciiEssence(_ contentType: String) -> Substring? {
        let range: Range<Int>?? = contentType.utf8.withContiguousStorageIfAvailable { bytes in
            var end = 0
            while end < bytes.count && bytes[end] != UInt8(ascii: ";") {
                guard bytes[end] < 0x80 && !(0x41...0x5A).contains(bytes[end]) else { return nil }
                end += 1
            }
            // A mark after the ";" would make it part of another character.
            guard end + 1 >= bytes.count || bytes[end + 1] < 0x80 else { return nil }
            func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
            var start = 0
            while start < end && isSpace(bytes[start]) { start += 1 }
            while end > start && isSpace(bytes[end - 1]) { end -= 1 }
            return start..<end
        }
        guard let range = range ?? nil else { return nil }
        let utf8 = contentType.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return contentType[start..<utf8.index(start, offsetBy: range.count)]
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
