/// Archives: canonical JSON in an envelope naming the model and its version,
/// `{"$model": "Profile", "$version": 2, …}`, without `archive: false` properties. Unarchiving an
/// older version runs the model's migrations in order.
extension MappingSession {
    /// Canonical JSON of `model` → an archive.
    public mutating func archive(_ canonical: some Collection<UInt8>, as model: String) throws(MappingErrors) -> [UInt8] {
        let decoded = try readCanonical(canonical, as: model)
        var output = JSONOutput()
        func write(_ model: Model) {
            var object = JSONOutput()
            CanonicalWriter.write(model, tagged: false, archiving: true, into: &object)
            output.append(contentsOf: "{\"$model\":")
            output.appendString(model.type.name)
            output.append(contentsOf: ",\"$version\":")
            output.appendInt64(Int64(model.type.spec.version))
            // The model's own members follow the envelope.
            if object.count > 2 {
                output.append(UInt8(ascii: ","))
                object.withUnsafeBytes { output.append(UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }
            } else {
                output.append(UInt8(ascii: "}"))
            }
        }
        switch decoded {
        case .model(let model):
            write(model)
        case .array(let models):
            output.append(UInt8(ascii: "["))
            for (position, model) in models.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                if let model { write(model) } else { output.append(contentsOf: "null") }
            }
            output.append(UInt8(ascii: "]"))
        }
        return output.bytes
    }

    /// An archive → the model it holds (migrated to the current version) and its canonical JSON.
    public mutating func unarchive(_ archive: some Collection<UInt8>) throws(MappingErrors) -> (model: String, canonical: [UInt8]) {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: archive)
        } catch {
            throw MappingErrors([MappingError(invalidJSON: error)])
        }
        guard case .object(var object) = value else {
            throw MappingErrors([
                MappingError(
                    .invalidInput, pointer: "", path: "",
                    message: "an archive is a JSON object with \"$model\" and \"$version\", found \(value.quoted)", source: "")
            ])
        }
        guard case .string(let name)? = object["$model"] else {
            throw MappingErrors([
                MappingError(
                    .invalidInput, pointer: "/$model", path: "",
                    message: "an archive names its model in \"$model\"; it is missing or not a string", source: "")
            ])
        }
        let type = try catalog.requireType(name)
        guard case .number(let number)? = object["$version"], let version = number.int64, version >= 1 else {
            throw MappingErrors([
                MappingError(
                    .invalidInput, pointer: "/$version", path: name,
                    message:
                        "an archive gives its version in \"$version\" as a whole number of at least 1; found \(object["$version"]?.quoted ?? "nothing")",
                    source: type.spec.mark.description)
            ])
        }
        let current = type.spec.version
        if version > Int64(current) {
            throw MappingErrors([
                MappingError(
                    .invalidInput, pointer: "/$version", path: name,
                    message: "archive from a newer schema: $version \(version), but model '\(name)' is at version \(current)",
                    source: type.spec.mark.description)
            ])
        }
        object.members.removeAll { $0.key == "$model" || $0.key == "$version" }
        var problems: [MappingError] = []
        for from in Int(version)..<current {
            guard let step = type.spec.migrations.first(where: { $0.from == from }) else {
                throw MappingErrors([
                    MappingError(
                        .invalidInput, pointer: "/$version", path: name,
                        message: "no migration of model '\(name)' from version \(from) to \(from + 1)", source: type.spec.mark.description)
                ])
            }
            step.apply(to: &object, model: name, problems: &problems)
        }
        guard problems.isEmpty else { throw MappingErrors(problems) }
        let canonical = Array(JSONWriter.write(.object(object)).utf8)
        let decoded = try readCanonical(canonical, as: name)
        return (name, try canonicalJSON(decoded, as: name))
    }
}

extension Migration {
    /// One step, in the documented order: rename, template, set, drop.
    func apply(to object: inout JSONObject, model: String, problems: inout [MappingError]) {
        for entry in rename where object[entry.field] != nil && entry.field != entry.value {
            object.members.removeAll { $0.key == entry.value }
            if let index = object.members.firstIndex(where: { $0.key == entry.field }) {
                object.members[index].key = entry.value
            }
        }
        for entry in template {
            var text = ""
            for part in entry.value.parts {
                switch part {
                case .literal(let literal):
                    text += literal
                case .field(let field):
                    guard let value = object[field], value != .null else {
                        problems.append(
                            MappingError(
                                .invalidInput, pointer: "/" + field, path: model,
                                message:
                                    "migration from version \(from) builds '\(entry.field)' from '\(field)', which the archive does not have",
                                source: mark.description))
                        continue
                    }
                    if case .string(let string) = value { text += string } else { text += JSONWriter.write(value) }
                }
            }
            set(entry.field, to: .string(text), in: &object)
        }
        for entry in set where object[entry.field] == nil {
            object.append(entry.field, entry.value)
        }
        object.members.removeAll { drop.contains($0.key) }
    }

    private func set(_ field: String, to value: JSONValue, in object: inout JSONObject) {
        if let index = object.members.firstIndex(where: { $0.key == field }) {
            object.members[index].value = value
        } else {
            object.append(field, value)
        }
    }
}

extension Model {
    /// The property paths where two models differ (`compare: false` properties are ignored;
    /// `$type` when the concrete types differ; `$extra.KEY` for kept unknown keys): `title`,
    /// `labels[2].color`.
    public func differences(from other: Model) -> [String] {
        var paths: [String] = []
        Self.collectDifferences(self, other, prefix: "", into: &paths)
        return paths
    }

    private static func collectDifferences(_ a: Model, _ b: Model, prefix: String, into paths: inout [String]) {
        guard a.type.name == b.type.name else {
            paths.append(prefix.isEmpty ? "$type" : prefix + ".$type")
            return
        }
        for (index, plan) in a.type.properties.enumerated() where plan.spec.compare {
            let path = prefix.isEmpty ? plan.name : prefix + "." + plan.name
            collectDifferences(a.values[index], b.values[index], path: path, into: &paths)
        }
        guard a.type.spec.extra.compare else { return }
        let (left, right) = (a.keptExtra, b.keptExtra)
        for key in left.keys + right.keys.filter({ left[$0] == nil }) where left[key] != right[key] {
            paths.append((prefix.isEmpty ? "" : prefix + ".") + "$extra." + key)
        }
    }

    private static func collectDifferences(_ a: Value?, _ b: Value?, path: String, into paths: inout [String]) {
        guard a != b else { return }
        switch (a, b) {
        case (.model(let x)?, .model(let y)?):
            collectDifferences(x, y, prefix: path, into: &paths)
        case (.array(let x)?, .array(let y)?) where x.count == y.count:
            for (index, (left, right)) in zip(x, y).enumerated() {
                collectDifferences(left, right, path: "\(path)[\(index)]", into: &paths)
            }
        default:
            paths.append(path)
        }
    }
}
