import Foundation
import MapperImport
import MapperKit
import MapperTooling

/// What an earlier import wrote into the folder (its files and its base file: the import's own
/// version of what the person's files define), read before `--force` writes the new import. After
/// the write, what changed from it (models, properties, enums, routes) and `mapper compat` between
/// the two are printed: the description's changes, whichever of them the person's files take over.
struct PreviousImport {
    /// The earlier import's catalog, or nil when it did not load (then there is nothing to compare).
    var catalog: Catalog?
    /// Why there is no comparison, when the earlier catalog did not load.
    var problem: String?

    /// The catalog the earlier import's files make; nil when there are none (a first import).
    static func load(_ edits: UserEdits, folder: String) -> PreviousImport? {
        guard !edits.previous.isEmpty else { return nil }
        let check = Catalog.check(sources: edits.previous)
        if let catalog = check.catalog { return PreviousImport(catalog: KeptUntilExit.keep(catalog)) }
        return PreviousImport(problem: "the earlier import's files in '\(folder)' do not load (\(check.diagnostics.summary))")
    }

    /// Prints what this import's files (`files`, written into `folder`) change from the earlier
    /// import's, then the compatibility report, on stdout. Changes never fail the import:
    /// `mapper compat` is the gate.
    func report(_ files: [(name: String, text: String)], folder: String) {
        guard let old = catalog else {
            Output.print("no comparison: \(problem ?? "")")
            return
        }
        let sources = files.map { Catalog.Source(name: (folder as NSString).appendingPathComponent($0.name), text: $0.text) }
        guard let new = Catalog.check(sources: sources).catalog.map(KeptUntilExit.keep) else { return }
        let changes = CatalogChanges(old: old, new: new)
        Output.print("changes since the previous import: \(changes.summary)")
        if !changes.isEmpty { Output.print(changes.text) }
        Output.print("mapper compat (previous → new):")
        Output.print(Compatibility.compare(old: old, new: new).text)
    }
}
