import Testing

@testable import MapperKit

struct RouteTableTests {
    static let yaml = """
        mapper: 1
        models:
          Root: { properties: { url: string } }
          User: { properties: { login: string } }
          Repository: { properties: { name: string } }
          Issue: { properties: { number: int } }
          NewIssue: { properties: { number: int } }
          Problem: { properties: { message: string } }
          Special: { properties: { name: string } }
        routes:
          prefix: v3
          error_model: Problem
          paths:
            /: Root
            /users/*: User
            /users/*/repos: Repository
            /repos/*/*/issues/#: Issue
            /repos/*/*/issues/*: User
            /repos/*/*/issues: Issue
            POST /repos/*/*/issues: NewIssue
            /repos/special/*/issues/#: Special
        """

    func match(_ url: String, method: String? = nil, status: Int? = nil) throws -> String? {
        try Catalog(yaml: Self.yaml).routes.match(url, method: method, status: status)?.model
    }

    @Test func slashesQueryAndFragmentDoNotMatter() throws {
        #expect(try match("users/octocat") == "User")
        #expect(try match("/users/octocat/") == "User")
        #expect(try match("https://api.github.com/users/octocat?page=2#top") == "User")
        #expect(try match("/") == "Root")
        #expect(try match("") == "Root")
        #expect(try match("https://api.github.com") == "Root")
    }

    @Test func slashesAtEitherEndOfAPatternDoNotMatter() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models: { Thing: { properties: { a: string } }, Top: { properties: { a: string } } }
                routes: { paths: { "//things/*/é//": Thing, "//": Top } }
                """)
        #expect(catalog.routes.match("/things/x/%C3%A9")?.model == "Thing")
        #expect(catalog.routes.match("/things/x/%C3%A9")?.segments == ["things", "x", "é"])
        #expect(catalog.routes.match("/things/x") == nil)
        #expect(catalog.routes.match("/")?.model == "Top")
    }

    @Test func segmentCountMustAgree() throws {
        #expect(try match("/users") == nil)
        #expect(try match("/users/a/b") == nil)
        #expect(try match("/users/a/repos/extra") == nil)
    }

    @Test func mostSpecificWins() throws {
        #expect(try match("/repos/o/r/issues/12") == "Issue")  // # beats *
        #expect(try match("/repos/o/r/issues/abc") == "User")
        #expect(try match("/repos/special/r/issues/12") == "Special")  // literal beats *
    }

    @Test func prefixIsStrippedWhenPresent() throws {
        #expect(try match("/v3/users/octocat") == "User")
        #expect(try match("https://example.com/v3/repos/o/r/issues/1") == "Issue")
        #expect(try match("/v3") == "Root")
    }

    @Test func segmentsArePercentDecoded() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models: { Thing: { properties: { a: string } } }
                routes: { paths: { "/a%20b/*": Thing } }
                """)
        #expect(catalog.routes.match("/a%20b/x")?.model == "Thing")
        #expect(catalog.routes.match("/a%20b/x")?.segments == ["a b", "x"])
        #expect(catalog.routes.match("/a%2/x") == nil)
    }

    @Test func methodsChoosePatterns() throws {
        #expect(try match("/repos/o/r/issues", method: "POST") == "NewIssue")
        #expect(try match("/repos/o/r/issues", method: "post") == "NewIssue")
        #expect(try match("/repos/o/r/issues", method: "GET") == "Issue")
        #expect(try match("/repos/o/r/issues") == "Issue")
        #expect(try match("/users/octocat", method: "DELETE") == "User")  // method-less patterns match any method
    }

    @Test func errorStatusesUseTheErrorModel() throws {
        #expect(try match("/users/octocat", status: 404) == "Problem")
        #expect(try match("/users/octocat", status: 399) == "User")
        #expect(try match("/nowhere", status: 404) == nil)
    }

    @Test func getPatternsApplyWithoutAMethod() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models: { A: { properties: { a: string } }, B: { properties: { a: string } } }
                routes: { paths: { "GET /a": A, "PUT /b": B } }
                """)
        #expect(catalog.routes.match("/a")?.model == "A")
        #expect(catalog.routes.match("/b") == nil)
        #expect(catalog.routes.match("/b", method: "PUT")?.model == "B")
    }
}
