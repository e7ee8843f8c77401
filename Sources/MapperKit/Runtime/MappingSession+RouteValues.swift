/// Bodies that are not objects (`ModelSpec.isRouteValue`): a route such as `GET /count: int` or
/// `GET /tags: [string]` names a type, and the body is mapped as a value of that type, with the
/// type's formats, hints and constraints, as a property's value would be.
extension MappingSession {
    /// External JSON of a route's value type → canonical JSON.
    mutating func decodeRouteValue(_ buffer: UnsafeRawBufferPointer, as type: ModelType, now: Instant) throws(MappingErrors) -> [UInt8] {
        let (value, plan) = try readRouteValue(buffer, as: type, mode: .external, now: now)
        output.reset()
        CanonicalWriter.write(value, plan.conversion, into: &output)
        return output.bytes
    }

    /// Canonical JSON of a route's value type → external JSON.
    mutating func encodeRouteValue(_ buffer: UnsafeRawBufferPointer, as type: ModelType) throws(MappingErrors) -> [UInt8] {
        let (value, plan) = try readRouteValue(buffer, as: type, mode: .canonical, now: .now)
        output.reset()
        encoder.path.reset(root: Self.expression(of: type))
        encoder.errors.removeAll(keepingCapacity: true)
        encoder.write(value, plan.conversion, source: plan.spec.mark, into: &output)
        guard encoder.errors.isEmpty else { throw MappingErrors(encoder.errors) }
        return output.bytes
    }

    /// The whole document read as the value of the type's one property.
    private mutating func readRouteValue(
        _ buffer: UnsafeRawBufferPointer, as type: ModelType, mode: ValueReader.Mode, now: Instant
    ) throws(MappingErrors) -> (Value, PropertyPlan) {
        let plan = type.properties[0]
        try tokenize(buffer)
        reader.mode = mode
        reader.uuids.rewind()
        reader.begin(root: Self.expression(of: type), now: now)
        let value = JSONDocument.with(bytes: buffer, tape: tape) { document in reader.readPresent(document, at: 0, plan: plan) }
        guard let value, reader.errors.isEmpty else { throw MappingErrors(reader.errors) }
        return (value, plan)
    }

    /// The error of an operation on models (`decode` to `Decoded`, `convert`, `merge`…) given a
    /// route's value type, which has no model.
    static func notAModel(_ type: ModelType) -> MappingErrors {
        let expression = Self.expression(of: type)
        return MappingErrors([
            MappingError(
                .invalidInput, pointer: "", path: expression,
                message:
                    "'\(expression)' is the type of a route's body, not a model: it decodes and encodes as bytes (decodeToCanonical, encodeCanonical; mapper decode and encode, the service's /v1/route and /v1/encode)",
                source: type.spec.mark.description)
        ])
    }

    /// The type expression a route body's hidden model stands for (`[string]`).
    static func expression(of type: ModelType) -> String {
        String(type.name.dropFirst(Catalog.routeBodyModel("").count))
    }
}

extension Catalog {
    /// The type a route's body is a value of, when `name` names such a type (`[string]`) rather
    /// than a model; nil for a model (the round-trip check compares the body as this type).
    package func routeValueType(named name: String) -> TypeSpec? {
        guard let type = modelType(named: name), type.spec.isRouteValue else { return nil }
        return type.properties.first?.spec.type
    }
}
