import Testing
@testable import MapperYAML

/// Every node keeps the file, 1-based line and 1-based column it was read from (SPEC §2), so that
/// catalog diagnostics can point at declarations.
struct PositionTests {
    static let document = """
        name: mapper
        models:
          Issue:
            tags: [a, {b: c}]
            list:
              - x
              - - y
                - z
              - k: v
                l: w
        """

    @Test func scalarsKeysAndValues() throws {
        let node = try root(Self.document)
        let pairs = try #require(node.mapping)
        #expect(position(pairs[0].key) == [1, 1])
        #expect(position(pairs[0].value) == [1, 7])
        #expect(position(pairs[1].key) == [2, 1])
    }

    @Test func nestedMappingsStartAtTheirFirstKey() throws {
        let node = try root(Self.document)
        #expect(position(node) == [1, 1])
        #expect(position(node["models"]) == [3, 3])
        #expect(position(node["models"]?["Issue"]) == [4, 5])
        #expect(position(node["models"]?.mapping?.first?.key) == [3, 3])
    }

    @Test func flowCollections() throws {
        let tags = try #require(try root(Self.document)["models"]?["Issue"]?["tags"])
        #expect(position(tags) == [4, 11])
        let items = try #require(tags.sequence)
        #expect(position(items[0]) == [4, 12])
        #expect(position(items[1]) == [4, 15])
        #expect(position(items[1].mapping?.first?.key) == [4, 16])
        #expect(position(items[1]["b"]) == [4, 19])
    }

    @Test func sequenceItems() throws {
        let list = try #require(try root(Self.document)["models"]?["Issue"]?["list"])
        #expect(position(list) == [6, 7])
        let items = try #require(list.sequence)
        #expect(items.map(position) == [[6, 9], [7, 9], [9, 9]])
        #expect(items[1].sequence?.map(position) == [[7, 11], [8, 11]])
        #expect(items[2].mapping?.map { position($0.key) } == [[9, 9], [10, 9]])
        #expect(items[2].mapping?.map { position($0.value) } == [[9, 12], [10, 12]])
    }

    @Test func everyMarkNamesTheFile() throws {
        let node = YAML.parse("a: [b]\n", file: "Mappings/issues.yaml").root
        let item = try #require(node?["a"]?.sequence?.first)
        #expect(item.mark == Mark(file: "Mappings/issues.yaml", line: 1, column: 5))
        #expect(item.mark.description == "Mappings/issues.yaml:1:5")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let node = try root("ünïcödé: [é, x]\n")
        #expect(position(node["ünïcödé"]?.sequence?.last) == [1, 14])
    }

    @Test func crlfAndCRLineBreaks() throws {
        #expect(position(try root("a: 1\r\nb: 2\r\n").mapping?.last?.value) == [2, 4])
        #expect(position(try root("a: 1\rb: 2\r").mapping?.last?.value) == [2, 4])
    }

    @Test func quotedAndBlockScalarsStartAtTheirIndicator() throws {
        let node = try root("a: 'x'\nb: \"y\"\nc: |\n  z\nd: >-\n  w\n")
        #expect(["a", "b", "c", "d"].map { position(node[$0]) } == [[1, 4], [2, 4], [3, 4], [5, 4]])
    }

    @Test func nodesStartAtTheirAnchorOrTag() throws {
        let node = try root("a: &x 1\nb: !!str 2\nc: &y\n  k: v\n")
        #expect(position(node["a"]) == [1, 4])
        #expect(position(node["b"]) == [2, 4])
        #expect(position(node["c"]) == [3, 4])
    }

    @Test func emptyValueSitsAfterItsColon() throws {
        let node = try root("a:\nbb:   \nc: 1\n")
        #expect(position(node["a"]) == [1, 3])
        #expect(position(node["bb"]) == [2, 4])
    }

    @Test func aliasCopiesTheAnchoredPositions() throws {
        let node = try root("base: &b\n  k: v\ncopy: *b\n")
        #expect(node["copy"] == node["base"])
        #expect(position(node["copy"]?["k"]) == [2, 6])
    }

    @Test func mergedEntriesPointAtTheirDefinition() throws {
        let node = try root(
            """
            base: &base
              retries: 3
              timeout: 10
            service:
              name: api
              <<: *base
            """)
        let pairs = try #require(node["service"]?.mapping)
        #expect(pairs.map { $0.key.string } == ["name", "retries", "timeout"])
        #expect(pairs.map { position($0.key) } == [[5, 3], [2, 3], [3, 3]])
        #expect(pairs.map { position($0.value) } == [[5, 9], [2, 12], [3, 12]])
    }
}
