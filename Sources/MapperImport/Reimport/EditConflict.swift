import MapperKit
public import MapperYAML

/// A person's edit that the description changed under since the previous import: a model, enum or
/// route their file defines in the import's place, or a model their file extends, that the
/// description removed or changed. The import prints each; an error leaves the import's version
/// next to theirs, so that `mapper validate` reports both places until the person merges.
public struct EditConflict: Sendable, Hashable, CustomStringConvertible {
    /// Where the person's definition is.
    public var location: Mark
    /// Whether the catalog is left with two definitions (`duplicate-definition` or
    /// `duplicate-route` in `mapper validate`) rather than one that may no longer fit.
    public var isError: Bool
    /// One sentence naming the edit and what the description did.
    public var message: String
    /// Where the import wrote its own version (`Mappings/api/droplets.yaml:12`), when it did.
    public var generated: String?
    /// What to do.
    public var hint: String

    /// `FILE:LINE:COL: error: MESSAGE; the import's version is at PLACE (hint: HINT) [edit-conflict]`.
    public var description: String {
        let place = generated.map { "; the import's version is at \($0)" } ?? ""
        return "\(location): \(isError ? "error" : "warning"): \(message)\(place) (hint: \(hint)) [edit-conflict]"
    }
}

extension UserEdits {
    /// The conflicts between the person's files and what the description changed from `base` (the
    /// previous import's catalog) to `pristine` (this import's, before the person's files take their
    /// place), in the files' order.
    func conflicts(base: Catalog, pristine: Catalog) -> [EditConflict] {
        let changes = CatalogChanges(old: base, new: pristine)
        var byName: [String: CatalogChanges.Line] = [:]
        for line in changes.lines { byName["\(line.kind) \(line.name)"] = line }
        var found: [EditConflict] = []
        for (name, mark) in names {
            guard let line = byName["model \(name)"] ?? byName["enum \(name)"] else { continue }
            let what = "\(line.kind) '\(name)'"
            if line.sign == "-" {
                found.append(
                    EditConflict(
                        location: mark, isError: false, message: "the description no longer has \(what); yours stays, as your own",
                        hint: "remove it if nothing of yours uses it"))
            } else if line.sign == "~" {
                found.append(
                    EditConflict(
                        location: mark, isError: true,
                        message: "the description changed \(what) since you defined it here: "
                            + line.details.map(\.line).joined(separator: "; "),
                        hint: "bring the change into your definition (or remove yours), then run the import again"))
            }
        }
        for (model, extension_) in extensions {
            guard let line = byName["model \(extension_.base)"], names[extension_.base] == nil else { continue }
            if line.sign == "-" {
                found.append(
                    EditConflict(
                        location: extension_.mark, isError: true,
                        message: "model '\(model)' extends '\(extension_.base)', which the description no longer has",
                        hint: "extend another model, or give '\(model)' the properties it needs"))
                continue
            }
            for detail in line.details where detail.sign != "+" {
                guard let redefined = extension_.redefines[detail.name] else { continue }
                found.append(
                    EditConflict(
                        location: redefined, isError: false,
                        message:
                            "model '\(model)' redefines '\(detail.name)' of '\(extension_.base)', which the description \(detail.sign == "-" ? "removed" : "changed"): \(detail.text)",
                        hint: "check that '\(model).\(detail.name)' still says what you mean"))
            }
        }
        for (route, mark) in routes {
            guard let line = byName["route \(route)"] else { continue }
            let text = line.details.map(\.text).joined()
            found.append(
                line.sign == "-"
                    ? EditConflict(
                        location: mark, isError: false, message: "the description no longer has route '\(route)' (\(text)); yours stays",
                        hint: "remove it if the API no longer serves it")
                    : EditConflict(
                        location: mark, isError: true,
                        message: "the description changed route '\(route)' since you defined it here: \(text)",
                        hint: "bring the change into your route (or remove yours), then run the import again"))
        }
        return found.sorted { $0.location < $1.location }
    }
}
