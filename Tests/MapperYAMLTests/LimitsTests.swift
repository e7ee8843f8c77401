import Testing
@testable import MapperYAML

/// `YAMLLimits` bounds nesting and the size of the tree after alias expansion.
struct LimitsTests {
    @Test func defaults() {
        #expect(YAMLLimits() == YAMLLimits(maxDepth: 256, maxNodes: 1_000_000))
    }

    @Test func depthLimitIsInclusive() throws {
        let limits = YAMLLimits(maxDepth: 2, maxNodes: 100)
        #expect(parse("[[1]]", limits: limits).errors == [])
        #expect(parse("a: {b: 1}", limits: limits).errors == [])
        let document = parse("a: {b: {c: 1}}", limits: limits)
        #expect(
            document.errors == [
                YAMLError(.tooDeep, "nesting is deeper than 2 levels; flatten the document", at: mark(1, 8))
            ])
        #expect(document.root == nil)
    }

    @Test func defaultDepthLimit() throws {
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(parse(deepest).errors == [])
        let tooDeep = "[" + deepest + "]"
        #expect(
            parse(tooDeep).errors == [
                YAMLError(.tooDeep, "nesting is deeper than 256 levels; flatten the document", at: mark(1, 257))
            ])
    }

    @Test func nodeLimitCountsScalarsAndCollections() {
        let limits = YAMLLimits(maxDepth: 10, maxNodes: 3)
        #expect(parse("[1, 2]", limits: limits).errors == [])
        #expect(
            parse("[1, 2, 3]", limits: limits).errors == [
                YAMLError(.aliasLimit, "the document holds more than 3 nodes", at: mark(1, 8))
            ])
        #expect(
            parse("[[], [], []]", limits: limits).errors == [
                YAMLError(.aliasLimit, "the document holds more than 3 nodes", at: mark(1, 10))
            ])
    }

    @Test func nodeLimitCountsAliasExpansions() {
        let limits = YAMLLimits(maxDepth: 10, maxNodes: 5)
        let document = parse("- &a [1, 2]\n- *a\n", limits: limits)
        #expect(
            document.errors == [
                YAMLError(
                    .aliasLimit,
                    "alias '*a' expands the document beyond 5 nodes; aliases nested in aliases grow exponentially "
                        + "(the \"billion laughs\" document)",
                    at: mark(2, 3))
            ])
        #expect(document.root == nil)
        #expect(parse("- &a [1, 2]\n- *a\n", limits: YAMLLimits(maxDepth: 10, maxNodes: 7)).errors == [])
    }
}
