import Testing
@testable import MapperYAML

/// `<<` merges mappings into the mapping that holds it, as YAML 1.1's merge key type describes.
struct MergeKeyTests {
    static let bases = """
        a: &a {x: 1, y: 2}
        b: &b {y: 20, z: 30}

        """

    @Test func mergeOneMapping() throws {
        #expect(try plain(Self.bases + "c:\n  <<: *a\n  w: 0\n")["c"] == ["x": 1, "y": 2, "w": 0])
    }

    @Test func mergeSeveralMappingsEarlierWins() throws {
        #expect(try plain(Self.bases + "c:\n  <<: [*a, *b]\n")["c"] == ["x": 1, "y": 2, "z": 30])
        #expect(try plain(Self.bases + "c:\n  <<: [*b, *a]\n")["c"] == ["x": 1, "y": 20, "z": 30])
    }

    @Test(arguments: ["c:\n  y: 99\n  <<: *a\n", "c:\n  <<: *a\n  y: 99\n", "c: {<<: *a, y: 99}\n"])
    func explicitKeysWin(text: String) throws {
        #expect(try plain(Self.bases + text)["c"] == ["x": 1, "y": 99])
    }

    @Test func mergedEntriesTakeThePlaceOfTheMergeKey() throws {
        let node = try root(Self.bases + "c:\n  first: 0\n  <<: [*a, *b]\n  y: 5\n  last: 9\n")
        let keys = node["c"]?.mapping?.map { $0.key.string }
        #expect(keys == ["first", "x", "z", "y", "last"])
    }

    @Test func mergeAnInlineMapping() throws {
        #expect(try plain("c:\n  <<: {x: 1}\n  y: 2\n") == ["c": ["x": 1, "y": 2]])
    }

    @Test func mergesChain() throws {
        let text = Self.bases + "c: &c\n  <<: *a\n  w: 0\nd:\n  <<: *c\n  v: 4\n"
        #expect(try plain(text)["d"] == ["x": 1, "y": 2, "w": 0, "v": 4])
    }

    @Test func mergeKeyIsNotKeptAsAKey() throws {
        let node = try root(Self.bases + "c:\n  <<: *a\n")
        #expect(node["c"]?["<<"] == nil)
    }

    @Test(arguments: ["\"<<\"", "'<<'"])
    func quotedMergeKeyIsAnOrdinaryKey(key: String) throws {
        #expect(try plain(Self.bases + "c:\n  \(key): *a\n")["c"] == ["<<": ["x": 1, "y": 2]])
    }

    @Test func mergeOfAScalarIsAnError() throws {
        let document = parse("c:\n  <<: 1\n  y: 2\n")
        #expect(
            document.errors == [
                YAMLError(
                    .invalidMerge,
                    "the merge key '<<' takes a mapping or a list of mappings (usually aliases such as *base), not the integer 1",
                    at: mark(2, 7))
            ])
        #expect(try Plain(#require(document.root)) == ["c": ["y": 2]])
    }

    @Test func mergeOfAListHoldingAScalarIsAnError() {
        let document = parse(Self.bases + "c:\n  <<: [*a, oops]\n")
        #expect(
            document.errors == [
                YAMLError(
                    .invalidMerge,
                    "the merge key '<<' takes a mapping or a list of mappings (usually aliases such as *base), not a sequence",
                    at: mark(4, 7))
            ])
    }

    @Test func mergeOfAnUndefinedAliasReportsBoth() {
        let document = parse("c:\n  <<: *nowhere\n")
        #expect(document.errors.map(\.code) == [.undefinedAlias, .invalidMerge])
        #expect(
            document.errors.last?.message
                == "the merge key '<<' takes a mapping or a list of mappings (usually aliases such as *base), not null")
    }

    @Test func twoMergeKeysAreADuplicateKey() throws {
        let document = parse(Self.bases + "c:\n  <<: *a\n  <<: *b\n")
        #expect(
            document.errors == [
                YAMLError(
                    .duplicateKey,
                    "duplicate merge key '<<' (first defined at line 4, column 3); merge several mappings with one list, as in '<<: [*a, *b]'",
                    at: mark(5, 3), related: mark(4, 3))
            ])
        #expect(try Plain(#require(document.root?["c"])) == ["x": 1, "y": 2])
    }
}
