import MapperKit

extension LanguageServer {
    /// The answer to a request of a feature, by method; nil for a method the server does not know.
    func feature(_ method: String, _ params: JSONValue) throws(ResponseError) -> JSONValue? {
        switch method {
        default: return nil
        }
    }
}
