import MapperKit

/// A JSON-RPC 2.0 message as the server reads it: a request (with an id), a notification (without)
/// or a response to a request the server sent.
enum Message {
    case request(id: JSONValue, method: String, params: JSONValue)
    case notification(method: String, params: JSONValue)
    case response(id: JSONValue)

    /// The message in `body`, or the error to answer with (and the id, when one could be read).
    static func parse(_ body: [UInt8]) -> Result<Message, ResponseFailure> {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: body)
        } catch {
            return .failure(ResponseFailure(id: .null, error: ResponseError(.parseError, "the message is not JSON: \(error.description)")))
        }
        guard case .object(let object) = value else {
            return .failure(
                ResponseFailure(id: .null, error: ResponseError(.invalidRequest, "a message must be a JSON object, not \(value.kindName)")))
        }
        let id = object["id"]
        if let id, !id.isValidID {
            return .failure(ResponseFailure(id: .null, error: ResponseError(.invalidRequest, "an id must be a number or a string")))
        }
        guard let method = object["method"] else {
            if let id, object["result"] != nil || object["error"] != nil { return .success(.response(id: id)) }
            return .failure(ResponseFailure(id: id ?? .null, error: ResponseError(.invalidRequest, "the message has no 'method'")))
        }
        guard case .string(let name) = method else {
            return .failure(ResponseFailure(id: id ?? .null, error: ResponseError(.invalidRequest, "'method' must be a string")))
        }
        let params = object["params"] ?? .null
        if let id { return .success(.request(id: id, method: name, params: params)) }
        return .success(.notification(method: name, params: params))
    }
}

extension JSONValue {
    /// JSON-RPC ids are numbers or strings (`null` only in answers to unreadable messages).
    fileprivate var isValidID: Bool {
        switch self {
        case .number, .string: true
        default: false
        }
    }
}

/// An error answered to a request: an LSP error code and a message.
struct ResponseError: Error {
    /// The codes of JSON-RPC 2.0 and LSP 3.17 the server answers with.
    enum Code: Int64 {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
        case requestFailed = -32803
        case requestCancelled = -32800
    }

    var code: Code
    var message: String

    init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    var jsonValue: JSONValue {
        ["code": .number(JSONNumber(code.rawValue)), "message": .string(message)]
    }
}

/// An error answer for a message that could not be handled at all.
struct ResponseFailure: Error {
    var id: JSONValue
    var error: ResponseError
}
