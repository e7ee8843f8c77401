/// What the two token transcoders (`CanonicalTranscoder`, decode; `EncodeTranscoder`, encode)
/// share: the containers around the values they each write their own way. A model, an array, a
/// dictionary or a union is followed alike in both directions; only which models a transcoder
/// takes differs (`takes(_:)`).
protocol FlatTranscoder {
    var tables: FlatTables { get }

    /// Whether this transcoder writes objects of `model` itself.
    func takes(_ model: FlatPlan.Model) -> Bool
    /// Writes the value at `index` with the conversion at `conversion`; false for the general path.
    mutating func write(_ document: JSONDocument, at index: Int, conversion: Int32, into output: inout JSONOutput) -> Bool
    /// Writes the object at `index` as the model at `model`, nested in a value.
    mutating func writeNested(_ document: JSONDocument, at index: Int, model: Int32, into output: inout JSONOutput) -> Bool
}

/// What a transcoder reads: the general path's tables (for what it leaves to that path), their
/// flat plan, and the plan's arenas kept beside it so that the loops reach them in one step.
struct FlatTables {
    let table: ModelTable
    let plan: FlatPlan
    let arenas: FlatPlan.Arenas

    init(_ table: ModelTable) {
        self.table = table
        plan = table.flat
        arenas = plan.arenas
    }
}

extension FlatTranscoder {
    var table: ModelTable { tables.table }
    var plan: FlatPlan { tables.plan }
    var arenas: FlatPlan.Arenas { tables.arenas }

    /// A value of a model, array, dictionary or union `conversion`; false for the general path.
    @inline(__always)
    mutating func writeContainer(
        _ document: JSONDocument, at index: Int, kind: JSONTape.Kind, _ conversion: FlatPlan.FlatConversion,
        into output: inout JSONOutput
    ) -> Bool {
        switch conversion.kind {
        case .model:
            guard kind == .object, takes(arenas.models[Int(conversion.payload)]) else { return false }
            return writeNested(document, at: index, model: conversion.payload, into: &output)
        case .array, .dictionary:
            guard kind == (conversion.kind == .array ? .array : .object) else { return false }
            return document.writeElements(of: index, into: &output) { item, output in
                write(document, at: item, conversion: conversion.payload, into: &output)
            }
        case .union:
            guard let member = plan.unionMember(conversion.payload, for: kind) else { return false }
            return write(document, at: index, conversion: member, into: &output)
        default:
            return false
        }
    }
}
