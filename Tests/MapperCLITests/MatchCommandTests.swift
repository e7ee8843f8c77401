import Foundation
import Testing

/// `mapper match URL`: prints the model the routes choose; exit 1 when none (SPEC §7, §13).
struct MatchCommandTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory()
    }

    private func match(_ arguments: [String]) throws -> MapperProcess.Result {
        try CLIFixture.run(["match"] + arguments, in: directory)
    }

    @Test(arguments: [
        ("/repos/o/r/issues/1", "Issue"),
        ("repos/o/r/issues/1/", "Issue"),
        ("https://api.github.com/v3/repos/o/r/issues/12?page=2#top", "Issue"),
        ("/v3/users/octo%20cat", "User"),
        ("/repos/o/r/issues", "Summary"),
    ])
    func printsTheModel(url: String, model: String) throws {
        let result = try match([url])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == model + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func methodAndStatusChoose() throws {
        #expect(try match(["/repos/o/r/issues", "--method", "POST"]).stdout == "Issue\n")
        #expect(try match(["/repos/o/r/issues", "--method", "post"]).stdout == "Issue\n")
        #expect(try match(["/repos/o/r/issues", "--method", "GET"]).stdout == "Summary\n")
        #expect(try match(["/repos/o/r/issues/1", "--status", "422"]).stdout == "GitHubError\n")
        #expect(try match(["/repos/o/r/issues/1", "--status", "201"]).stdout == "Issue\n")
    }

    /// A miss is explained as the service explains it: a pattern one segment away is suggested.
    @Test(arguments: [
        ("/repos/o/r/issues/one", "; did you mean the pattern '/repos/*/*/issues/#'?"),
        ("/users", ""),
        ("/users/a/b", ""),
        // The segment that differs is ranked by how close it is; an unrelated one suggests nothing.
        ("/gists/1", ""),
        ("/user/octocat", "; did you mean the pattern '/users/*'?"),
        ("/v3/repos/o/r/isues", "; did you mean the pattern '/repos/*/*/issues'?"),
        ("/V3/users/a", ""),
    ])
    func noMatchExitsWithOne(url: String, hint: String) throws {
        let result = try match([url])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "error: no route matches '\(url)'\(hint)\n")
    }

    /// Another method's pattern matches: the hint names the command's own flag.
    @Test func anotherMethodIsNamedAsTheFlag() throws {
        let yaml = "mapper: 1\nmodels: { Label: { properties: { name: string } } }\nroutes: { paths: { POST /labels: Label } }\n"
        let directory = try MapperProcess.directory(["m.yaml": yaml])
        let result = try MapperProcess.run(["match", "/labels", "--mappings", "m.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(result.stderr == "error: no route matches '/labels'; patterns for POST match it (pass --method POST)\n")
    }
}
