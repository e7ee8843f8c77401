import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperKit
import MapperService
import MapperTestSupport
import Testing

/// `--shadow PATH`: every mapped request is answered from the live catalog, then mapped again with
/// the candidate off the response path; `/v1/shadow` and `/metrics` tally agreements, differences
/// (by top-level property) and candidate errors; `/v1/shadow/promote` makes the candidate live.
struct ShadowTests {
    static let product = #"{"sku": "A1", "name": "Lamp", "price": 12.50, "status": "active", "owner": {"login": "ann"}}"#
    /// The shop's Product as the live fixture decodes it (by hand from shop.yaml: snake_case keys,
    /// `ownerLogin` from `owner.login`).
    static let decoded = #"{"sku":"A1","name":"Lamp","price":12.50,"status":"active","ownerLogin":"ann"}"#

    /// The shop catalog with `edit` applied to shop.yaml, as a candidate directory.
    static func candidate(_ edit: (String) -> String = { $0 }) throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory(copying: Fixture.shopCatalog)
        try directory.write("shop.yaml", edit(try directory.read("shop.yaml")))
        return directory
    }

    /// Product's `name` renamed `title` (read from the same key `name`).
    static func renamed(_ text: String) -> String {
        text.replacingOccurrences(of: "      name: string\n      price:", with: "      title: { type: string, key: name }\n      price:")
    }

    static func configuration(
        shadow: String, samples: Int = 0, gate: String? = nil, adminToken: String? = nil
    ) -> ServiceConfiguration {
        var configuration = ServiceConfiguration.testing(adminToken: adminToken, gate: gate)
        configuration.shadow = [shadow]
        configuration.shadowSamples = samples
        return configuration
    }

    /// `GET /v1/shadow`, polled until `done` holds (the comparisons run after the responses).
    static func report(
        _ client: some TestClientProtocol, headers: HTTPFields = [:], until done: (JSONValue) -> Bool
    ) async throws -> JSONValue {
        var last: JSONValue = .null
        for _ in 0..<400 {
            let response = try await client.get("/v1/shadow", headers: headers)
            #expect(response.status == .ok)
            last = try response.json
            if done(last) { return last }
            try await Task.sleep(for: .milliseconds(25))
        }
        Issue.record("the shadow comparisons did not show up: \(last)")
        return last
    }

    static func counts(_ report: JSONValue, _ operation: String, _ model: String) -> JSONValue? {
        report["counts"]?.array?.first { $0["operation"] == .string(operation) && $0["model"] == .string(model) }
    }

    static func samples(_ report: JSONValue) -> [JSONValue] {
        report["samples"]?["documents"]?.array ?? []
    }

    @Test func anIdenticalCandidateAgrees() async throws {
        let candidate = try Self.candidate()
        let app = try buildApplication(Self.configuration(shadow: candidate.path))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: Self.product)
            #expect(response.status == .ok)
            #expect(try response.json == JSONValue(parsing: Array(Self.decoded.utf8)))
            try await client.post("/v1/encode/Listing", json: #"{"sku": "A1", "name": "Lamp"}"#)
            try await client.post("/v1/convert/Product/Listing", json: Self.product)
            let report = try await Self.report(client) { Self.counts($0, "convert", "Product/Listing") != nil }
            #expect(Self.counts(report, "decode", "Product")?["agreements"] == 1)
            #expect(Self.counts(report, "decode", "Product")?["differences"] == .object(JSONObject()))
            #expect(Self.counts(report, "decode", "Product")?["candidateErrors"] == 0)
            #expect(Self.counts(report, "encode", "Listing")?["agreements"] == 1)
            #expect(Self.counts(report, "convert", "Product/Listing")?["agreements"] == 1)
            #expect(Self.samples(report).isEmpty)
            #expect(report["candidate"]?["revision"] != nil)
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains(#"mapper_shadow_agreements_total{operation="decode",model="Product"} 1"#))
            #expect(metrics.contains(#"mapper_shadow_agreements_total{operation="convert",model="Product/Listing"} 1"#))
        }
    }

    #if os(Linux)
        /// The comparisons run on their own thread at idle priority (SCHED_IDLE, policy 5 in
        /// /proc's stat), so that under full load they take no processor time from live requests.
        @Test func comparisonsRunOnAnIdlePriorityThread() async throws {
            let candidate = try Self.candidate()
            let app = try buildApplication(Self.configuration(shadow: candidate.path))
            try await app.test(.router) { client in
                try await client.post("/v1/decode/Product", json: Self.product)
                _ = try await Self.report(client) { Self.counts($0, "decode", "Product") != nil }
                var policies: [String] = []
                for thread in try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") {
                    let name = try? String(contentsOfFile: "/proc/self/task/\(thread)/comm", encoding: .utf8)
                    guard name == "mapper-shadow\n",
                        let stat = try? String(contentsOfFile: "/proc/self/task/\(thread)/stat", encoding: .utf8),
                        let end = stat.lastIndex(of: ")")
                    else { continue }
                    // Fields after the name: the state is field 3, the scheduling policy field 41.
                    let fields = stat[stat.index(after: end)...].split(separator: " ")
                    policies.append(String(fields[41 - 3]))
                }
                #expect(!policies.isEmpty)
                #expect(policies.allSatisfy { $0 == "5" })
            }
        }
    #endif

    /// The candidate maps with what the request asked for (`?partial=true`, `?omit=nulls`, and
    /// `?now=` to the nanosecond for `computed: now`): an identical candidate agrees on each.
    @Test func theCandidateMapsWithTheRequestsSettingsAndInstant() async throws {
        let shop = try String(contentsOfFile: Fixture.shopCatalog + "/shop.yaml", encoding: .utf8)
            .replacingOccurrences(
                of: "      ownerLogin: { type: string, key: owner.login }\n",
                with: "      ownerLogin: { type: string, key: owner.login }\n      seenAt: { type: date, computed: now }\n")
        let live = try TemporaryDirectory(["shop.yaml": shop])
        let candidate = try TemporaryDirectory(["shop.yaml": shop])
        var configuration = ServiceConfiguration.testing([live.path])
        configuration.shadow = [candidate.path]
        let app = try buildApplication(configuration)
        try await app.test(.router) { client in
            // No sku, which Product requires: only a partial decode takes it.
            let patch = try await client.post("/v1/decode/Product?partial=true", json: #"{"name": "Lamp"}"#)
            #expect(patch.status == .ok)
            let omitted = try await client.post("/v1/encode/Listing?omit=nulls", json: #"{"sku": "A1", "name": null}"#)
            #expect(omitted.text == #"{"sku":"A1"}"#)
            let seen = try await client.post("/v1/decode/Product?now=2026-11-28T06:00:00.123456789Z", json: Self.product)
            #expect(try seen.json["seenAt"] == "2026-11-28T06:00:00.123456789Z")
            try await client.post("/v1/convert/Product/Listing?omit=nulls", json: #"{"sku": "A2", "name": null}"#)
            let report = try await Self.report(client) { Self.counts($0, "convert", "Product/Listing") != nil }
            #expect(Self.counts(report, "decode", "Product")?["agreements"] == 2, "\(report)")
            #expect(Self.counts(report, "encode", "Listing")?["agreements"] == 1, "\(report)")
            #expect(Self.counts(report, "convert", "Product/Listing")?["agreements"] == 1, "\(report)")
        }
    }

    @Test func aDifferenceIsCountedByPropertyWithARedactedSample() async throws {
        let candidate = try Self.candidate(Self.renamed)
        let app = try buildApplication(Self.configuration(shadow: candidate.path))
        let plain = try buildApplication(.testing())
        let withoutShadow = try await plain.test(.router) { client in
            try await client.post("/v1/decode/Product", json: Self.product).text
        }
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: Self.product)
            // The live answer is the one without a shadow, byte for byte.
            #expect(response.status == .ok)
            #expect(response.text == withoutShadow)
            let report = try await Self.report(client) { !Self.samples($0).isEmpty }
            #expect(Self.counts(report, "decode", "Product")?["differences"] == ["name": 1])
            #expect(Self.counts(report, "decode", "Product")?["agreements"] == 0)
            let sample = try #require(Self.samples(report).first)
            #expect(sample["kind"] == "difference")
            #expect(sample["model"] == "Product")
            #expect(sample["property"] == "name")
            // Live has /name and no /title; the candidate the other way round.
            #expect(
                sample["differences"] == [
                    ["pointer": "/name", "live": ["kind": "string"], "candidate": ["kind": "absent"]],
                    ["pointer": "/title", "live": ["kind": "absent"], "candidate": ["kind": "string"]],
                ])
            #expect(sample["input"] == nil)
            #expect(report["samples"]?["redacted"] == true)
            let text = try await client.get("/v1/shadow").text
            #expect(!text.contains("Lamp"))
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains(#"mapper_shadow_differences_total{operation="decode",model="Product",property="name"} 1"#))
        }
    }

    @Test func shadowSamplesKeepValues() async throws {
        let candidate = try Self.candidate(Self.renamed)
        let app = try buildApplication(Self.configuration(shadow: candidate.path, samples: 2))
        try await app.test(.router) { client in
            for _ in 0..<3 { try await client.post("/v1/decode/Product", json: Self.product) }
            let report = try await Self.report(client) { Self.counts($0, "decode", "Product")?["differences"] == ["name": 3] }
            let samples = Self.samples(report)
            #expect(samples.count == 2)
            #expect(report["samples"]?["redacted"] == false)
            let first = try #require(samples.first?["differences"]?.array?.first)
            #expect(first == ["pointer": "/name", "live": ["kind": "string", "value": "Lamp"], "candidate": ["kind": "absent"]])
            #expect(samples.first?["input"] == (try JSONValue(parsing: Array(Self.product.utf8))))
            #expect(samples.first?["candidateOutput"]?["title"] == "Lamp")
        }
    }

    @Test func aCandidateErrorIsCounted() async throws {
        // The candidate wants an integer sku: "A1" does not convert.
        let candidate = try Self.candidate {
            $0.replacingOccurrences(of: "sku: { type: string, required: true }", with: "sku: { type: int, required: true }")
        }
        let app = try buildApplication(Self.configuration(shadow: candidate.path))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: Self.product)
            #expect(response.status == .ok)
            #expect(try response.json == JSONValue(parsing: Array(Self.decoded.utf8)))
            let report = try await Self.report(client) { Self.counts($0, "decode", "Product") != nil }
            #expect(Self.counts(report, "decode", "Product")?["candidateErrors"] == 1)
            let sample = try #require(Self.samples(report).first)
            #expect(sample["kind"] == "candidateError")
            #expect(sample["errors"]?.array?.first?["pointer"] == "/sku")
            #expect(sample["errors"]?.array?.first?["message"] == nil)
            let metrics = try await client.get("/metrics").text
            #expect(metrics.contains(#"mapper_shadow_candidate_errors_total{operation="decode",model="Product"} 1"#))
        }
    }

    @Test func promoteMakesTheCandidateLive() async throws {
        let candidate = try Self.candidate(Self.renamed)
        let app = try buildApplication(Self.configuration(shadow: candidate.path))
        try await app.test(.router) { client in
            let live = try await client.get("/v1/catalog").json["revision"]
            let candidateRevision = try #require(try await client.get("/v1/shadow").json["candidate"]?["revision"])
            #expect(candidateRevision != live)
            let promoted = try await client.post("/v1/shadow/promote", json: "")
            #expect(promoted.status == .ok)
            let reply = try promoted.json
            #expect(reply["status"] == "promoted")
            #expect(reply["previousRevision"] == live)
            #expect(reply["revision"] == candidateRevision)
            let decoded = try await client.post("/v1/decode/Listing", json: #"{"sku": "A1"}"#)
            #expect(decoded.headers[.init("Mapper-Revision")!] == candidateRevision.string)
            let product = try await client.post("/v1/decode/Product", json: Self.product)
            #expect(try product.json["title"] == "Lamp")
            #expect(try product.json["name"] == nil)
            // The slot is empty until the shadow path reloads.
            let r1 = try await client.get("/v1/shadow")
            #expect(try r1.json["candidate"] == .null)
            let again = try await client.post("/v1/shadow/promote", json: "")
            #expect(again.status == .conflict)
            #expect(try again.problem.type == problemType("no-shadow-candidate"))
            let reload = try await client.post("/v1/reload", json: "")
            #expect(try reload.json["shadow"]?["status"] == "loaded")
            let r2 = try await client.get("/v1/shadow")
            #expect(try r2.json["candidate"]?["revision"] == candidateRevision)
        }
    }

    @Test func promoteIsGated() async throws {
        // The gate's golden test expects Product's `name`: the renamed candidate fails it.
        let candidate = try Self.candidate(Self.renamed)
        let app = try buildApplication(Self.configuration(shadow: candidate.path, gate: Fixture.gate))
        try await app.test(.router) { client in
            let live = try await client.get("/v1/catalog").json["revision"]
            let refused = try await client.post("/v1/shadow/promote", json: "")
            #expect(refused.status == .unprocessableContent)
            let problem = try refused.problem
            #expect(problem.type == problemType("reload-failed"))
            #expect(problem["revision"] == live)
            #expect(problem["lastReloadError"]?["trigger"] == "promote")
            #expect(problem["lastReloadError"]?["diagnostics"]?.array?.first?["code"] == "golden-test-failed")
            let r3 = try await client.get("/v1/catalog")
            #expect(try r3.json["revision"] == live)
            let r4 = try await client.post("/v1/decode/Product", json: Self.product)
            #expect(try r4.json["name"] == "Lamp")
            let r5 = try await client.get("/v1/shadow")
            #expect(try r5.json["candidate"] != .null)

            // A candidate that passes goes live.
            try candidate.write(
                "shop.yaml",
                try candidate.read("shop.yaml").replacingOccurrences(
                    of: "      title: { type: string, key: name }\n", with: "      name: string\n      color: string\n"))
            let r6 = try await client.post("/v1/reload", json: "")
            #expect(try r6.json["shadow"]?["status"] == "loaded")
            let promoted = try await client.post("/v1/shadow/promote", json: "")
            #expect(promoted.status == .ok)
            #expect(try promoted.json["status"] == "promoted")
            let listing = try await client.post("/v1/decode/Product", json: #"{"sku": "A1", "color": "red"}"#)
            #expect(try listing.json["color"] == "red")
        }
    }

    /// With `--watch`, an edit of the candidate's files reloads the candidate (not the live
    /// catalog), and the comparisons from then on are the new candidate's.
    @Test func theCandidateReloadsUnderWatch() async throws {
        let candidate = try Self.candidate()
        var configuration = Self.configuration(shadow: candidate.path)
        configuration.watch = true
        configuration.watchInterval = .milliseconds(50)
        let app = try buildApplication(configuration)
        try await app.test(.live) { client in
            let live = try await client.get("/v1/catalog").json["revision"]
            let before = try await client.get("/v1/shadow").json["candidate"]?["revision"]
            try candidate.write("shop.yaml", Self.renamed(try candidate.read("shop.yaml")))
            var after = before
            for _ in 0..<200 where after == before {
                try await Task.sleep(for: .milliseconds(25))
                after = try await client.get("/v1/shadow").json["candidate"]?["revision"]
            }
            #expect(after != nil && after != before)
            #expect(try await client.get("/v1/catalog").json["revision"] == live)
            try await client.post("/v1/decode/Product", json: Self.product)
            let report = try await Self.report(client) { Self.counts($0, "decode", "Product") != nil }
            #expect(Self.counts(report, "decode", "Product")?["differences"] == ["name": 1])
        }
    }

    @Test func aCandidateThatDoesNotLoadIsReportedNotServed() async throws {
        let candidate = try Self.candidate { $0.replacingOccurrences(of: "status: Status", with: "status: Statsu") }
        let app = try buildApplication(Self.configuration(shadow: candidate.path))
        try await app.test(.router) { client in
            let response = try await client.post("/v1/decode/Product", json: Self.product)
            #expect(response.status == .ok)
            let report = try await client.get("/v1/shadow").json
            #expect(report["candidate"] == .null)
            #expect(report["lastLoadError"]?["errors"] == 1)
            #expect(report["lastLoadError"]?["diagnostics"]?.array?.first { $0["severity"] == "error" }?["code"] == "unknown-type")
            let r7 = try await client.post("/v1/shadow/promote", json: "")
            #expect(r7.status == .conflict)
            // Fixed, and reloaded.
            try candidate.write("shop.yaml", try candidate.read("shop.yaml").replacingOccurrences(of: "Statsu", with: "Status"))
            let reload = try await client.post("/v1/reload", json: "")
            #expect(try reload.json["status"] == "unchanged")
            #expect(try reload.json["shadow"]?["status"] == "loaded")
            let r8 = try await client.get("/v1/shadow")
            #expect(try r8.json["lastLoadError"] == .null)
        }
    }

    @Test func theShadowEndpointsTakeTheAdminToken() async throws {
        let candidate = try Self.candidate()
        let app = try buildApplication(Self.configuration(shadow: candidate.path, adminToken: "admin-token"))
        try await app.test(.router) { client in
            let r9 = try await client.get("/v1/shadow")
            #expect(r9.status == .unauthorized)
            let r10 = try await client.post("/v1/shadow/promote", json: "")
            #expect(r10.status == .unauthorized)
            let admin: HTTPFields = [.authorization: "Bearer admin-token", .contentType: "application/json"]
            let r11 = try await client.get("/v1/shadow", headers: admin)
            #expect(r11.status == .ok)
            let r12 = try await client.post("/v1/shadow/promote", json: "", headers: admin)
            #expect(r12.status == .ok)
            // The mapping endpoints stay open.
            let r13 = try await client.post("/v1/decode/Product", json: Self.product)
            #expect(r13.status == .ok)
        }
    }

    @Test func withoutAShadowTheEndpointsSaySo() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.get("/v1/shadow")
            #expect(response.status == .conflict)
            #expect(try response.problem.type == problemType("no-shadow"))
        }
    }
}
