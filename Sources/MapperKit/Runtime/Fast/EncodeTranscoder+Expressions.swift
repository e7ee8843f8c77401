import MapperCEL

extension EncodeTranscoder {
    /// Before writing a model with expressions: checks the canonical values encoding does not
    /// write as the canonical reader would (decode-only ones, then treated as absent, and those
    /// an `encode:` expression replaces), and makes `self` for the expressions. What it writes
    /// to check or to read a value, it takes back from `output`.
    mutating func prepare(
        _ expressions: FlatPlan.EncodeExpressions, _ document: JSONDocument, model: FlatPlan.Model, base: Int,
        output: inout JSONOutput
    ) -> Bool {
        let start = output.count
        defer { output.truncate(to: start) }
        var this = CELMap()
        for position in 0..<Int(model.propertyCount) {
            let value = Int(slots[base + position])
            guard value >= 0 else { continue }
            if expressions.decodeOnly[position] || expressions.encode[position] != nil {
                guard check(document, at: value, arenas.properties[Int(model.firstProperty) + position], &output) else { return false }
            }
            if expressions.decodeOnly[position] {
                slots[base + position] = -1
            } else if let read = expressions.reads[position] {
                document.write(valueAt: value, to: &output)
                let cel = output.withUnsafeBytes { read.value(UnsafeRawBufferPointer(rebasing: $0[start...])) }
                output.truncate(to: start)
                guard let cel else { return false }
                this.append(uniqueKey: expressions.names[position], cel)
            }
        }
        selves.append((base, .map(this)))
        return true
    }

    /// Whether a canonical value encoding does not write is what reading canonical JSON accepts
    /// for `property` (null, or a value of its type within its constraints): checked by writing
    /// it, then taking that back from `output`.
    mutating func check(_ document: JSONDocument, at value: Int, _ property: FlatPlan.Property, _ output: inout JSONOutput) -> Bool {
        guard document.kind(at: value) != .null else { return true }
        let start = output.count
        defer { output.truncate(to: start) }
        return document.satisfiesConstraints(at: value, property, in: plan)
            && write(document, at: value, conversion: property.encodeConversion, into: &output)
    }

    /// The external value of a property with an `encode:` expression: the expression's result
    /// with `self` the model whose slots start at `base`, written as the general encoder writes it.
    mutating func writeEncoded(_ expression: Expression, base: Int, into output: inout JSONOutput) -> Bool {
        guard let this = selves.last(where: { $0.base == base })?.value else { return false }
        variables[0].1 = this
        defer { variables[0].1 = .null }
        guard let result = try? expression.program.evaluate(bindings: variables), case .success(let json) = CELBridge.json(result)
        else { return false }
        output.append(json)
        return true
    }
}
