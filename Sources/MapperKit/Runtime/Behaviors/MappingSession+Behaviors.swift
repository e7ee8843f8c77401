extension MappingSession {
    /// Merges canonical `source` into canonical `target` and returns canonical JSON of the
    /// result. Either document may say with `"$type"` that it is of a model that extends `model`
    /// or that `model` extends; without it, it is a `model`.
    public mutating func merge(target: some Collection<UInt8>, source: some Collection<UInt8>, as model: String) throws(MappingErrors) -> [UInt8] {
        let type = try catalog.requireType(model)
        let targetModel = try readFamilyMember(target, as: type)
        let sourceModel = try readFamilyMember(source, as: type)
        let merged = try targetModel.merging(sourceModel)
        var output = JSONOutput()
        CanonicalWriter.write(merged, tagged: type.variants != nil || merged.type.name != type.name, into: &output)
        return output.bytes
    }

    /// The property paths where two canonical documents of `model` differ.
    public mutating func differences(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>, as model: String) throws(MappingErrors) -> [String] {
        let type = try catalog.requireType(model)
        let first = try readFamilyMember(a, as: type)
        let second = try readFamilyMember(b, as: type)
        return first.differences(from: second)
    }

    /// One canonical object of `type` or of a model in its inheritance family.
    mutating func readFamilyMember(_ bytes: some Collection<UInt8>, as type: ModelType) throws(MappingErrors) -> Model {
        var root = type
        while let base = root.spec.base, let parent = catalog.modelType(named: base) { root = parent }
        let decoded = try readCanonical(bytes, as: type.name, family: root.name)
        guard case .model(let model) = decoded else {
            throw MappingErrors([MappingError(.invalidInput, pointer: "", path: type.name, message: "expected one canonical object, found an array", source: "")])
        }
        return model
    }
}
