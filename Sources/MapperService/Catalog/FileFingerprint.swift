import MapperKit

/// What `--watch` compares between polls: the mapping files the catalog loader would read (the
/// same listing, symbolic links followed) and the live catalog's table files, each with the size, modification time and identity
/// (device and inode) of the file it leads to. Edits in place, new files renamed over old ones,
/// new and deleted files, and a Kubernetes ConfigMap update (the `..data` link swapped to a new
/// directory: every file is a new inode) all show.
struct FileFingerprint: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var path: String
        var file: FileInfo?
    }

    var entries: [Entry]
    /// What the listing met (a link to nothing, a cycle): one appearing or going is a change too.
    var problems: [Diagnostic]

    /// The files under `paths`, and `tables` (the files the live catalog's `tables:` read).
    init(paths: [String], tables: [String] = []) {
        let listing = SourceFiles.list(paths)
        entries = (listing.files + tables).map { Entry(path: $0, file: FileInfo($0)) }
        problems = listing.problems
    }
}
