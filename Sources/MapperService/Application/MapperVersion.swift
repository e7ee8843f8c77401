/// Which mapper this is: the release version, set when a release is cut, and the git commit the
/// build was made from when it was built from a checkout (`0.10.0 (3f2a1c9d8e7b)`).
package enum MapperVersion {
    /// Changed by hand when a release is cut, with its entry in CHANGELOG.md; the packages
    /// (script/package) carry this version.
    package static let release = "0.10.0"

    /// The commit, with `-dirty` when tracked files had uncommitted changes; nil when built from a
    /// source archive.
    package static var revision: String? { buildRevision }

    /// `0.10.0 (3f2a1c9d8e7b)`, or `0.10.0` without a revision.
    package static var description: String {
        revision.map { "\(release) (\($0))" } ?? release
    }
}
