import Foundation
import HTTPTypes
import HummingbirdTesting
import MapperService
import Testing

/// `?partial=true` on `/v1/decode`, `/v1/encode` and `/v1/merge` (docs/language/partial.md).
struct PartialEndpointTests {
    @Test func decodeAndEncodePartialDocuments() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let whole = try await client.post("/v1/decode/Product", json: #"{"name": "Lamp"}"#)
            #expect(whole.status == .unprocessableContent)
            let partial = try await client.post("/v1/decode/Product?partial=true", json: #"{"name": "Lamp"}"#)
            #expect(partial.status == .ok)
            #expect(partial.text == #"{"name":"Lamp"}"#)
            // The next request on the same (cached) session reads whole documents again.
            #expect(try await client.post("/v1/decode/Product", json: #"{"name": "Lamp"}"#).status == .unprocessableContent)
            let encoded = try await client.post("/v1/encode/Product?partial=true", json: #"{"price": 2}"#)
            #expect(encoded.status == .ok)
            #expect(encoded.text == #"{"price":2}"#)
        }
    }

    @Test func mergeAPatch() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let body = #"{"target": {"sku": "A1", "name": "Lamp"}, "source": {"name": "Desk lamp"}}"#
            #expect(try await client.post("/v1/merge/Product", json: body).status == .unprocessableContent)
            let merged = try await client.post("/v1/merge/Product?partial=true", json: body)
            #expect(merged.status == .ok)
            #expect(merged.text == #"{"sku":"A1","name":"Desk lamp"}"#)
        }
    }
}
