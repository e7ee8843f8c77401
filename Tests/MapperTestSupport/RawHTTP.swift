#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation

/// A blocking HTTP/1.1 client over a plain socket, for what a polite client library will not do:
/// send part of a body, lie about its length, stall. Its calls block, so tests run them on their
/// own threads (`onThread`), never on the cooperative pool the server needs.
package final class RawConnection: @unchecked Sendable {
    package struct Response: Sendable {
        package var status: Int
        package var headers: [(name: String, value: String)]
        package var body: [UInt8]

        package func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        package var text: String { String(decoding: body, as: UTF8.self) }
    }

    package enum Failure: Error, CustomStringConvertible {
        case connect(Int32), closed(received: Int), timeout, malformed(String)

        package var description: String {
            switch self {
            case .connect(let code): return "connect failed: errno \(code)"
            case .closed(let received): return "connection closed by the server after \(received) bytes of response"
            case .timeout: return "no response in time"
            case .malformed(let text): return "malformed response: \(text)"
            }
        }
    }

    private let socket: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1:port; reads give up after `timeout`.
    package init(port: Int, timeout: Duration = .seconds(10)) throws {
        #if canImport(Glibc)
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            socket = Darwin.socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var seconds = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &seconds, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if result != 0 {
            let code = errno
            close(socket)
            throw Failure.connect(code)
        }
    }

    deinit {
        close(socket)
    }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            #if canImport(Glibc)
                let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            #else
                let sent = bytes[offset...].withUnsafeBytes { Darwin.send(socket, $0.baseAddress, $0.count, 0) }
            #endif
            if sent <= 0 { throw Failure.closed(received: 0) }
            offset += sent
        }
    }

    /// A whole request with a `Content-Length` body.
    package func request(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) throws -> Response {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        try send(Array((head + "\r\n").utf8) + body)
        return try readResponse()
    }

    /// Reads one response (status line, headers, a `Content-Length` or chunked body).
    package func readResponse() throws -> Response {
        var response = try readHead()
        if let length = response.header("content-length").flatMap({ Int($0) }) {
            _ = try fill { $0.count >= length ? length : nil }
            response.body = Array(buffer.prefix(length))
            buffer.removeFirst(length)
        } else if response.header("transfer-encoding")?.lowercased() == "chunked" {
            while true {
                let chunk = try readChunk()
                if chunk.isEmpty { break }
                response.body += chunk
            }
        }
        return response
    }

    /// Reads a response's status line and headers; a chunked body is then read with `readChunk`,
    /// as it arrives.
    package func readHead() throws -> Response {
        let headEnd = try fill(until: { Self.find([13, 10, 13, 10], in: $0) })
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure.malformed(head) }
        let headers = lines.compactMap { line -> (String, String)? in
            guard let colon = line.firstIndex(of: ":") else { return nil }
            return (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Response(status: status, headers: headers, body: [])
    }

    /// The next chunk of a chunked body; empty at the body's end.
    package func readChunk() throws -> [UInt8] {
        let lineEnd = try fill { Self.find([13, 10], in: $0) }
        let size = Int(String(decoding: buffer[..<lineEnd], as: UTF8.self), radix: 16) ?? 0
        buffer.removeFirst(lineEnd + 2)
        _ = try fill { $0.count >= size + 2 ? size : nil }
        let chunk = Array(buffer.prefix(size))
        buffer.removeFirst(size + 2)
        return chunk
    }

    /// True when the server closes the connection (EOF) before `timeout`.
    package func waitForClose() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(socket, &chunk, chunk.count, 0)
            if count == 0 { return true }
            if count < 0 { return errno == ECONNRESET }
        }
    }

    private func fill(until done: ([UInt8]) -> Int?) throws -> Int {
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            if let found = done(buffer) { return found }
            let count = recv(socket, &chunk, chunk.count, 0)
            if count == 0 { throw Failure.closed(received: buffer.count) }
            if count < 0 { throw errno == EAGAIN || errno == EWOULDBLOCK ? Failure.timeout : Failure.closed(received: buffer.count) }
            buffer += chunk[..<count]
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for index in 0...(haystack.count - needle.count) where haystack[index..<(index + needle.count)].elementsEqual(needle) {
            return index
        }
        return nil
    }
}

/// Runs blocking work on a thread of its own and awaits it.
package func onThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}
