import MapperKit

/// `mapper test --round-trip`: decodes a golden input, encodes the result, and names every
/// difference between the input and what was written that is not one of the changes a round trip
/// may make (docs/language/round-trips.md):
///
/// - layout, key order, string escapes and number spelling (JSON values compare by value);
/// - a date written in its format from the instant it denotes (offsets as `Z`, fraction digits),
///   a `local_date` from the day it denotes;
/// - a number or bool spelt as a string (`json: string`) written in its canonical spelling;
/// - a UUID written in lower case;
/// - an enum alias, or a value no case has (the enum's `default`), written as the case's value;
/// - an absent key with a `default`, default expression, `computed` or `decode` value written with it;
/// - a key no property maps dropped (`unknown_keys: ignore`), a decode-only property left out;
/// - a `null` on the way to a key path (read as absent) not written;
/// - a `null` (with `omit: empty`, also `""`, `[]`, `{}`) the property's `omit` leaves out;
/// - a value lenient decoding changed (`on_error`), which decoding reported as a warning.
///
/// Anything else (a mapped key dropped or added, a string or number changed) is reported, with its
/// JSON pointer. The re-encoded JSON must also decode to the same canonical JSON.
struct RoundTripCheck {
    let catalog: Catalog
    /// Pointers where decoding reported a warning (lenient decoding): differences there are reported already.
    let warned: Set<String>
    private(set) var problems: [String] = []

    init(catalog: Catalog, warned: Set<String>) {
        self.catalog = catalog
        self.warned = warned
    }

    /// The differences between `original` and `written` (external JSON of a value of `type`) not on the list.
    mutating func compare(_ original: JSONValue, _ written: JSONValue, type: TypeSpec) {
        value(original, written, type, pointer: "")
    }

    private mutating func report(_ pointer: String, _ what: String) {
        // A warning inside the value, or on a value holding it, says what changed.
        if warned.contains(where: { pointer == $0 || pointer.hasPrefix($0 + "/") || $0.hasPrefix(pointer + "/") }) { return }
        problems.append("\(pointer.isEmpty ? "/" : pointer): \(what)")
    }

    private mutating func value(_ original: JSONValue, _ written: JSONValue, _ type: TypeSpec, pointer: String) {
        guard original != written else { return }
        switch (type, original, written) {
        case (.model(let name), .object(let left), .object(let right)):
            model(name, left, right, pointer: pointer)
        case (.array(let element), .array(let left), .array(let right)) where left.count == right.count:
            for (index, (a, b)) in zip(left, right).enumerated() { value(a, b, element, pointer: "\(pointer)/\(index)") }
        case (.dictionary(let element), .object(let left), .object(let right)) where Set(left.keys) == Set(right.keys):
            for member in left { value(member.value, right[member.key]!, element, pointer: pointer + "/" + JSONPointer.escape(member.key)) }
        case (.enumeration(let name), _, _):
            guard let spec = catalog.enums[name], Self.enumCanonicalises(spec, original, written) else {
                return report(pointer, "\(original.quoted) was written as \(written.quoted)")
            }
        case (.union(let members), _, _):
            // Some member reads the value and writes it back in its canonical spelling.
            for member in members {
                var trial = RoundTripCheck(catalog: catalog, warned: warned)
                trial.value(original, written, member, pointer: pointer)
                if trial.problems.isEmpty { return }
            }
            report(pointer, "\(original.quoted) was written as \(written.quoted)")
        default:
            guard Self.scalarCanonicalises(type, original, written) else {
                return report(pointer, "\(original.quoted) was written as \(written.quoted)")
            }
        }
    }

    /// A scalar written in its canonical spelling: a date (its format writes the instant), a number
    /// or bool given as a string, a UUID in another case.
    private static func scalarCanonicalises(_ type: TypeSpec, _ original: JSONValue, _ written: JSONValue) -> Bool {
        switch (type, original, written) {
        case (.date, .string, .string), (.date, .number, .number), (.localDate, .string, .string): return true
        case (.int, .string(let a), .string(let b)), (.double, .string(let a), .string(let b)), (.decimal, .string(let a), .string(let b)):
            guard let x = JSONNumber(a.trimmingSpaces), let y = JSONNumber(b) else { return false }
            return x == y
        case (.bool, .string(let a), .string(let b)), (.uuid, .string(let a), .string(let b)): return a.lowercased() == b.lowercased()
        default: return false
        }
    }

    private static func enumCanonicalises(_ spec: EnumSpec, _ original: JSONValue, _ written: JSONValue) -> Bool {
        guard let item = spec.cases.first(where: { $0.json == written }) else { return false }
        if item.aliases.contains(original) { return true }
        let known = spec.cases.contains { $0.json == original || $0.aliases.contains(original) }
        return !known && spec.defaultCase == item.name
    }

    // MARK: Models

    /// The model an object of model `name` decodes as: the variant decoding chooses, followed
    /// through variants of variants.
    private func chosen(_ name: String, for object: JSONValue) -> String {
        var current = name
        for _ in 0..<8 {
            guard let variants = catalog.models[current]?.variants, let position = catalog.variantChoice(of: current, for: object) else {
                break
            }
            let next = variants.choices[position].model
            if next == current { break }
            current = next
        }
        return current
    }

    /// The discriminator a model writes when it is a case of another's variants (`by` path and the
    /// case's value): decoding the model directly from an object whose discriminator says
    /// otherwise writes the model's own.
    private func discriminator(of name: String) -> (path: [String], value: JSONValue)? {
        for spec in catalog.models.values {
            guard let discriminator = spec.variants?.discriminator,
                let found = discriminator.cases.first(where: { $0.model == name })
            else { continue }
            return (discriminator.by.segments, found.value)
        }
        return nil
    }

    /// The properties that read keys of this object (flattened models' too), with their key paths.
    private func mapped(_ name: String, depth: Int = 0) -> [(PropertySpec, [String])] {
        guard depth < 8, let spec = catalog.models[name] else { return [] }
        var found: [(PropertySpec, [String])] = []
        for property in spec.properties {
            if property.flatten, case .model(let inner) = property.type {
                found += mapped(inner, depth: depth + 1)
            } else if let key = property.key, !property.transient {
                found.append((property, key.segments))
            }
        }
        return found
    }

    private mutating func model(_ declared: String, _ original: JSONObject, _ written: JSONObject, pointer: String) {
        let name = chosen(declared, for: .object(original))
        var original = original
        if let (path, value) = discriminator(of: name), CoverageWalk.value(at: JSONKeyPath(segments: path), in: .object(written)) == value {
            original.insert(value, at: path)
        }
        let properties = mapped(name)
        var seen: Set<[String]> = []
        for (property, path) in properties where seen.insert(path).inserted {
            let at = pointer + path.map { "/" + JSONPointer.escape($0) }.joined()
            let before = CoverageWalk.value(at: JSONKeyPath(segments: path), in: .object(original))
            let after = CoverageWalk.value(at: JSONKeyPath(segments: path), in: .object(written))
            switch (before, after) {
            case (nil, nil): continue
            case (nil, _?):
                let given =
                    property.defaultValue != nil || property.defaultExpression != nil || property.computed != nil || property.decode != nil
                if !given { report(at, "a key the input did not have was written") }
            case (let a?, nil):
                let omitted = property.omit?.omits(a) ?? false
                if !property.isDecodeOnly && property.onError == .fail && !omitted { report(at, "the key was not written back") }
            case (let a?, let b?):
                value(a, b, property.type, pointer: at)
            }
        }
        let roots = Set(properties.map { $0.1[0] })
        let keepsUnknown = catalog.models[name]?.unknownKeys == .keep
        for member in original where !roots.contains(member.key) {
            let at = pointer + "/" + JSONPointer.escape(member.key)
            if let kept = written[member.key] {
                if kept != member.value { report(at, "the unknown key's value \(member.value.quoted) was written as \(kept.quoted)") }
            } else if keepsUnknown {
                report(at, "the unknown key was not written back although the model keeps unknown keys")
            }
        }
        for member in written where !roots.contains(member.key) && original[member.key] == nil {
            report(pointer + "/" + JSONPointer.escape(member.key), "a key no property maps was written")
        }
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        var text = Substring(self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }
}

extension JSONValue {
    var isArray: Bool {
        if case .array = self { return true }
        return false
    }
}
