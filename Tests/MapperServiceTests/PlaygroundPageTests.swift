import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import InMemoryLogging
import Logging
import MapperService
import MapperTestSupport
import Testing

/// `GET /playground`: the page, the CodeMirror files it loads from Debian's libjs-codemirror (as
/// installed, byte for byte), and a page saying what is missing when they are not there.
struct PlaygroundPageTests {
    /// What the page loads from CodeMirror: the editor, the YAML and JSON modes, the lint add-on.
    static let codeMirror = [
        "lib/codemirror.js", "lib/codemirror.css", "mode/yaml/yaml.js", "mode/javascript/javascript.js", "addon/lint/lint.js",
    ]

    @Test func thePageLoadsCodeMirrorFromThisServer() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            let page = try await client.get("/playground")
            #expect(page.status == .ok)
            #expect(page.headers[.contentType] == "text/html; charset=utf-8")
            #expect(page.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'self'") == true)
            #expect(!page.text.contains("<!-- codemirror -->"))
            #expect(!page.text.contains("http://") && !page.text.contains("https://"), "the page must work offline")
            for file in Self.codeMirror {
                #expect(page.text.contains("\"playground/codemirror/\(file)\""), "\(file)")
                let asset = try await client.get("/playground/codemirror/" + file)
                #expect(asset.status == .ok, "\(file)")
                let installed = try Data(contentsOf: URL(fileURLWithPath: "/usr/share/javascript/codemirror/" + file))
                #expect(Data(asset.body.readableBytesView) == installed, "\(file)")
                #expect(asset.headers[.contentType]?.hasPrefix(file.hasSuffix(".css") ? "text/css" : "text/javascript") == true)
            }
            for file in ["playground.js", "playground.css"] {
                #expect(page.text.contains("\"playground/\(file)\""))
                let asset = try await client.get("/playground/" + file)
                #expect(asset.status == .ok && asset.body.readableBytes > 1000, "\(file)")
            }
        }
    }

    @Test func onlyTheListedFilesAreServed() async throws {
        let app = try buildApplication(.testing())
        try await app.test(.router) { client in
            for path in [
                "/playground/codemirror/lib/../../../../etc/passwd", "/playground/codemirror/mode/python/python.js", "/playground/other.js",
            ] {
                let response = try await client.get(path)
                #expect(response.status == .notFound, "\(path)")
            }
            let post = try await client.execute(uri: "/playground", method: .post)
            #expect(post.status == .methodNotAllowed)
        }
    }

    @Test func withoutCodeMirrorThePageSaysWhatToInstall() async throws {
        let handler = InMemoryLogHandler()
        var configuration = ServiceConfiguration.testing(logger: Logger(label: "mapper-test") { _ in handler })
        configuration.codeMirrorDirectory = "/nonexistent/codemirror"
        let app = try buildApplication(configuration)
        // Said once, at startup, before anyone opens the page.
        let warnings = handler.entries.filter { $0.level == .warning }.map(\.message.description)
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("apt-get install libjs-codemirror") == true)
        try await app.test(.router) { client in
            let page = try await client.get("/playground")
            #expect(page.status == .serviceUnavailable)
            #expect(page.text.contains("libjs-codemirror (apt-get install libjs-codemirror)"))
            #expect(page.text.contains("/nonexistent/codemirror/lib/codemirror.css"))
            let asset = try await client.get("/playground/codemirror/lib/codemirror.js")
            #expect(asset.status == .notFound)
            // The rest of the service is unaffected.
            let tried = try await client.post("/v1/try", json: #"{"model": "Product", "input": "{}"}"#)
            #expect(tried.status == .ok)
        }
    }

    @Test func thePageIsOpenWhenTheAPIIsNot() async throws {
        let app = try buildApplication(.testing(token: "client", adminToken: "admin"))
        try await app.test(.router) { client in
            let page = try await client.get("/playground")
            #expect(page.status == .ok)
            let script = try await client.get("/playground/playground.js")
            #expect(script.status == .ok)
            let api = try await client.get("/v1/try")
            #expect(api.status == .unauthorized)
        }
    }
}
