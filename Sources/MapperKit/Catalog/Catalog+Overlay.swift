import Foundation

extension Catalog {
    /// A check of the catalog under some paths, with the names of its files.
    package struct OverlayCheck: Sendable {
        /// What `check(paths:)` would say of the same texts.
        package var check: Check
        /// The catalog's files in load order (those on disk, then `extra`), even when it did not load.
        package var files: [String] { sources.map(\.name) }
        /// The texts checked, in load order (those on disk, then `extra`), even when it did not load.
        package var sources: [Source]
    }

    /// Checks the mapping files under `paths` as `check(paths:)` does, taking a file's text from
    /// `overlay` when it gives one (by the file's name in the listing: an editor's unsaved buffer)
    /// and adding `extra` sources (files not yet on disk). `cache` keeps the files' parse trees for
    /// the next check, which parses only the files whose texts changed.
    package static func check(
        paths: [String], overlay: @Sendable (String) -> [UInt8]?, extra: [Source], options: LoadOptions,
        cache: ParseCache? = nil
    ) -> OverlayCheck {
        let (sources, problems) = SourceFiles.read(paths, overlay: overlay)
        let all = sources + extra
        guard problems.errorCount == 0 else {
            return OverlayCheck(check: Check(catalog: nil, diagnostics: problems), sources: all)
        }
        var compiler = CatalogCompiler(options: options, parseCache: cache)
        let compiled = compiler.compile(all).map { Result<CatalogCompiler.Output, CatalogError>.success($0) }
        let check = Check(compiled ?? .failure(CatalogError(diagnostics: compiler.sortedDiagnostics)))
        // What the compiler built for a catalog that did not load is freed off the caller's
        // thread: the editor waits for the diagnostics, not for thousands of specs to be freed.
        if cache != nil { releaseInBackground(compiler) }
        return OverlayCheck(check: check, sources: all)
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
