import Foundation
import Testing

/// `mapper import openapi --force` over an earlier import: the person's files survive, what the
/// description changed is reported, and edits the description changed under are named.
struct ReimportCommandTests {
    /// DigitalOcean's SSH key operations and error body, put in one file: from
    /// `../shared/data/openapi/digitalocean/specification/resources/ssh_keys` (`sshKeys_list.yml`,
    /// `sshKeys_get.yml`, `models/sshKeys.yml`, `responses/sshKeys_*.yml`) and
    /// `shared/models/error.yml` (Apache-2.0), descriptions shortened.
    static let version1 = """
        openapi: 3.0.0
        info: { title: DigitalOcean API, version: "2.0" }
        servers: [{ url: "https://api.digitalocean.com" }]
        paths:
          /v2/account/keys:
            get:
              operationId: sshKeys_list
              tags: [SSH Keys]
              responses:
                '200':
                  description: A JSON object with the key set to `ssh_keys`.
                  content:
                    application/json:
                      schema:
                        properties:
                          ssh_keys: { type: array, items: { $ref: '#/components/schemas/sshKeys' } }
                '401': { $ref: '#/components/responses/unauthorized' }
          /v2/account/keys/{ssh_key_identifier}:
            get:
              operationId: sshKeys_get
              tags: [SSH Keys]
              parameters:
                - { in: path, name: ssh_key_identifier, required: true, schema: { anyOf: [{ type: integer }, { type: string }] } }
              responses:
                '200':
                  description: A JSON object with the key set to `ssh_key`.
                  content:
                    application/json:
                      schema:
                        properties:
                          ssh_key: { $ref: '#/components/schemas/sshKeys' }
                '401': { $ref: '#/components/responses/unauthorized' }
        components:
          responses:
            unauthorized:
              description: Unauthorized
              content: { application/json: { schema: { $ref: '#/components/schemas/error' } } }
          schemas:
            sshKeys:
              type: object
              properties:
                id: { type: integer, description: A unique identification number for this key. }
                fingerprint: { type: string, description: A unique identifier that differentiates this key. }
                public_key: { type: string, description: The entire public key string that was uploaded. }
                name: { type: string, description: A human-readable display name for this key. }
              required: [public_key, name]
            error:
              type: object
              properties:
                id: { type: string }
                message: { type: string }
                request_id: { type: string }
              required: [id, message]
        """

    /// The next week's description: `fingerprint` removed from `sshKeys`, and `sshKeys_create`
    /// (`POST /v2/account/keys`, DigitalOcean's `sshKeys_create.yml`) added.
    static let version2 =
        version1
        .replacingOccurrences(
            of: "        fingerprint: { type: string, description: A unique identifier that differentiates this key. }\n",
            with: ""
        )
        .replacingOccurrences(
            of: "  /v2/account/keys/{ssh_key_identifier}:\n",
            with: """
                    post:
                      operationId: sshKeys_create
                      tags: [SSH Keys]
                      responses:
                        '201':
                          description: The response body will be a JSON object with a key set to `ssh_key`.
                          content:
                            application/json:
                              schema:
                                properties:
                                  ssh_key: { $ref: '#/components/schemas/sshKeys' }
                        '401': { $ref: '#/components/responses/unauthorized' }
                  /v2/account/keys/{ssh_key_identifier}:

                """)

    /// A person's file: the error body taken over (its `request_id` named `requestID`), a key model
    /// that refuses empty names, and the single-key route taken over to use it.
    static let edits = """
        mapper: 1
        models:
          Error:
            unknown_keys: keep
            properties:
              id: { type: string, required: true }
              message: { type: string, required: true }
              requestID: { type: string, key: request_id }
          LabeledKey:
            extends: SshKeys
            properties:
              name: { type: string, required: true, min_length: 1 }
          MyKeyEnvelope:
            unknown_keys: keep
            properties:
              key: { type: LabeledKey, key: ssh_key }
        routes:
          paths:
            GET /v2/account/keys/*: MyKeyEnvelope

        """

    static let key = #"{"ssh_key": {"id": 512189, "public_key": "ssh-rsa AEXAMPLE", "name": "My SSH Public Key"}}"#

    @Test func editsSurviveAndChangesAreReported() throws {
        let folder = try MapperProcess.directory(["v1.yaml": Self.version1, "v2.yaml": Self.version2])
        let first = try MapperProcess.run(["import", "openapi", "v1.yaml", "--out", "out", "--quiet"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(!first.stdout.contains("changes since"))
        // The envelope `{ssh_key: sshKeys}`: POST answers the same shape as GET, so it gets the same model.
        let envelope = try MapperProcess.run(["match", "/v2/account/keys/1", "--mappings", "out"], in: folder).stdout
        #expect(!envelope.isEmpty)
        try Data(Self.edits.utf8).write(to: folder.appendingPathComponent("out/edits.yaml"))

        let second = try MapperProcess.run(["import", "openapi", "v2.yaml", "--out", "out", "--force", "--quiet"], in: folder)
        #expect(second.status == 0, "\(second.stderr)")
        let edits = try String(contentsOf: folder.appendingPathComponent("out/edits.yaml"), encoding: .utf8)
        #expect(edits == Self.edits)
        let validate = try MapperProcess.run(["validate", "--strict", "out"], in: folder)
        #expect(validate.status == 0, "\(validate.stdout)")

        // Exactly what was changed in the description, nothing about what the person's file defines.
        let report = second.stdout.split(separator: "\n").map(String.init)
        let start = try #require(report.firstIndex { $0.hasPrefix("changes since the previous import") })
        #expect(
            Array(report[start..<(start + 4)]) == [
                "changes since the previous import: models 1 changed; routes 1 added",
                "~ model SshKeys",
                "    - fingerprint: string",
                "+ route POST /v2/account/keys: \(envelope.trimmingCharacters(in: .newlines))",
            ])
        // mapper compat between the two: the removed property breaks consumers of canonical JSON.
        #expect(report[start + 4] == "mapper compat (previous → new):")
        #expect(report.contains { $0.hasPrefix("  breaking   canonical fingerprint: property 'fingerprint' removed") })

        // The person's route, models and tighter rule are what decodes.
        let decoded = try MapperProcess.run(
            ["decode", "--route", "/v2/account/keys/512189", "--mappings", "out", "--compact"], stdin: Self.key, in: folder)
        #expect(
            decoded.stdout == #"{"key":{"id":512189,"publicKey":"ssh-rsa AEXAMPLE","name":"My SSH Public Key"}}"# + "\n",
            "\(decoded.stderr)")
        let empty = try MapperProcess.run(
            ["decode", "--route", "/v2/account/keys/512189", "--mappings", "out"],
            stdin: Self.key.replacingOccurrences(of: "My SSH Public Key", with: ""), in: folder)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("/ssh_key/name"))
    }

    @Test func anEditTheDescriptionChangedUnderIsAConflict() throws {
        let folder = try MapperProcess.directory(["v1.yaml": Self.version1, "v2.yaml": Self.version2])
        #expect(try MapperProcess.run(["import", "openapi", "v1.yaml", "--out", "out", "--quiet"], in: folder).status == 0)
        // The person takes the key model over, as the first import described it, with a tighter name.
        let mine = """
            mapper: 1
            models:
              SshKeys:
                unknown_keys: keep
                properties:
                  id: int
                  fingerprint: string
                  publicKey: { type: string, key: public_key, required: true }
                  name: { type: string, required: true, min_length: 1 }

            """
        try Data(mine.utf8).write(to: folder.appendingPathComponent("out/mine.yaml"))
        let same = try MapperProcess.run(["import", "openapi", "v1.yaml", "--out", "out", "--force", "--quiet"], in: folder)
        #expect(same.status == 0, "\(same.stderr)")
        #expect(same.stdout.contains("changes since the previous import: no changes"))
        #expect(try MapperProcess.run(["validate", "--strict", "out"], in: folder).status == 0)

        // The description drops `fingerprint`, which the person's copy still has.
        let changed = try MapperProcess.run(["import", "openapi", "v2.yaml", "--out", "out", "--force", "--quiet"], in: folder)
        #expect(changed.status == 1)
        #expect(
            changed.stderr.contains(
                "out/mine.yaml:3:3: error: the description changed model 'SshKeys' since you defined it here: - fingerprint: string; the import's version is at out/"
            ), "\(changed.stderr)")
        #expect(changed.stderr.contains("[edit-conflict]"))
        let validate = try MapperProcess.run(["validate", "out"], in: folder)
        #expect(validate.status == 1)
        #expect(validate.stdout.contains("model 'SshKeys' is defined twice"), "\(validate.stdout)")
        #expect(validate.stdout.contains("out/mine.yaml:3:3"))
        #expect(validate.stdout.contains("bring the change into yours, or remove yours, then run the import again"))

        // Merged: the copy drops `fingerprint` too; the next import takes it as the person's again.
        try Data(mine.replacingOccurrences(of: "      fingerprint: string\n", with: "").utf8)
            .write(to: folder.appendingPathComponent("out/mine.yaml"))
        let merged = try MapperProcess.run(["import", "openapi", "v2.yaml", "--out", "out", "--force", "--quiet"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        let again = try MapperProcess.run(["validate", "--strict", "out"], in: folder)
        #expect(again.status == 0, "\(again.stdout)")
    }

    /// A model of the person's extends the error body and redefines the key's `name`; the next
    /// description drops the error responses (so the error body, which no route reaches any more)
    /// and makes `name` an integer.
    @Test func anExtensionTheDescriptionChangedUnderIsNamed() throws {
        let version3 = Self.version1
            .replacingOccurrences(of: "        '401': { $ref: '#/components/responses/unauthorized' }\n", with: "")
            .replacingOccurrences(
                of: "name: { type: string, description: A human-readable display name for this key. }",
                with: "name: { type: integer, description: A human-readable display name for this key. }")
        #expect(!version3.contains("'401'") && version3.contains("name: { type: integer"))
        let folder = try MapperProcess.directory(["v1.yaml": Self.version1, "v3.yaml": version3])
        #expect(try MapperProcess.run(["import", "openapi", "v1.yaml", "--out", "out", "--quiet"], in: folder).status == 0)
        let mine = """
            mapper: 1
            models:
              LabeledKey:
                extends: SshKeys
                properties:
                  name: { type: string, required: true, min_length: 1 }
              TracedError:
                extends: Error
                properties:
                  trace: string

            """
        try Data(mine.utf8).write(to: folder.appendingPathComponent("out/mine.yaml"))
        let changed = try MapperProcess.run(["import", "openapi", "v3.yaml", "--out", "out", "--force", "--quiet"], in: folder)
        #expect(changed.status == 1)
        #expect(changed.stdout.contains("- model Error\n"), "\(changed.stdout)")
        #expect(
            changed.stderr.contains(
                "out/mine.yaml:6:7: warning: model 'LabeledKey' redefines 'name' of 'SshKeys', which the description changed: string, required → int, required"
            ), "\(changed.stderr)")
        #expect(
            changed.stderr.contains("out/mine.yaml:8:14: error: model 'TracedError' extends 'Error', which the description no longer has"))
        #expect(changed.stderr.contains("error: your files in 'out' do not load with the new import"))
        let validate = try MapperProcess.run(["validate", "out"], in: folder)
        #expect(
            validate.stdout.contains("out/mine.yaml:8:14: error: model 'TracedError' extends unknown model 'Error'"), "\(validate.stdout)")
    }

    @Test func aPersonsFileIsNeverWrittenOver() throws {
        let folder = try MapperProcess.directory(["v1.yaml": Self.version1])
        #expect(try MapperProcess.run(["import", "openapi", "v1.yaml", "--out", "out", "--quiet"], in: folder).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("out").path)
        let generated = try #require(names.first { $0.hasSuffix(".yaml") && !$0.hasPrefix(".") })
        let mine = "mapper: 1\n# mine, not the import's\n"
        try Data(mine.utf8).write(to: folder.appendingPathComponent("out/\(generated)"))
        let refused = try MapperProcess.run(["import", "openapi", "v1.yaml", "--out", "out", "--force"], in: folder)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("'\(generated)' in 'out' is not a file the import wrote"))
        #expect(try String(contentsOf: folder.appendingPathComponent("out/\(generated)"), encoding: .utf8) == mine)
    }

    /// Two runs (two processes, so two hash seeds) on the DigitalOcean subset the import tests use
    /// write the same files, byte for byte: names do not depend on the order of a hash table.
    @Test func theSameDescriptionGivesTheSameFiles() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../MapperImportTests/Fixtures/openapi/digitalocean/DigitalOcean-subset.yaml").standardizedFileURL
        let folder = try MapperProcess.directory(["README": "two imports of one description\n"])
        for out in ["a", "b"] {
            let run = try MapperProcess.run(["import", "openapi", fixture.path, "--out", out, "--quiet"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let manager = FileManager.default
        let names = try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("a").path).sorted()
        #expect(names.count > 10)
        #expect(names == (try manager.contentsOfDirectory(atPath: folder.appendingPathComponent("b").path).sorted()))
        for name in names {
            let first = manager.contents(atPath: folder.appendingPathComponent("a/\(name)").path)
            #expect(first == manager.contents(atPath: folder.appendingPathComponent("b/\(name)").path), "\(name)")
        }
    }
}
