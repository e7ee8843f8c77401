import Foundation
import Testing

struct InferCommandTests {
    static let samples = """
        {"id": 1, "login": "octocat", "site_admin": false, "created_at": "2011-01-25T18:44:36Z"}
        {"id": 2, "login": "hubot", "site_admin": true, "created_at": "2012-03-06T08:00:00Z", "bio": null}

        """

    @Test func printsTheCatalog() throws {
        let folder = try MapperProcess.directory(["users.ndjson": Self.samples])
        let result = try MapperProcess.run(["infer", "User", "users.ndjson"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains(
                """
                  User:
                    key_style: snake_case
                    unknown_keys: keep
                    properties:
                      id: { type: int, required: true }
                      login: { type: string, required: true }
                      siteAdmin: { type: bool, required: true }
                      createdAt: { type: date, required: true }
                      bio: any
                """))
    }

    @Test func goldenTestsPassAtOnce() throws {
        let folder = try MapperProcess.directory(["users.ndjson": Self.samples])
        let result = try MapperProcess.run(["infer", "User", "users.ndjson", "--tests", "tests"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "wrote tests/Mappings/user.yaml: 1 models, 0 enums from 2 samples; golden tests in tests\n")
        let test = try MapperProcess.run(["test", "tests"], in: folder)
        #expect(test.stdout.hasSuffix("2 passed, 0 failed\n"), "\(test.stdout)")
        let validate = try MapperProcess.run(["validate", "--strict", "tests/Mappings"], in: folder)
        #expect(validate.status == 0)
    }

    @Test func badSamples() throws {
        let folder = try MapperProcess.directory(["list.json": "[1, 2]"])
        let result = try MapperProcess.run(["infer", "Thing", "list.json"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == "list.json#/0: error: a sample must be a JSON object, found a number [invalid-sample]\n")
        let name = try MapperProcess.run(["infer", "thing", "list.json"], in: folder)
        #expect(name.status == 1)
    }
}
