import Foundation
import HTTPTypes
import HummingbirdTesting
import MapperService
import Testing

/// `?omit=nulls|empty` on `/v1/encode` and `/v1/convert` (docs/language/omit.md): the run's
/// setting where the catalog says nothing, for that request only.
struct OmitEndpointTests {
    @Test func encodeLeavesOutNullsForThisRequestOnly() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let body = #"{"sku": "A1", "price": null, "ownerLogin": null}"#
            let omitted = try await client.post("/v1/encode/Product?omit=nulls", json: body)
            #expect(omitted.status == .ok)
            // `owner` only held the null login: the intermediate object goes too.
            #expect(omitted.text == #"{"sku":"A1"}"#)
            // The next request on the same (cached) session writes its nulls again.
            let written = try await client.post("/v1/encode/Product", json: body)
            #expect(written.text == #"{"sku":"A1","price":null,"owner":{"login":null}}"#)
        }
    }

    @Test func convertTakesOmitToo() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/convert/Product/Listing?omit=empty", json: #"{"sku": "A1", "name": ""}"#)
            #expect(response.status == .ok)
            #expect(response.text == #"{"sku":"A1"}"#)
        }
    }

    @Test func anUnknownPolicyIsABadRequest() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let response = try await client.post("/v1/encode/Product?omit=null", json: #"{"sku": "A1"}"#)
            #expect(response.status == .badRequest)
            #expect(response.text.contains("omit 'null' must be never, nulls or empty"))
        }
    }
}
