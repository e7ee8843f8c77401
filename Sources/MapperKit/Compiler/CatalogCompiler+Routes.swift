import MapperSupport
import MapperYAML

extension CatalogCompiler {
    static let httpMethods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]

    /// `routes` blocks: patterns with optional methods, checked for unknown models and
    /// duplicates across the whole catalog.
    mutating func compileRoutes() {
        compileFolderRoutes()
        var blocks: [RouteTable.Block] = []
        var seen: [String: Mark] = [:]
        for declaration in routeDeclarations {
            let what = "the routes of '\(declaration.file)'"
            guard let fields = record(declaration.body, allowed: MappingLanguage.names(of: .routes), what: what) else { continue }
            // The file's own prefix and error_model, else those of the nearest folder file.
            let own = routeSettings(fields, what: what)
            let folder = folderRouteSettings(of: declaration.file)
            var block = RouteTable.Block(
                prefix: fields["prefix"] != nil ? own.prefix ?? [] : folder.prefix ?? [],
                errorModel: fields["error_model"] != nil ? own.errorModel : folder.errorModel, routes: [], file: declaration.file)
            if let doc = fields["doc"] { _ = string(doc, what: "the doc of \(what)") }
            guard let node = fields["paths"] else {
                error(
                    .missingKey, "\(what) have no 'paths'", at: declaration.mark,
                    hint: "add 'paths: { /users/*: User }'")
                continue
            }
            for pair in mappingPairs(node, what: "the paths of \(what)") ?? [] {
                guard let pattern = text(pair.key, what: "a route pattern"),
                    let modelName = routeValues[pair.value.mark] ?? typeExpression(pair.value)
                        ?? text(pair.value, what: "the model of route '\(pattern)'"),
                    var route = route(pattern, at: pair.key.mark)
                else { continue }
                guard routeValues[pair.value.mark] != nil || models[modelName] != nil || modelDeclarations[modelName] != nil else {
                    reportUnknownRouteBody(modelName, node: pair.value, pattern: pattern)
                    continue
                }
                route.model = modelName
                let identity = (block.prefix.map { $0 + "/" }.joined()) + "|" + route.description
                if let first = seen[identity] {
                    error(
                        .duplicateRoute, "route '\(route)' is defined twice: here and at \(first)", at: pair.key.mark,
                        hint: editConflictHint(first, pair.key.mark) ?? "remove one of them")
                    continue
                }
                seen[identity] = pair.key.mark
                block.routes.append(route)
            }
            blocks.append(block)
        }
        routeTable = RouteTable(blocks: blocks)
    }

    /// A routes block's (or a folder file's) `prefix` and `error_model`, when written and right.
    mutating func routeSettings(_ fields: Fields, what: String) -> (prefix: [String]?, errorModel: String?) {
        var settings: (prefix: [String]?, errorModel: String?) = (nil, nil)
        if let node = fields["prefix"], let text = text(node, what: "the prefix of \(what)") {
            if let segments = RoutePath.segments(of: text), !text.contains("?"), !text.contains("#") {
                settings.prefix = segments
            } else {
                error(.invalidRoute, "prefix '\(text)' of \(what) is not a path", at: node.mark, hint: "write it like 'v3' or 'api/v3'")
            }
        }
        if let node = fields["error_model"], let name = text(node, what: "the error_model of \(what)") {
            if models[name] != nil {
                settings.errorModel = name
            } else if modelDeclarations[name] == nil {
                reportUnknownModel(name, at: node.mark, context: "error_model names")
            }
        }
        return settings
    }

    /// `[METHOD ]/segment/*/#/…`.
    private mutating func route(_ pattern: String, at mark: Mark) -> RouteTable.Route? {
        var method: String?
        var path = Substring(pattern)
        if !pattern.hasPrefix("/"), let space = pattern.firstIndex(of: " ") {
            let word = String(pattern[..<space])
            path = pattern[pattern.index(after: space)...].drop { $0 == " " }
            guard Self.httpMethods.contains(word) else {
                error(
                    .invalidRoute, "route '\(pattern)' begins with '\(word)', which is not an HTTP method", at: mark,
                    hint: Self.httpMethods.contains(word.uppercased())
                        ? "write methods in upper case: '\(word.uppercased())'"
                        : Suggestion.hint(for: word, in: Self.httpMethods) ?? "expected one of: \(Self.httpMethods.joined(separator: ", "))"
                )
                return nil
            }
            method = word
        }
        if path.contains("?") || path.contains(" ") {
            error(
                .invalidRoute, "route '\(pattern)' is not a path pattern", at: mark,
                hint: path.contains(" ")
                    ? "write a space inside a segment as %20"
                    : "patterns are paths such as '/users/*/repos'; queries are ignored when matching")
            return nil
        }
        // Without its leading and trailing slashes (a Character walked backwards through
        // reversed views cost a DigitalOcean-sized catalog an eighth of its load).
        var raw = path.drop { $0 == "/" }
        while raw.last == "/" { raw.removeLast() }
        var segments: [RouteTable.Route.Segment] = []
        for piece in raw.split(separator: "/", omittingEmptySubsequences: false) where !raw.isEmpty {
            switch piece {
            case "":
                error(.invalidRoute, "route '\(pattern)' has an empty segment", at: mark, hint: "remove the doubled '/'")
                return nil
            case "*": segments.append(.any)
            case "#": segments.append(.digits)
            default:
                guard let decoded = RoutePath.percentDecode(piece) else {
                    error(.invalidRoute, "route '\(pattern)' has an invalid %-escape in '\(piece)'", at: mark)
                    return nil
                }
                segments.append(.literal(decoded))
            }
        }
        return RouteTable.Route(method: method, segments: segments, model: "", mark: mark)
    }

    /// Enums and formats defined but never used by a property.
    mutating func warnAboutUnused() {
        for name in enumOrder where !usedEnums.contains(name) {
            guard let declaration = enumDeclarations[name] else { continue }
            warning(
                .unused, "enum '\(name)' is never used", at: declaration.mark,
                hint: "use it as a property type or remove it")
        }
        for name in formatOrder where !usedFormats.contains(name) {
            guard let declaration = formatDeclarations[name] else { continue }
            warning(
                .unused, "format '\(name)' is never used", at: declaration.mark,
                hint: "name it in a property's 'format' or remove it")
        }
    }
}
