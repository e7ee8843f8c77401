import MapperCEL

extension EncodeTranscoder {
    func takes(_ model: FlatPlan.Model) -> Bool { model.encodable }

    mutating func writeNested(_ document: JSONDocument, at index: Int, model: Int32, into output: inout JSONOutput) -> Bool {
        writeModel(document, at: index, model: model, into: &output)
    }

    /// A canonical value written in its external form; false for anything not canonical.
    mutating func write(_ document: JSONDocument, at index: Int, conversion: Int32, into output: inout JSONOutput) -> Bool {
        let kind = document.kind(at: index)
        let conversion = arenas.conversions[Int(conversion)]
        let isInteger = document[index].flags & JSONTape.isInteger != 0
        switch conversion.kind {
        case .string:
            guard kind == .string else { return false }
            document.writeString(at: index, to: &output)
        case .int, .intAsString:
            // Canonical integers are plain digits.
            guard kind == .number, isInteger, let value = document.int64(at: index) else { return false }
            NumberRepresentation.write(quoted: conversion.kind == .intAsString, into: &output) { $0.appendInt64(value) }
        case .double, .doubleAsString:
            guard kind == .number, let value = document.finiteDouble(at: index) else { return false }
            NumberRepresentation.write(quoted: conversion.kind == .doubleAsString, into: &output) { $0.appendDouble(value) }
        case .decimal, .decimalAsString:
            guard kind == .number else { return false }
            NumberRepresentation.write(quoted: conversion.kind == .decimalAsString, into: &output) {
                document.write(valueAt: index, to: &$0)
            }
        case .bool, .boolAsString, .boolAsInt:
            guard kind == .true || kind == .false else { return false }
            let representation: BoolRepresentation =
                switch conversion.kind {
                case .boolAsString: .string
                case .boolAsInt: .int
                default: .bool
                }
            BoolScalar.write(kind == .true, representation, into: &output)
        case .url:
            guard kind == .string, document.stringBytes(at: index, { URLScalar.isValid($0) }) else { return false }
            document.writeString(at: index, to: &output)
        case .uuid:
            guard kind == .string, UUIDScalar.isCanonical(document.string(at: index)) else { return false }
            document.writeString(at: index, to: &output)
        case .dateISO, .dateUnix, .datePattern:
            guard kind == .string, let raw = document.unescapedBytes(at: index),
                let instant = DateScalar.canonicalInstant(raw.assumingMemoryBound(to: UInt8.self))
            else { return false }
            switch conversion.kind {
            case .dateISO: document.writeString(at: index, to: &output)
            case .dateUnix:
                // A value the unit cannot hold goes to the general path, which reports it.
                let unit = FlatPlan.unixUnits[Int(conversion.payload)]
                guard instant.fits(fractionDigits: unit.fractionDigits) else { return false }
                output.appendUnix(instant, unit)
            default:
                let formatted: String? = arenas.patterns[Int(conversion.payload)]._withUnsafeGuaranteedRef { compiled in
                    if let digits = compiled.fractionDigits, !instant.fits(fractionDigits: digits) { return nil }
                    return UTF8Buffer.string(capacity: compiled.maximumLength) { compiled.write(instant, to: &$0) }
                }
                guard let formatted else { return false }
                output.appendString(formatted)
            }
        case .any:
            document.write(valueAt: index, to: &output)
        case .enumeration:
            let spec = arenas.enums[Int(conversion.payload)]
            guard kind == .string,
                let position = document.stringBytes(
                    at: index, { plan.lookup($0, firstSlot: spec.names.firstSlot, mask: spec.names.mask) })
            else { return false }
            let value = arenas.caseValues[Int(spec.firstCase + position)]
            output.append(arenas.text(value.start, value.length))
        case .model, .array, .dictionary, .union:
            return writeContainer(document, at: index, kind: kind, conversion, into: &output)
        case .scalar:
            // Number formats: the canonical value read and written as the general path does.
            let scalar = plan.scalars[Int(conversion.payload)]
            guard kind != .null, case .value(let value) = scalar.read(document, at: index, canonical: true) else { return false }
            // Nothing is written on a problem; the general path reports it.
            if scalar.writeExternal(value, into: &output) != nil { return false }
        case .unsupported:
            return false
        }
        return true
    }
}
