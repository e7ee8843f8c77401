import Foundation
import MapperKit

/// The description's own response examples, decoded with the catalog being written: where an
/// example contradicts its schema (a `required` key that is null or missing, a value outside an
/// enum, a type or constraint it breaks), the example wins and the property is relaxed, with a
/// warning naming both. Real descriptions contradict themselves; their examples are real data.
struct ExampleEvidence {
    struct Example {
        /// The model the response's schema is (an array body is an array of it).
        var model: String
        var value: JSONValue
        /// `file#/pointer` of the example, for warnings.
        var location: String
    }

    var examples: [Example]
    var warnings: [ImportWarning] = []

    /// Decodes every example; relaxes what they contradict. Returns whether the draft changed.
    mutating func apply(catalog: Catalog, owners: [String: [Int: CatalogWriter.Owner]], to draft: inout CatalogDraft) -> Bool {
        var session = MappingSession(catalog: catalog)
        var changed = false
        for example in examples {
            guard catalog.models[example.model] != nil else { continue }
            let bytes = Array(JSONWriter.write(example.value).utf8)
            do {
                _ = try session.decodeToCanonical(bytes, as: example.model)
            } catch {
                for mappingError in error.errors {
                    guard let owner = Self.owner(of: mappingError.source, in: owners) else { continue }
                    if relax(owner, for: mappingError, example: example, in: &draft) { changed = true }
                }
            }
        }
        return changed
    }

    /// What declared the property an error's `source` (`file:line:column`) points at.
    static func owner(of source: String, in owners: [String: [Int: CatalogWriter.Owner]]) -> CatalogWriter.Owner? {
        let parts = source.split(separator: ":")
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]) else { return nil }
        return owners[parts.dropLast(2).joined(separator: ":")]?[line]
    }

    private mutating func relax(
        _ owner: CatalogWriter.Owner, for error: MappingError, example: Example,
        in draft: inout CatalogDraft
    ) -> Bool {
        guard case .property(let model, let name) = owner,
            let index = draft.models[model]?.properties.firstIndex(where: { $0.name == name }),
            var property = draft.models[model]?.properties[index]
        else { return false }
        let why = "the example at \(example.location) says otherwise (\(error.pointer): \(error.message))"
        if error.code == .missingRequired, property.required {
            property.required = false
            note(property.origin, "\(why); not required")
        } else if error.code == .unknownEnumValue, case .enumeration(let enumName) = property.type,
            var enumeration = draft.enums[enumName],
            let value = Self.value(at: error.pointer, in: example.value), value != .null
        {
            // Another example of this pass may have added the value already.
            guard !enumeration.cases.contains(where: { $0.value == value }) else { return false }
            var names = NameRegistry(reserved: enumeration.cases.map(\.name))
            let text = if case .string(let string) = value { string } else { value.quoted }
            let base = Naming.caseName(text)
            enumeration.cases.append(.init(name: names.claim([base, base + "_"]), value: value))
            draft.enums[enumName] = enumeration
            note(enumeration.origin, "\(why); \(value.quoted) added to enum '\(enumName)'")
        } else if error.code == .constraint, !property.constraints.isEmpty {
            property.constraints = ConstraintsDraft()
            note(property.origin, "\(why); constraints left out")
        } else if property.type != .any {
            property.type = .any
            property.format = nil
            property.constraints = ConstraintsDraft()
            note(property.origin, "\(why); typed as any")
        } else {
            return false
        }
        draft.models[model]?.properties[index] = property
        return true
    }

    private mutating func note(_ location: String, _ message: String) {
        warnings.append(ImportWarning(kind: "example-contradicts-schema", location: location, message: message))
    }

    /// The value at a JSON pointer of an error.
    static func value(at pointer: String, in value: JSONValue) -> JSONValue? {
        guard pointer.hasPrefix("/") else { return pointer.isEmpty ? value : nil }
        let segments = pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
        return Location.resolve(segments, in: value)
    }
}
