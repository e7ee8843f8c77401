import MapperKit

extension UserEdits {
    /// What writing an import next to a person's files gave.
    struct Outcome {
        var output: CatalogWriter.Output
        /// The base file: the import's own version of what the person's files define.
        var baseFile: (name: String, text: String)?
        var conflicts: [EditConflict] = []
        /// Diagnostics of the catalog the person's files and the written ones make, in the person's files.
        var diagnostics: [Diagnostic] = []
        /// Diagnostics in the written files: a bug of the import.
        var remaining: [Diagnostic] = []
    }

    /// Leaves out of `draft` what the person's files define, checks the written files together
    /// with theirs, and puts back the import's version of each definition the description changed
    /// under them (an error conflict), so that the catalog names both places until they merge.
    /// `pristine` is the catalog the draft gives on its own.
    func apply(to draft: inout CatalogDraft, pristine: Catalog?, check: inout SelfCheck) -> Outcome {
        var left = takeOver(&draft)
        var conflicts: [EditConflict] = []
        if let pristine, !previous.isEmpty, let base = Catalog.check(sources: previous).catalog {
            conflicts = self.conflicts(base: base, pristine: pristine)
        }
        check.extra = sources
        let files = Set(sources.map(\.name))
        let taken = draft
        let (_, _, diagnostics) = check.finish(&draft)
        // What the check left out because only the person's files used it still belongs to the base.
        for (name, model) in taken.models where draft.models[name] == nil { left.models[name] = model }
        for (name, enumeration) in taken.enums where draft.enums[name] == nil { left.enums[name] = enumeration }
        let restored = restore(conflicts, from: &left, into: &draft)
        let output = check.writer.write(draft)
        for index in conflicts.indices where conflicts[index].isError {
            conflicts[index].generated = restored[conflicts[index].location].flatMap { place(of: $0, in: output) }
        }
        var outcome = Outcome(output: output, conflicts: conflicts)
        outcome.diagnostics = diagnostics.filter { files.contains($0.file) }
        outcome.remaining = diagnostics.filter { !files.contains($0.file) }
        if !left.models.isEmpty || !left.enums.isEmpty || !left.formats.isEmpty || !left.routeBlocks.isEmpty {
            outcome.baseFile = (Self.baseFileName, baseText(left, header: check.writer.header))
        }
        return outcome
    }

    /// Moves the import's version of each error conflict's definition back into the draft, with a
    /// `doc` saying why there are two; returns what each conflict's definition is.
    private func restore(
        _ conflicts: [EditConflict], from left: inout CatalogDraft, into draft: inout CatalogDraft
    ) -> [Mark: CatalogWriter.Owner] {
        var restored: [Mark: CatalogWriter.Owner] = [:]
        let note = "The description changed this since your definition: bring the change into yours, then run the import again."
        for conflict in conflicts where conflict.isError {
            if let name = names.first(where: { $0.value == conflict.location })?.key {
                if var model = left.models.removeValue(forKey: name) {
                    model.doc = [note, model.doc].compactMap(\.self).joined(separator: "\n\n")
                    draft.models[name] = model
                    restored[conflict.location] = .model(name)
                } else if var enumeration = left.enums.removeValue(forKey: name) {
                    enumeration.doc = [note, enumeration.doc].compactMap(\.self).joined(separator: "\n\n")
                    draft.enums[name] = enumeration
                    restored[conflict.location] = .enumeration(name)
                }
            } else if let key = routes.first(where: { $0.value == conflict.location })?.key {
                for index in left.routeBlocks.indices {
                    guard let position = left.routeBlocks[index].routes.firstIndex(where: { Self.routeKey($0.key) == key }) else {
                        continue
                    }
                    let route = left.routeBlocks[index].routes.remove(at: position)
                    let group = left.routeBlocks[index].group
                    if let target = draft.routeBlocks.firstIndex(where: { $0.group == group }) {
                        draft.routeBlocks[target].routes.append(route)
                        restored[conflict.location] = .route(route.key)
                    }
                }
            }
        }
        left.routeBlocks.removeAll { $0.routes.isEmpty }
        return restored
    }

    /// `FOLDER/FILE:LINE` of the first line that declares `owner`.
    private func place(of owner: CatalogWriter.Owner, in output: CatalogWriter.Output) -> String? {
        for file in output.files {
            guard let line = output.owners[file.name]?.filter({ $0.value == owner }).keys.min() else { continue }
            return "\(folder.map { $0 + "/" } ?? "")\(file.name):\(line)"
        }
        return nil
    }

    /// The base file: one mapping file holding the import's version of what the person's files
    /// define (routes in one block), behind the import's header.
    private func baseText(_ left: CatalogDraft, header: [String]) -> String {
        var draft = left
        let routes = left.routeBlocks.flatMap(\.routes)
        draft.routeBlocks = routes.isEmpty ? [] : [RouteBlockDraft(group: "base", prefix: nil, errorModel: nil, routes: routes)]
        let lines =
            Array(header.prefix(1)) + [
                "The import's own version of what your files in this folder define: the next import",
                "compares the description with it to tell what changed under your edits. Commit it; do not edit it.",
            ]
        let writer = CatalogWriter(header: lines, groups: [:], defaultGroup: "base")
        return writer.write(draft).files.first?.text ?? ""
    }
}
