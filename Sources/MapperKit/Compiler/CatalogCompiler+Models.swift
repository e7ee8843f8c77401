import MapperSupport
import MapperYAML

extension CatalogCompiler {
    static let modelFields = MappingLanguage.names(of: .model)

    /// A model's own settings as written, before inheritance is applied.
    ///
    /// A class: the phases look headers up by name many times per model (settings and properties
    /// are inherited along `extends`), and a reference costs one retain where a copy of these
    /// fields would cost a dozen. Its settings are written while the headers are read, on one
    /// thread, and only read after that (when properties are read on every core).
    final class ModelHeader: @unchecked Sendable {
        let name: String
        let declaration: Declaration
        let fields: Fields
        var base: String?
        var keyStyle: KeyStyle?
        var unknownKeys: ModelSpec.UnknownKeys?
        var extra: ExtraSettings?
        var version = 1
        var doc: String?
        /// `on_error` as the model writes it.
        var onError: OnError?
        /// `omit`, own or from the file's defaults.
        var omit: OmitPolicy?

        init(name: String, declaration: Declaration, fields: Fields) {
            self.name = name
            self.declaration = declaration
            self.fields = fields
        }
    }

    mutating func compileModels() {
        // Headers, then own properties, read on every core.
        var headers: [String: ModelHeader] = [:]
        headers.reserveCapacity(modelOrder.count)
        for (name, header) in zip(modelOrder, readOnEveryCore(modelOrder) { $0.modelHeader($1) }) {
            if let header { headers[name] = header }
        }
        breakInheritanceCycles(&headers)

        // Own properties are keyed with the declaring model's (possibly inherited) key style.
        let reading = modelOrder.compactMap { name in
            headers[name].map { (header: $0, style: Self.inherited(\.keyStyle, from: $0, in: headers) ?? .asIs) }
        }
        var own: [String: [PropertySpec]] = [:]
        own.reserveCapacity(reading.count)
        for (model, properties) in zip(reading, readOnEveryCore(reading) { $0.ownProperties(of: $1.header, keyStyle: $1.style) }) {
            own[model.header.name] = properties
        }

        // Each model's settings and properties with its ancestors', made on every core.
        let merged = (headers: headers, own: own)
        let specs = reading.concurrentMap { header, style in
            ModelSpec(
                name: header.name, doc: header.doc, base: header.base, keyStyle: style,
                unknownKeys: Self.inherited(\.unknownKeys, from: header, in: merged.headers) ?? .ignore,
                extra: Self.inherited(\.extra, from: header, in: merged.headers) ?? ExtraSettings(),
                version: header.version, properties: Self.effectiveProperties(of: header.name, headers: merged.headers, own: merged.own),
                variants: nil, migrations: [], onError: Self.inherited(\.onError, from: header, in: merged.headers),
                mark: header.declaration.mark)
        }
        models.reserveCapacity(modelOrder.count)
        for (var spec, (header, _)) in zip(specs, reading) {
            applyModelOnError(to: &spec, header: header)
            spec.omit = Self.inherited(\.omit, from: header, in: headers)
            Self.applyModelOmit(to: &spec)
            models[header.name] = spec
        }

        for name in modelOrder {
            guard let header = headers[name] else { continue }
            if let node = header.fields["extra"], models[name]?.unknownKeys != .keep {
                error(
                    .inapplicableField, "'extra' of model '\(name)' applies to models that keep unknown keys",
                    at: header.fields.keyMark("extra") ?? node.mark, hint: "add 'unknown_keys: keep', or remove 'extra'")
            }
            if let node = header.fields["variants"] {
                let variants = variants(node, of: name, at: header.fields.keyMark("variants") ?? node.mark)
                models[name]?.variants = variants
            }
            if let node = header.fields["migrations"] {
                let migrations = migrations(node, of: header)
                models[name]?.migrations = migrations
            }
        }
        var ownRules: [String: [ModelRule]] = [:]
        for name in modelOrder {
            guard let header = headers[name], let node = header.fields["rules"] else { continue }
            ownRules[name] = rules(node, of: name)
        }
        for name in modelOrder where !ownRules.isEmpty && models[name] != nil {
            // Inherited rules first: a model extending another satisfies its rules too.
            var chain: [String] = []
            var current: String? = name
            while let model = current, !chain.contains(model) {
                chain.append(model)
                current = headers[model]?.base
            }
            models[name]?.rules = chain.reversed().flatMap { ownRules[$0] ?? [] }
        }
        checkFlattenCycles(own: own)
    }

    /// `rules: [{rule: EXPR, message: TEXT}]`.
    private mutating func rules(_ node: Node, of model: String) -> [ModelRule] {
        guard let items = node.sequence else {
            error(
                .invalidValue, "the rules of model '\(model)' must be a list of {rule, message}, not \(node.kindDescription)",
                at: node.mark,
                hint: "write '- { rule: \"self.end >= self.start\", message: \"end before start\" }'")
            return []
        }
        var found: [ModelRule] = []
        for item in items {
            let what = "a rule of model '\(model)'"
            guard let fields = record(item, allowed: MappingLanguage.names(of: .rule), what: what) else { continue }
            guard let ruleNode = fields["rule"] else {
                error(.missingKey, "\(what) has no 'rule'", at: item.mark, hint: "add 'rule: EXPR', a CEL expression giving true or false")
                continue
            }
            guard let messageNode = fields["message"] else {
                error(
                    .missingKey, "\(what) has no 'message'", at: item.mark,
                    hint: "add 'message: TEXT', what the data error says when the rule fails")
                continue
            }
            guard let compiled = expression(ruleNode, what: "the rule of model '\(model)'", variables: Self.decodeVariables),
                let message = string(messageNode, what: "the message of \(what)")
            else { continue }
            found.append(ModelRule(rule: compiled, message: message))
        }
        return found
    }

    private mutating func modelHeader(_ name: String) -> ModelHeader? {
        guard let declaration = modelDeclarations[name],
            let fields = record(declaration.body, allowed: Self.modelFields, what: "model '\(name)'")
        else { return nil }
        let header = ModelHeader(name: name, declaration: declaration, fields: fields)
        // The file's defaults are what the model says when it says nothing itself.
        let defaults = fileDefaults[declaration.mark.file]
        header.keyStyle = defaults?.keyStyle
        header.unknownKeys = defaults?.unknownKeys
        header.omit = defaults?.omit
        header.doc = fields["doc"].flatMap { string($0, what: "the doc of model '\(name)'") }
        if let node = fields["extends"], let base = text(node, what: "'extends' of model '\(name)'") {
            if modelDeclarations[base] != nil {
                header.base = base
            } else {
                reportUnknownModel(base, at: node.mark, context: "model '\(name)' extends")
            }
        }
        readKeySettings(fields, keyStyle: &header.keyStyle, unknownKeys: &header.unknownKeys)
        if let node = fields["extra"] {
            header.extra = extraSettings(node, of: name)
        }
        if let node = fields["omit"] {
            header.omit = omitPolicy(node, what: "omit of model '\(name)'")
        }
        if let node = fields["on_error"] {
            header.onError = onErrorMode(node, what: "on_error of model '\(name)'")
        }
        if let node = fields["version"] {
            if let version = node.scalar?.int, version >= 1, version <= Int64(Int32.max) {
                header.version = Int(version)
            } else {
                error(
                    .invalidVersion, "version of model '\(name)' must be a whole number of at least 1, not \(node.kindDescription)",
                    at: node.mark)
            }
        }
        return header
    }

    /// `key_style` and `unknown_keys`, of a model or of a file's defaults.
    mutating func readKeySettings(_ fields: Fields, keyStyle: inout KeyStyle?, unknownKeys: inout ModelSpec.UnknownKeys?) {
        if let node = fields["key_style"],
            let word = word(node, what: "key_style", in: KeyStyle.allCases.map(\.rawValue), code: .unknownKeyStyle)
        {
            keyStyle = KeyStyle(rawValue: word)
        }
        if let node = fields["unknown_keys"],
            let word = word(node, what: "unknown_keys setting", in: ModelSpec.UnknownKeys.allCases.map(\.rawValue))
        {
            unknownKeys = ModelSpec.UnknownKeys(rawValue: word)
        }
    }

    /// `extra: { compare: false, archive: false, merge: keep }`.
    private mutating func extraSettings(_ node: Node, of name: String) -> ExtraSettings? {
        let what = "the extra settings of model '\(name)'"
        guard let fields = record(node, allowed: MappingLanguage.names(of: .extra), what: what) else { return nil }
        var settings = ExtraSettings()
        if let flag = fields["compare"] { settings.compare = bool(flag, what: "'compare' of \(what)") ?? true }
        if let flag = fields["archive"] { settings.archive = bool(flag, what: "'archive' of \(what)") ?? true }
        if let strategy = fields["merge"],
            let word = word(strategy, what: "merge strategy of $extra", in: ["replace", "keep"], code: .invalidMergeStrategy)
        {
            settings.merge = MergeStrategy(rawValue: word) ?? .replace
        }
        return settings
    }

    /// Reports `extends` cycles (at every model on one) and cuts them so later phases terminate.
    private mutating func breakInheritanceCycles(_ headers: inout [String: ModelHeader]) {
        for name in modelOrder {
            guard let base = headers[name]?.base else { continue }  // most models extend nothing
            var chain = [name]
            var current: String? = base
            while let next = current {
                if next == name {
                    let mark = headers[name]?.fields["extends"]?.mark ?? headers[name]!.declaration.mark
                    error(
                        .inheritanceCycle,
                        "model '\(name)' extends itself: \((chain + [name]).joined(separator: " → "))", at: mark,
                        hint: "remove 'extends' from one model of the cycle")
                    break
                }
                if chain.contains(next) { break }  // a cycle further up; reported from its own members
                chain.append(next)
                current = headers[next]?.base
            }
        }
        for name in modelOrder where onCycle(name, headers) {
            headers[name]?.base = nil
        }
    }

    private func onCycle(_ name: String, _ headers: [String: ModelHeader]) -> Bool {
        guard let base = headers[name]?.base else { return false }
        var seen: Set<String> = [name]
        var current: String? = base
        while let next = current {
            if next == name { return true }
            guard seen.insert(next).inserted else { return false }
            current = headers[next]?.base
        }
        return false
    }

    /// The model's `on_error` (its own or its nearest ancestor's) goes to each property that does
    /// not write its own and where it can hold: `null` and `drop` to optional properties, `default`
    /// to properties with a default, none to properties never read from JSON. A model's own setting
    /// that fits none of its properties is an error.
    private mutating func applyModelOnError(to spec: inout ModelSpec, header: ModelHeader) {
        guard let mode = spec.onError, mode != .fail else { return }
        let name = spec.name
        var applied = false
        for index in spec.properties.indices {
            let key = DefaultKey(model: spec.properties[index].declaredIn, property: spec.properties[index].name)
            guard !ownOnError.contains(key),
                Self.onErrorProblem(mode, for: spec.properties[index], hasDefault: defaultNodes[key] != nil) == nil
            else { continue }
            spec.properties[index].onError = mode
            applied = true
        }
        if !applied, header.onError != nil, let mark = header.fields.keyMark("on_error") {
            let reason: String
            switch mode {
            case .default: reason = "no property without its own 'on_error' has a default"
            default: reason = "every property without its own 'on_error' is required or never read from JSON"
            }
            error(
                .invalidOnError, "'on_error: \(mode.rawValue)' of model '\(name)' applies to none of its properties: \(reason)", at: mark,
                hint: "set 'on_error' on the properties it is meant for, or remove it")
        }
    }

    /// A setting of the model itself or, unless set, of its nearest ancestor that sets it.
    private static func inherited<Value>(
        _ setting: Swift.KeyPath<ModelHeader, Value?>, from header: ModelHeader, in headers: [String: ModelHeader]
    ) -> Value? {
        var current: ModelHeader? = header
        while let model = current {
            if let value = model[keyPath: setting] { return value }
            current = model.base.flatMap { headers[$0] }
        }
        return nil
    }

    /// Base properties first, then the model's own; a redefinition takes its base's place.
    /// (Inheritance cycles are broken before: the chain of bases ends.)
    private static func effectiveProperties(
        of name: String, headers: [String: ModelHeader], own: [String: [PropertySpec]]
    ) -> [PropertySpec] {
        var properties: [PropertySpec] = []
        if let base = headers[name]?.base {
            properties = effectiveProperties(of: base, headers: headers, own: own)
        }
        let mine = own[name] ?? []
        if properties.isEmpty {
            // A model that extends nothing: its own list (names distinct) as it is, shared rather
            // than copied spec by spec.
            properties = mine
        } else {
            for property in mine {
                if let index = properties.firstIndex(where: { $0.name == property.name }) {
                    properties[index] = property
                } else {
                    properties.append(property)
                }
            }
        }
        return properties
    }

    /// Whether `model` is `ancestor` or extends it, directly or not.
    func isModel(_ model: String, descendantOf ancestor: String) -> Bool {
        var current: String? = model
        var steps = 0
        while let name = current, steps <= models.count {
            if name == ancestor { return true }
            current = models[name]?.base
            steps += 1
        }
        return false
    }

    mutating func reportUnknownModel(_ name: String, at mark: Mark, context: String) {
        if enumDeclarations[name] != nil {
            error(.unknownModel, "\(context) '\(name)', which is an enum, not a model", at: mark)
        } else {
            let suggestion = Self.suggestion(for: name, in: modelOrder)
            error(
                .unknownModel, "\(context) unknown model '\(name)'", at: mark, hint: suggestion.hint,
                replacement: suggestion.replacement)
        }
    }

    // MARK: - Key paths and flatten

    /// Each model's own flattened properties (`own`: what each model declares itself) that lead
    /// back to it.
    private mutating func checkFlattenCycles(own: [String: [PropertySpec]]) {
        for name in modelOrder {
            // By index: a `for` over the properties would copy every spec (a few dozen fields) to read two.
            guard let properties = own[name], models.index(forKey: name) != nil else { continue }
            for index in properties.indices where properties[index].flatten {
                let property = properties[index]
                guard case .model(let nested) = property.type else { continue }
                if flattens(nested, into: name, seen: []) {
                    error(
                        .flattenCycle,
                        "flattening '\(property.name)' (model '\(nested)') into model '\(name)' never ends: '\(nested)' flattens '\(name)' back",
                        at: property.mark, hint: "use a key instead of flatten on one side")
                }
            }
        }
    }

    private func flattens(_ model: String, into target: String, seen: Set<String>) -> Bool {
        if model == target { return true }
        guard !seen.contains(model), let spec = models[model] else { return false }
        for property in spec.properties where property.flatten {
            if case .model(let nested) = property.type, flattens(nested, into: target, seen: seen.union([model])) {
                return true
            }
        }
        return false
    }
}
