import MapperKit
import MapperSupport

/// Writes LSP base-protocol frames to a file descriptor: `Content-Length: N\r\n\r\n` then the JSON.
struct MessageWriter {
    let descriptor: Int32

    /// A response with a result.
    func respond(to id: JSONValue, result: JSONValue) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    /// A response with an error.
    func respond(to id: JSONValue, error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id, "error": error.jsonValue])
    }

    /// A notification from the server (`textDocument/publishDiagnostics`, `window/logMessage`).
    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// `window/logMessage`: 1 error, 2 warning, 3 info, 4 log.
    func log(_ message: String, type: Int64 = 2) {
        notify("window/logMessage", ["type": .number(JSONNumber(type)), "message": .string(message)])
    }

    private func send(_ message: JSONValue) {
        let body = Array(JSONWriter.write(message).utf8)
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        // A client that went away ends the session when the next read finds the end of the input.
        _ = frame.withUnsafeBytes { OutputDescriptor.write($0, to: descriptor) }
    }
}
