import Foundation
import HTTPTypes
import HummingbirdTesting
import MapperJSON
import MapperService
import MapperTestSupport
import NIOCore
import Testing

/// `serve --watch` and lookup tables: a changed table file is a new revision that goes live
/// through the same gate and atomic swap as a mapping file's change; a table file that no longer
/// loads leaves the previous catalog serving.
@Suite(.timeLimit(.minutes(2)))
struct TableReloadTests {
    static let mapping = """
        mapper: 1
        tables:
          names: { file: countries.csv, key: code, value: name }
        models:
          Address:
            properties:
              code: string
              name: { type: string, decode: "tables.names[self.code]" }
        """

    @Test func watchReloadsAChangedTableFileAndRefusesABrokenOne() async throws {
        let catalog = try TemporaryDirectory(["tables.yaml": Self.mapping, "countries.csv": "code,name\nde,Germany\n"])
        let app = try buildApplication(.testing([catalog.path], watch: true))
        try await app.test(.live) { client in
            func decode() async throws -> JSONValueResponse {
                try await JSONValueResponse(
                    client.execute(uri: "/v1/decode/Address", method: .post, body: .init(string: #"{"code":"de"}"#)))
            }
            #expect(try await decode().text == #"{"code":"de","name":"Germany"}"#)
            let first = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get)).value["revision"]

            try catalog.write("countries.csv", "code,name\nde,Germany\nde,Deutschland\n")
            let failed = try await eventually { () async throws -> JSONValueResponse? in
                let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
                return state.value["lastReloadError"] == .null ? nil : state
            }
            let error = failed.value["lastReloadError"]?["diagnostics"]?.array?.first { $0["severity"] == "error" }
            #expect(error?["code"] == "duplicate-table-key")
            #expect(error?["line"] == 3)
            #expect(failed.value["revision"] == first)
            #expect(try await decode().text == #"{"code":"de","name":"Germany"}"#)

            try catalog.write("countries.csv", "code,name\nde,Deutschland\n")
            let reloaded = try await eventually { () async throws -> JSONValueResponse? in
                let reply = try await decode()
                return reply.text.contains("Deutschland") ? reply : nil
            }
            #expect(reloaded.text == #"{"code":"de","name":"Deutschland"}"#)
            let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
            #expect(state.value["revision"] != first)
            #expect(state.value["lastReloadError"] == .null)
        }
    }
}
