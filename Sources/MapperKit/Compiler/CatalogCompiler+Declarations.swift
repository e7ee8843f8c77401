import MapperYAML

/// What each file declares: its version, its named definitions (models, enums, formats,
/// functions, tables; names are global to the catalog), its `defaults` and its `routes`.
extension CatalogCompiler {
    /// Collects what one file declares (a folder file's settings are read apart).
    mutating func collect(_ root: Node, file: String) {
        if Self.isFolderFile(file) {
            collectFolderSettings(root, file: file)
            return
        }
        guard
            let fields = record(
                root, allowed: MappingLanguage.names(of: .file),
                what: "a mapping file's top level")
        else { return }
        checkVersion(fields["mapper"], root: root, file: file)
        declare(fields["models"], kind: .model, into: \.modelDeclarations, order: \.modelOrder)
        declare(fields["enums"], kind: .enumeration, into: \.enumDeclarations, order: \.enumOrder)
        declare(fields["formats"], kind: .format, into: \.formatDeclarations, order: \.formatOrder)
        declare(fields["functions"], kind: .function, into: \.functionDeclarations, order: \.functionOrder)
        declare(fields["tables"], kind: .table, into: \.tableDeclarations, order: \.tableOrder)
        if let defaults = fields["defaults"] { fileDefaultsNodes.append((file, defaults)) }
        if let routes = fields["routes"] {
            routeDeclarations.append(RoutesDeclaration(file: file, body: routes, mark: fields.keyMark("routes") ?? routes.mark))
        }
    }

    /// `mapper: 1`, present and right.
    mutating func checkVersion(_ version: Node?, root: Node, file: String) {
        guard let version else {
            error(
                .missingVersion, "mapping file '\(file)' does not declare 'mapper: 1'", at: root.mark,
                hint: "add 'mapper: 1' as its first line")
            return
        }
        if version.scalar?.int != 1 {
            // `mapper: "1"` must not read as "version 1": quote anything that is not an integer.
            let written = version.scalar?.kind == .int ? version.scalar!.text : version.kindDescription
            error(
                .unsupportedVersion, "unsupported mapping language version \(written)", at: version.mark,
                hint: "this mapper reads 'mapper: 1'")
        }
    }

    private mutating func declare(
        _ section: Node?, kind: NameKind,
        into table: WritableKeyPath<CatalogCompiler, [String: Declaration]>,
        order: WritableKeyPath<CatalogCompiler, [String]>
    ) {
        guard let section, let pairs = mappingPairs(section, what: "the \(kind)s section") else { return }
        for pair in pairs {
            guard let name = checkedName(pair.key, kind: kind) else { continue }
            if let first = self[keyPath: table][name] ?? otherDeclaration(named: name, kind: kind) {
                var duplicate = Diagnostic.error(
                    .duplicateDefinition,
                    "\(kind) '\(name)' is defined twice: here and at \(first.mark)", at: pair.key.mark,
                    hint: editConflictHint(first.mark, pair.key.mark) ?? "rename one of them; names are global to the catalog")
                duplicate.related = Diagnostic.Related(at: first.mark, "the first definition of '\(name)'")
                diagnostics.append(duplicate)
                continue
            }
            if kind == .format, FormatReference.builtIn[name] != nil {
                error(
                    .duplicateDefinition, "format '\(name)' is built in and cannot be redefined", at: pair.key.mark,
                    hint: "choose another name")
                continue
            }
            self[keyPath: table][name] = Declaration(name: name, mark: pair.key.mark, body: pair.value)
            self[keyPath: order].append(name)
        }
    }

    /// For a name defined both in a file `mapper import` wrote and in one of the person's: the
    /// import writes its version next to theirs when the description changed it since.
    func editConflictHint(_ first: Mark, _ second: Mark) -> String? {
        guard importedFiles.contains(first.file) != importedFiles.contains(second.file) else { return nil }
        return "the import wrote its own version because the description changed it since yours was written: "
            + "bring the change into yours, or remove yours, then run the import again"
    }

    /// Models and enums share one namespace (a type expression names either).
    private func otherDeclaration(named name: String, kind: NameKind) -> Declaration? {
        switch kind {
        case .model: return enumDeclarations[name]
        case .enumeration: return modelDeclarations[name]
        default: return nil
        }
    }

    /// The name written in a key, when it is well formed for its kind; reports it otherwise.
    mutating func checkedName(_ key: Node, kind: NameKind) -> String? {
        guard let name = key.scalar?.text, key.scalar?.kind != .null else {
            error(.invalidName, "a \(kind) name must be a string, not \(key.kindDescription)", at: key.mark)
            return nil
        }
        if name.hasPrefix("$") {
            error(
                .reservedName, "\(kind) name '\(name)' begins with '$', which is reserved", at: key.mark,
                hint: "remove the '$'")
            return nil
        }
        guard kind.accepts(name) else {
            let suggestion = kind.suggestion(for: name)
            error(
                .invalidName, "\(kind) name '\(name)' does not match \(kind.rule)", at: key.mark,
                hint: suggestion.map(Diagnostic.didYouMean), replacement: suggestion)
            return nil
        }
        return name
    }
}
