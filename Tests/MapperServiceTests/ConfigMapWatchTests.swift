#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Foundation
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `--watch` on a catalog mounted as Kubernetes mounts a ConfigMap: an update swaps the `..data`
/// link to a new directory and never changes a file in place. And editors that save a new file
/// and rename it over the old one.
@Suite(.timeLimit(.minutes(2)))
struct ConfigMapWatchTests {
    static let shop = "mapper: 1\nmodels:\n  Listing:\n    properties: { sku: string, name: string }\n"
    static let colored = "mapper: 1\nmodels:\n  Listing:\n    properties: { sku: string, name: string, color: string }\n"
    static let broken = "mapper: 1\nmodels:\n  Listing:\n    properties: { sku: strin, name: string }\n"
    static let routes = "mapper: 1\nroutes:\n  paths:\n    /listings/*: Listing\n"
    static let body = #"{"sku": "A1", "name": "Lamp", "color": "red"}"#

    @Test func theDataLinkSwapIsSeenGoodAndBad() async throws {
        let volume = try ConfigMapDirectory(["shop.yaml": Self.shop, "routes.yaml": Self.routes])
        let app = try buildApplication(.testing([volume.path], watch: true))
        try await app.test(.live) { client in
            let first = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
            #expect(first.value["files"] == [.string(volume.path + "/routes.yaml"), .string(volume.path + "/shop.yaml")])
            let before = try await JSONValueResponse(
                client.execute(uri: "/v1/decode/Listing", method: .post, body: .init(string: Self.body)))
            #expect(before.text == #"{"sku":"A1","name":"Lamp"}"#)

            // A good update goes live.
            try volume.update(["shop.yaml": Self.colored, "routes.yaml": Self.routes])
            let colored = try await eventually { () async throws -> JSONValueResponse? in
                let reply = try await JSONValueResponse(
                    client.execute(uri: "/v1/decode/Listing", method: .post, body: .init(string: Self.body)))
                return reply.text.contains("color") ? reply : nil
            }
            #expect(colored.text == #"{"sku":"A1","name":"Lamp","color":"red"}"#)
            let good = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
            #expect(good.value["revision"] != first.value["revision"])

            // A bad one does not: the error shows, the good catalog keeps serving.
            try volume.update(["shop.yaml": Self.broken, "routes.yaml": Self.routes])
            let failed = try await eventually { () async throws -> JSONValueResponse? in
                let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
                return state.value["lastReloadError"] == .null ? nil : state
            }
            #expect(failed.value["revision"] == good.value["revision"])
            #expect(failed.value["lastReloadError"]?["trigger"] == "watch")
            let stillColored = try await JSONValueResponse(
                client.execute(uri: "/v1/decode/Listing", method: .post, body: .init(string: Self.body)))
            #expect(stillColored.text == colored.text)

            // A file dropped from the ConfigMap goes with the next update.
            try volume.update(["shop.yaml": Self.shop])
            let fewer = try await eventually { () async throws -> JSONValueResponse? in
                let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
                return state.value["files"]?.array?.count == 1 && state.value["lastReloadError"] == .null ? state : nil
            }
            #expect(fewer.value["revision"] != good.value["revision"])
        }
    }

    /// An editor's save: a new file renamed over the old one, here with the same size and the same
    /// modification time, so only the file's identity tells.
    @Test func aFileRenamedOverTheOldOneIsSeen() async throws {
        let catalog = try TemporaryDirectory(["shop.yaml": Self.shop])
        let app = try buildApplication(.testing([catalog.path], watch: true))
        try await app.test(.live) { client in
            let first = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
            let same = Self.shop.replacingOccurrences(of: "name: string", with: "nome: string")
            #expect(same.utf8.count == Self.shop.utf8.count)
            let target = catalog.path + "/shop.yaml"
            var old = stat()
            #expect(stat(target, &old) == 0)
            try Data(same.utf8).write(to: URL(fileURLWithPath: catalog.path + "/.shop.yaml.swp"))
            #if canImport(Darwin)
                var times = [old.st_atimespec, old.st_mtimespec]
            #else
                var times = [old.st_atim, old.st_mtim]
            #endif
            #expect(utimensat(AT_FDCWD, catalog.path + "/.shop.yaml.swp", &times, 0) == 0)
            #expect(rename(catalog.path + "/.shop.yaml.swp", target) == 0)
            let changed = try await eventually { () async throws -> JSONValueResponse? in
                let state = try await JSONValueResponse(client.execute(uri: "/v1/catalog", method: .get))
                return state.value["revision"] == first.value["revision"] ? nil : state
            }
            #expect(changed.value["lastReloadError"] == .null)
        }
    }
}
