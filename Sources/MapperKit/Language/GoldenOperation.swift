/// What a golden test (`*.test.yaml`) does with its input: the words of its `operation` key,
/// `decode` unless it says otherwise. The test file format is part of the language
/// (`mapper schema --language tests`); MapperTooling runs the tests.
package enum GoldenOperation: String, CaseIterable, Sendable {
    /// `input` (external JSON) → canonical JSON.
    case decode
    /// `input` (canonical JSON) → external JSON.
    case encode
    /// `target` and `source` (canonical) → merged canonical JSON.
    case merge
    /// `input` (canonical) → archive.
    case archive
    /// `input` (archive) → canonical JSON, migrated.
    case unarchive
    /// `input` and `other` (canonical) → the list of differing property paths.
    case diff
}
