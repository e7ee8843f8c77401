extension MappingSession {
    /// Merges canonical `source` into canonical `target` and returns canonical JSON of the
    /// result. Either document may say with `"$type"` that it is of a model that extends `model`
    /// or that `model` extends; without it, it is a `model`.
    public mutating func merge(
        target: some Collection<UInt8>, source: some Collection<UInt8>, as model: String
    ) throws(MappingErrors) -> [UInt8] {
        let type = try catalog.requireType(model)
        let partial = self.partial
        defer { self.partial = partial }
        self.partial = false  // the target is a whole document; with `partial`, the source is not
        let targetModel = try readFamilyMember(target, as: type)
        self.partial = partial
        let sourceModel = try readFamilyMember(source, as: type)
        let merged = try targetModel.merging(sourceModel)
        var output = JSONOutput()
        CanonicalWriter.write(merged, tagged: type.variants != nil || merged.type.name != type.name, into: &output)
        return output.bytes
    }

    /// Merges the members of one object `{"target": …, "source": …}` (canonical JSON of `model`
    /// or of its family each; the service's merge body), read once: errors point into it
    /// (`/source/count`), and the documents' errors are reported together.
    public mutating func merge(body: some Collection<UInt8>, as model: String) throws(MappingErrors) -> [UInt8] {
        let type = try catalog.requireType(model)
        let (target, source) = try Self.withContiguousBytes(body) { buffer throws(MappingErrors) -> (Model, Model) in
            try tokenize(buffer)
            return try JSONDocument.with(bytes: buffer, tape: tape) { document throws(MappingErrors) -> (Model, Model) in
                guard document.kind(at: 0) == .object else {
                    throw MappingErrors([
                        Self.bodyError("", "expected an object {\"target\": …, \"source\": …}, found \(document.quoted(at: 0))")
                    ])
                }
                var members: [String: Int] = [:]
                var problems: [MappingError] = []
                for (key, value) in document.members(ofObjectAt: 0) {
                    let name = document.string(at: key)
                    if name == "target" || name == "source" {
                        members[name] = value
                    } else {
                        problems.append(
                            Self.bodyError(
                                "/" + JSONPointer.escape(name), "unknown member \"\(name)\"; the body holds \"target\" and \"source\""))
                    }
                }
                for name in ["target", "source"] where members[name] == nil {
                    problems.append(Self.bodyError("", "missing member \"\(name)\""))
                }
                guard problems.isEmpty, let targetIndex = members["target"], let sourceIndex = members["source"] else {
                    throw MappingErrors(problems)
                }
                let partial = self.partial
                self.partial = false  // the target is a whole document; with `partial`, the source is not
                let target = readFamilyMember(document, at: targetIndex, member: "target", as: type)
                self.partial = partial
                let source = readFamilyMember(document, at: sourceIndex, member: "source", as: type)
                guard case .success(let first) = target, case .success(let second) = source else {
                    let errors = [target, source].flatMap { outcome -> [MappingError] in
                        if case .failure(let failure) = outcome { return failure.errors }
                        return []
                    }
                    throw MappingErrors(Array(errors.prefix(MappingErrors.limit)))
                }
                return (first, second)
            }
        }
        let merged = try target.merging(source)
        var output = JSONOutput()
        CanonicalWriter.write(merged, tagged: type.variants != nil || merged.type.name != type.name, into: &output)
        return output.bytes
    }

    /// One member of a merge body read as a canonical object of `type`'s family.
    private mutating func readFamilyMember(
        _ document: JSONDocument, at index: Int, member: String, as type: ModelType
    ) -> Result<Model, MappingErrors> {
        reader.mode = .canonical
        reader.begin(root: type.name, now: .now)
        reader.family = catalog.familyRoot(of: type).name
        defer { reader.family = nil }
        reader.path.push(.member(member))
        let model = reader.readModel(document, at: index, type: type, dispatch: type.variants != nil)
        guard let model, reader.errors.isEmpty else { return .failure(MappingErrors(reader.errors)) }
        return .success(model)
    }

    private static func bodyError(_ pointer: String, _ message: String) -> MappingError {
        MappingError(.invalidInput, pointer: pointer, path: "", message: message, source: "")
    }

    /// The property paths where two canonical documents of `model` differ.
    public mutating func differences(
        _ a: some Collection<UInt8>, _ b: some Collection<UInt8>, as model: String
    ) throws(MappingErrors) -> [String] {
        let type = try catalog.requireType(model)
        let first = try readFamilyMember(a, as: type)
        let second = try readFamilyMember(b, as: type)
        return first.differences(from: second)
    }

    /// One canonical object of `type` or of a model in its inheritance family.
    mutating func readFamilyMember(_ bytes: some Collection<UInt8>, as type: ModelType) throws(MappingErrors) -> Model {
        let decoded = try readCanonical(bytes, as: type.name, family: catalog.familyRoot(of: type).name)
        guard case .model(let model) = decoded else {
            throw MappingErrors([
                MappingError(
                    .invalidInput, pointer: "", path: type.name, message: "expected one canonical object, found an array", source: "")
            ])
        }
        return model
    }
}

extension Catalog {
    /// The model at the top of `type`'s inheritance chain.
    func familyRoot(of type: ModelType) -> ModelType {
        var root = type
        while let base = root.spec.base, let parent = modelType(named: base) { root = parent }
        return root
    }
}
