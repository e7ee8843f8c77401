import Foundation
import MapperTestSupport

/// A small catalog in a temporary directory, shared by the data command tests
/// (decode, encode, convert, match, NDJSON).
enum CLIFixture {
    static let mappings = """
        mapper: 1
        enums:
          State: { cases: { open: open, closed: closed } }
        models:
          User:
            properties:
              login: string
              id: int
          Issue:
            key_style: snake_case
            properties:
              number: { type: int, required: true }
              title: string
              state: State
              reporter: { type: string, key: user.login }
              createdAt: date
              retrievedAt: { type: date, computed: now }
          Summary:
            properties:
              number: int
              title: { type: string, key: headline }
          GitHubError:
            properties:
              message: string
              documentationURL: { type: url, key: documentation_url }
        routes:
          prefix: v3
          error_model: GitHubError
          paths:
            /users/*: User
            /repos/*/*/issues/#: Issue
            /repos/*/*/issues: Summary
            POST /repos/*/*/issues: Issue
        """

    static let issue =
        #"{"number":1,"title":"Found a bug","state":"open","user":{"login":"octocat"},"created_at":"2015-09-25T10:00:00+02:00"}"#
    static let issueCanonical =
        #"{"number":1,"title":"Found a bug","state":"open","reporter":"octocat","createdAt":"2015-09-25T08:00:00Z","retrievedAt":"2020-01-01T00:00:00Z"}"#
    static let issueExternal =
        #"{"number":1,"title":"Found a bug","state":"open","user":{"login":"octocat"},"created_at":"2015-09-25T08:00:00Z"}"#

    /// A temporary directory with `m.yaml` and the given extra files.
    static func directory(_ files: [String: String] = [:]) throws -> URL {
        try TemporaryDirectory.files(files.merging(["m.yaml": mappings]) { first, _ in first }, prefix: "mapper-cli")
    }

    /// Runs `mapper ARGUMENTS --mappings m.yaml` in `directory`.
    static func run(_ arguments: [String], stdin: String? = nil, in directory: URL) throws -> MapperProcess.Result {
        try MapperProcess.run(arguments + ["--mappings", "m.yaml"], stdin: stdin, in: directory)
    }
}
