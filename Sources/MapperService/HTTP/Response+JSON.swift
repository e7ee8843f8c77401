import HTTPTypes
import Hummingbird
import NIOCore
import MapperKit

extension Response {
    /// JSON bytes as they come from MapperKit.
    static func json(_ bytes: [UInt8], status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var headers = headers
        headers[.contentType] = MediaTypes.json
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        json(Array(JSONWriter.write(value).utf8), status: status, headers: headers)
    }

    /// The headers of a decoding endpoint's JSON answer: `headers`, then `Mapper-Warnings`, then
    /// the content type.
    static func decodedHeaders(_ headers: HTTPFields, warnings: Int) -> HTTPFields {
        var fields = headers
        // Appended: no endpoint's headers have it already.
        fields.append(HTTPField(name: .mapperWarnings, value: String(warnings)))
        fields[.contentType] = MediaTypes.json
        return fields
    }
}

extension HTTPField.Name {
    /// The model `POST /v1/route` chose.
    static let mapperModel = HTTPField.Name("Mapper-Model")!
    /// How many values of the decoded document `on_error` let through as warnings.
    static let mapperWarnings = HTTPField.Name("Mapper-Warnings")!
    /// The revision of the catalog that answered.
    static let mapperRevision = HTTPField.Name("Mapper-Revision")!
    /// How `/v1/validate` placed the posted file: `replace FILE`, `join FILE` or `standalone FILE`.
    static let mapperValidatedAs = HTTPField.Name("Mapper-Validated-As")!
}
