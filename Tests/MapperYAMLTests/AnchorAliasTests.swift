import Testing
@testable import MapperYAML

/// An alias is replaced by a copy of the node its anchor names, so consumers never see aliases.
struct AnchorAliasTests {
    @Test func scalarAnchor() throws {
        let node = try root("a: &x hello\nb: *x\n")
        #expect(try Plain(node) == ["a": "hello", "b": "hello"])
        #expect(node["b"]?.scalar == Scalar(text: "hello", kind: .string, style: .plain))
    }

    @Test func aliasKeepsTheResolvedKind() throws {
        let node = try root("a: &x 0x1F\nb: *x\n")
        #expect(node["b"]?.scalar?.int == 31)
    }

    @Test func sequenceAnchor() throws {
        #expect(
            try plain("a: &list [1, [2, 3]]\nb: *list\nc: [*list]\n")
                == ["a": [1, [2, 3]], "b": [1, [2, 3]], "c": [[1, [2, 3]]]])
    }

    @Test func mappingAnchor() throws {
        let node = try root("a: &user\n  login: octocat\n  id: 1\nb: *user\n")
        #expect(try Plain(node) == ["a": ["login": "octocat", "id": 1], "b": ["login": "octocat", "id": 1]])
        #expect(node["a"] == node["b"])
    }

    @Test func aliasAsAKey() throws {
        #expect(try plain("- &k name\n- {*k : value}\n") == ["name", ["name": "value"]])
    }

    @Test func undefinedAliasIsReportedWhereItStands() throws {
        let document = parse("a: 1\nb: [x, *missing]\n")
        #expect(
            document.errors == [
                YAMLError(
                    .undefinedAlias, "alias '*missing' refers to no anchor defined before it; define '&missing' first",
                    at: mark(2, 8))
            ])
        // The rest of the document is still read, with null for the alias.
        let root = try #require(document.root)
        #expect(try Plain(root) == ["a": 1, "b": ["x", nil]])
    }

    @Test func aliasBeforeItsAnchorIsUndefined() {
        let document = parse("a: *later\nb: &later 1\n")
        #expect(document.errors.map(\.code) == [.undefinedAlias])
        #expect(document.errors.first?.mark == mark(1, 4))
    }

    @Test(arguments: ["&a [*a]", "&a {x: *a}", "&a [1, [2, *a]]", "&a {*a : 1}"])
    func selfReferenceIsUndefinedAndDoesNotHang(text: String) {
        let (document, elapsed) = duration { parse(text) }
        #expect(document.errors.map(\.code) == [.undefinedAlias])
        #expect(document.errors.first?.message == "alias '*a' refers to no anchor defined before it; define '&a' first")
        #expect(elapsed < .seconds(2))
    }

    @Test func selfReferenceDoesNotSeeAnEarlierAnchorOfTheSameName() {
        let document = parse("- &a old\n- &a [*a]\n")
        #expect(document.errors.map(\.code) == [.undefinedAlias])
        #expect(document.errors.first?.mark == mark(2, 7))
    }

    @Test func redefinedAnchorWinsForLaterAliases() throws {
        #expect(
            try plain("- &a first\n- *a\n- &a second\n- *a\n- &a [third]\n- *a\n")
                == ["first", "first", "second", "second", ["third"], ["third"]])
    }

    @Test func aliasesCountTowardsTheDepthLimit() {
        // Three levels under `b` plus the three of the copied `*a` exceed a limit of five.
        let limits = YAMLLimits(maxDepth: 5, maxNodes: 100)
        #expect(parse("a: &a [[1]]\nb: [[*a]]\n", limits: limits).errors == [])
        let document = parse("a: &a [[[1]]]\nb: [[*a]]\n", limits: limits)
        #expect(
            document.errors == [
                YAMLError(
                    .tooDeep, "alias '*a' nests the document deeper than 5 levels; flatten the document",
                    at: mark(2, 6))
            ])
        #expect(document.root == nil)
    }

    @Test func aliasChainsCannotBuildADeepTree() {
        // Each anchor wraps the previous one in 200 brackets: 200 000 levels once expanded, which
        // would overflow the stack of anything that walks the tree.
        var text = "a0: &a0 " + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "\n"
        for index in 1..<1000 {
            text +=
                "a\(index): &a\(index) " + String(repeating: "[", count: 200) + "*a\(index - 1)"
                + String(repeating: "]", count: 200) + "\n"
        }
        let (document, elapsed) = duration { parse(text, limits: YAMLLimits(maxDepth: 256, maxNodes: .max)) }
        #expect(document.errors.map(\.code) == [.tooDeep])
        #expect(document.errors.first?.mark == mark(2, 209))
        #expect(elapsed < .seconds(2))
    }
}
