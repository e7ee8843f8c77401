extension JSONDocument {
    /// Tokenizes `bytes` into a fresh tape and hands the document to `body` (for small, rare
    /// documents such as defaults and transformer output; hot paths reuse a session's tape).
    static func withDocument<Result>(_ bytes: [UInt8], _ body: (JSONDocument) -> Result) throws(JSONSyntaxError) -> Result {
        var tape = JSONTape()
        let outcome = bytes.withUnsafeBytes { raw -> Swift.Result<Result, JSONSyntaxError> in
            do throws(JSONSyntaxError) {
                try JSONTokenizer.tokenize(raw, into: &tape)
            } catch {
                return .failure(error)
            }
            return .success(JSONDocument.with(bytes: raw, tape: tape, body))
        }
        return try outcome.get()
    }
}
