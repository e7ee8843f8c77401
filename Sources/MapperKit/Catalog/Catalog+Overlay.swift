import Foundation

extension Catalog {
    /// A check of the catalog under some paths, with the names of its files.
    package struct OverlayCheck: Sendable {
        /// What `check(paths:)` would say of the same texts (without the catalog, when the check
        /// built no plans: `specs` has what it read then).
        package var check: Check
        /// The models, enums and formats read, when no diagnostic is an error.
        package var specs: Specs?
        /// The catalog's files in load order (those on disk, then `extra`), even when it did not load.
        package var files: [String] { sources.map(\.name) }
        /// The texts checked, in load order (those on disk, then `extra`), even when it did not load.
        package var sources: [Source]
    }

    /// A catalog's models, enums and formats as read and checked, by name, without the plans that
    /// decode and encode: what a check that builds no plans gives.
    package struct Specs: Sendable {
        package var models: [String: ModelSpec]
        package var enums: [String: EnumSpec]
        package var formats: [String: FormatSpec]
    }

    /// Checks the mapping files under `paths` as `check(paths:)` does, taking a file's text from
    /// `overlay` when it gives one (by the file's name in the listing: an editor's unsaved buffer)
    /// and adding `extra` sources (files not yet on disk). `cache` keeps the files' parse trees for
    /// the next check, which parses only the files whose texts changed. Without `plans` the
    /// diagnostics are the same but the runtime plans are not built and there is no catalog
    /// (`specs` has the models, enums and formats): what an editor's check after an edit needs.
    package static func check(
        paths: [String], overlay: @Sendable (String) -> [UInt8]?, extra: [Source], options: LoadOptions,
        cache: ParseCache? = nil, plans: Bool = true
    ) -> OverlayCheck {
        let (sources, problems) = SourceFiles.read(paths, overlay: overlay)
        let all = sources + extra
        guard problems.errorCount == 0 else {
            return OverlayCheck(check: Check(catalog: nil, diagnostics: problems), specs: nil, sources: all)
        }
        var compiler = CatalogCompiler(options: options, parseCache: cache)
        let result: OverlayCheck
        if plans {
            let compiled = compiler.compile(all).map { Result<CatalogCompiler.Output, CatalogError>.success($0) }
            let check = Check(compiled ?? .failure(CatalogError(diagnostics: compiler.sortedDiagnostics)))
            let specs = check.catalog.map { Specs(models: $0.models, enums: $0.enums, formats: $0.formats) }
            result = OverlayCheck(check: check, specs: specs, sources: all)
        } else {
            let specs = compiler.check(all)
            result = OverlayCheck(check: Check(catalog: nil, diagnostics: compiler.sortedDiagnostics), specs: specs, sources: all)
        }
        // What the compiler built for a catalog that did not load is freed off the caller's
        // thread: the editor waits for the diagnostics, not for thousands of specs to be freed.
        if cache != nil { releaseInBackground(compiler) }
        return result
    }
}

/// Drops `value` on another thread, which frees it when that was its last reference.
package func releaseInBackground<Value>(_ value: consuming Value) {
    let box = ReleaseLater(value)
    DispatchQueue.global(qos: .utility).async { box.value = nil }
}

/// A value on its way to another thread to be freed (only that thread touches it then).
private final class ReleaseLater<Value>: @unchecked Sendable {
    var value: Value?

    init(_ value: Value) {
        self.value = value
    }
}
