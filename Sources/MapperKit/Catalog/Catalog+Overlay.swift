extension Catalog {
    /// A check of the catalog under some paths, with the names of its files.
    package struct OverlayCheck: Sendable {
        /// What `check(paths:)` would say of the same texts.
        package var check: Check
        /// The catalog's files in load order (those on disk, then `extra`), even when it did not load.
        package var files: [String]
    }

    /// Checks the mapping files under `paths` as `check(paths:)` does, taking a file's text from
    /// `overlay` when it gives one (by the file's name in the listing: an editor's unsaved buffer)
    /// and adding `extra` sources (files not yet on disk).
    package static func check(
        paths: [String], overlay: @Sendable (String) -> [UInt8]?, extra: [Source], options: LoadOptions
    ) -> OverlayCheck {
        let (sources, problems) = SourceFiles.read(paths, overlay: overlay)
        let all = sources + extra
        guard problems.errorCount == 0 else {
            return OverlayCheck(check: Check(catalog: nil, diagnostics: problems), files: all.map(\.name))
        }
        return OverlayCheck(check: check(sources: all, options: options), files: all.map(\.name))
    }
}
