import MapperKit

extension LanguageServer {
    /// The answer to a request of a feature, by method; nil for a method the server does not know.
    func feature(_ method: String, _ params: JSONValue) throws(ResponseError) -> JSONValue? {
        switch method {
        case "textDocument/completion": return try completion(params)
        case "completionItem/resolve": return try resolveCompletion(params)
        case "textDocument/hover": return try hover(params)
        case "textDocument/definition": return try definition(params)
        case "textDocument/references": return try references(params)
        case "textDocument/codeAction": return try codeActions(params)
        case "textDocument/documentSymbol": return try documentSymbols(params)
        case "workspace/symbol": return try workspaceSymbols(params)
        case "textDocument/rename": return try rename(params)
        case "textDocument/codeLens": return try codeLenses(params)
        case "workspace/executeCommand": return try executeCommand(params)
        default: return nil
        }
    }
}
