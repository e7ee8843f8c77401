import HTTPTypes
import Hummingbird
import HummingbirdTesting
import MapperService
import MapperTestSupport
import Testing

/// `GET /metrics`: Prometheus text with requests, latencies, errors, reloads and upstream drift.
struct MetricsTests {
    @Test func requestsAreCountedByEndpointModelAndStatus() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            try await client.post("/v1/decode/Product", json: #"{"sku": "A1"}"#)
            try await client.post("/v1/decode/Product", json: #"{"sku": "A2"}"#)
            try await client.post("/v1/decode/Product", json: #"{"sku": 3}"#)
            try await client.post("/v1/decode/NoSuchModel", json: "{}")
            let response = try await client.get("/metrics")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/plain; version=0.0.4; charset=utf-8")
            let text = response.text
            #expect(text.contains(#"mapper_http_requests_total{endpoint="/v1/decode/{model}",model="Product",status="200"} 2"#))
            #expect(text.contains(#"mapper_http_requests_total{endpoint="/v1/decode/{model}",model="Product",status="422"} 1"#))
            #expect(text.contains(#"mapper_http_errors_total{endpoint="/v1/decode/{model}",model="Product",status="422"} 1"#))
            // An unknown model is not a label value.
            #expect(text.contains(#"mapper_http_requests_total{endpoint="/v1/decode/{model}",model="",status="404"} 1"#))
            #expect(!text.contains("NoSuchModel"))
            #expect(
                text.contains(#"mapper_http_request_duration_seconds_count{endpoint="/v1/decode/{model}",model="Product",status="200"} 2"#))
            #expect(
                text.contains(
                    #"mapper_http_request_duration_seconds_bucket{endpoint="/v1/decode/{model}",model="Product",status="200",le="+Inf"} 2"#)
            )
        }
    }

    @Test func unknownPathsShareOneSeries() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            for index in 0..<5 { try await client.get("/random/\(index)") }
            let text = try await client.get("/metrics").text
            #expect(text.contains(#"mapper_http_requests_total{endpoint="NotFound",model="",status="404"} 5"#))
            #expect(!text.contains("/random/"))
        }
    }

    @Test func driftIsCounted() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            try await client.post("/v1/decode/Product", json: #"{"sku": "A1", "colour": "red", "weight": 2, "status": "discontinued"}"#)
            try await client.post("/v1/decode/Product", json: #"[{"sku": "A2", "colour": "blue", "status": "discontinued"}]"#)
            let text = try await client.get("/metrics").text
            #expect(text.contains(#"mapper_unknown_keys_total{model="Product",key="colour"} 2"#), "\(text)")
            #expect(text.contains(#"mapper_unknown_keys_total{model="Product",key="weight"} 1"#))
            #expect(text.contains(#"mapper_enum_fallback_total{enum="Status",value="discontinued"} 2"#))
        }
    }

    @Test func driftLabelsAreCapped() async throws {
        let app = try buildApplication(.testing(maxBodySize: 1 << 20))
        try await app.test(.router) { client in
            let keys = (0..<150).map { #""k\#($0)": 1"# }.joined(separator: ", ")
            try await client.post("/v1/decode/Product", json: #"{"sku": "A1", \#(keys)}"#)
            try await client.post("/v1/decode/Product", json: #"{"sku": "A1", "k149": 1, "k0": 1}"#)
            let text = try await client.get("/metrics").text
            let series = text.split(separator: "\n").filter { $0.hasPrefix("mapper_unknown_keys_total{") }
            #expect(series.count == 101)
            #expect(text.contains(#"mapper_unknown_keys_total{model="Product",key="other"} 51"#))
            #expect(text.contains(#"mapper_unknown_keys_total{model="Product",key="k0"} 2"#))
        }
    }

    @Test func reloadsAreCounted() async throws {
        let catalog = try TemporaryDirectory(copying: Fixture.shopCatalog)
        let app = try buildApplication(.testing([catalog.path]))
        try await app.test(.router) { client in
            try await client.post("/v1/reload", json: "")
            try catalog.write("broken.yaml", "mapper: 1\nmodels: 3\n")
            try await client.post("/v1/reload", json: "")
            try catalog.write("broken.yaml", "mapper: 1\n")
            try await client.post("/v1/reload", json: "")
            let text = try await client.get("/metrics").text
            #expect(text.contains(#"mapper_reloads_total{result="unchanged"} 1"#))
            #expect(text.contains(#"mapper_reloads_total{result="failure"} 1"#))
            #expect(text.contains(#"mapper_reloads_total{result="success"} 1"#))
        }
    }
}
