extension FlatPlan {
    /// Consecutive models of a plan, built on one thread (`Builder.build`).
    final class Chunk: @unchecked Sendable {
        var builder = Builder()
        /// The models' records, their indices relative to the chunk's.
        var models: [Model] = []

        init(enumIndices: [ObjectIdentifier: Int32], slots: Int) {
            builder.isChunk = true
            builder.enumIndices = enumIndices
            builder.slots = ArenaBuffer(capacity: slots, zeroed: true)
        }
    }
}

extension FlatPlan.Builder {
    /// Appends a chunk's models, moving each index into the chunk's arrays by what this builder
    /// held before it. Enum and model indices are the plan's already.
    mutating func append(_ chunk: FlatPlan.Chunk) {
        precondition(chunk.builder.enums.isEmpty && chunk.builder.caseNames.isEmpty, "a chunk made its own enums")
        let slotBase = Int32(slots.count)
        let byteBase = Int32(bytes.count)
        let conversionBase = Int32(conversions.count)
        let encodeBase = Int32(encodeNodes.count)
        let flattenedBase = Int32(flattened.count)
        let (nodeBase, propertyBase, pathBase) = (Int32(nodes.count), Int32(properties.count), Int32(paths.count))
        let (defaultBase, constraintBase) = (Int32(defaults.count), Int32(valueConstraints.count))
        let (scalarBase, patternBase, unionBase) = (Int32(scalars.count), Int32(patterns.count), Int32(unionMembers.count))
        let (expressionBase, encodeExpressionBase) = (Int32(expressionModels.count), Int32(encodeExpressionModels.count))
        func moved(_ node: FlatPlan.Node) -> FlatPlan.Node {
            var node = node
            if node.mask >= 0 { node.firstSlot += slotBase }
            return node
        }
        nodes.append(chunk.builder.nodes) { $0 = moved($0) }
        slots.append(chunk.builder.slots) { slot in
            if slot.hash != 0 { slot.keyStart += byteBase }
        }
        properties.append(chunk.builder.properties) { property in
            property.keyStart += byteBase
            property.firstPathNode += pathBase
            property.conversion += conversionBase
            property.encodeConversion += conversionBase
            if property.defaultIndex >= 0 { property.defaultIndex += defaultBase }
            if property.valueConstraints >= 0 { property.valueConstraints += constraintBase }
        }
        paths.append(chunk.builder.paths) { _ in }  // relative to the model's root node
        conversions.append(chunk.builder.conversions) { conversion in
            switch conversion.kind {
            case .array, .dictionary: conversion.payload += conversionBase
            case .datePattern: conversion.payload += patternBase
            case .scalar: conversion.payload += scalarBase
            case .union: conversion.payload += unionBase
            default: break
            }
        }
        encodeNodes.append(chunk.builder.encodeNodes) { node in
            node.keyStart += byteBase
            if node.constantLength >= 0 { node.constantStart += byteBase }
            node.firstChild += encodeBase
        }
        flattened.append(chunk.builder.flattened) { _ in }  // model indices are the plan's, slots the parent's
        chunk.builder.bytes.withUnsafeBytes { bytes.append($0) }
        unionMembers += chunk.builder.unionMembers.map { $0 >= 0 ? $0 + conversionBase : $0 }
        defaults += chunk.builder.defaults
        scalars += chunk.builder.scalars
        patterns += chunk.builder.patterns
        valueConstraints += chunk.builder.valueConstraints
        expressionModels += chunk.builder.expressionModels
        encodeExpressionModels += chunk.builder.encodeExpressionModels
        for var model in chunk.models {
            model.firstProperty += propertyBase
            model.rootNode += nodeBase
            model.names = moved(model.names)
            model.firstEncodeNode += encodeBase
            model.firstFlattened += flattenedBase
            if model.expressions >= 0 { model.expressions += expressionBase }
            if model.encodeExpressions >= 0 { model.encodeExpressions += encodeExpressionBase }
            models.append(model)
        }
    }
}
