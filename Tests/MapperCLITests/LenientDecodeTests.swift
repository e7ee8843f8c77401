import Foundation
import Testing

/// `on_error` through the binary: warnings on stderr (`warning:` lines, `{"warnings": [...]}`,
/// per NDJSON line), `--strict`, and `mapper validate` refusing what cannot hold. Expected lines
/// are derived from the catalog below (line 6 declares `price`, line 7 `tags`).
struct LenientDecodeTests {
    static let mappings = """
        mapper: 1
        models:
          Product:
            properties:
              sku: { type: string, required: true }
              price: { type: int, on_error: null }
              tags: { type: "[string]", on_error: drop }
        """

    static let priceWarning =
        #"warning: /price (Product.price): expected an integer, found "cheap"; decoded as null (on_error: null) [l.yaml:6:7]"#
    static let tagWarning = "warning: /tags/1 (Product.tags[1]): expected a string, found 7; element left out (on_error: drop) [l.yaml:7:7]"

    let directory: URL

    init() throws {
        directory = try MapperProcess.directory(["l.yaml": Self.mappings])
    }

    private func run(_ arguments: [String], stdin: String) throws -> MapperProcess.Result {
        try MapperProcess.run(arguments + ["--mappings", "l.yaml"], stdin: stdin, in: directory)
    }

    @Test func warningsGoToStderrAndTheDocumentToStdout() throws {
        let result = try run(["decode", "Product"], stdin: #"{"sku":"A1","price":"cheap","tags":["a",7]}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == #"{"sku":"A1","price":null,"tags":["a"]}"# + "\n")
        #expect(result.stderr == Self.priceWarning + "\n" + Self.tagWarning + "\n")
    }

    @Test func aGoodDocumentHasNoWarnings() throws {
        let result = try run(["decode", "Product"], stdin: #"{"sku":"A1","price":2,"tags":["a"]}"#)
        #expect(result.status == 0)
        #expect(result.stdout == #"{"sku":"A1","price":2,"tags":["a"]}"# + "\n")
        #expect(result.stderr.isEmpty)
    }

    @Test func jsonErrorFormatListsWarnings() throws {
        let result = try run(["decode", "Product", "--error-format", "json"], stdin: #"{"sku":"A1","price":"cheap"}"#)
        #expect(result.status == 0)
        #expect(result.stdout == #"{"sku":"A1","price":null}"# + "\n")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any])
        #expect(Set(report.keys) == ["warnings"])
        let warnings = try #require(report["warnings"] as? [[String: String]])
        #expect(
            warnings == [
                [
                    "pointer": "/price", "path": "Product.price", "code": "type-mismatch", "source": "l.yaml:6:7",
                    "message": #"expected an integer, found "cheap"; decoded as null (on_error: null)"#,
                ]
            ])
    }

    @Test func strictMakesThemErrors() throws {
        let result = try run(["decode", "Product", "--strict"], stdin: #"{"sku":"A1","price":"cheap","tags":["a",7]}"#)
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(
            result.stderr == """
                error: /price (Product.price): expected an integer, found "cheap" [l.yaml:6:7]
                error: /tags/1 (Product.tags[1]): expected a string, found 7 [l.yaml:7:7]

                """)
    }

    @Test(arguments: ["1", "3"])
    func ndjsonWarningsCarryTheirLineInOrderWithErrors(_ jobs: String) throws {
        let input =
            [
                #"{"sku":"A1"}"#,
                #"{"sku":"A2","price":"cheap"}"#,
                #"{"price":1}"#,
                #"{"sku":"A4","tags":["a",7]}"#,
            ].joined(separator: "\n") + "\n"
        let result = try run(["decode", "Product", "--ndjson", "--keep-going", "--jobs", jobs], stdin: input)
        #expect(result.status == 1)
        #expect(result.stdout == #"{"sku":"A1"}"# + "\n" + #"{"sku":"A2","price":null}"# + "\n" + #"{"sku":"A4","tags":["a"]}"# + "\n")
        #expect(
            result.stderr == """
                line 2: \(Self.priceWarning)
                line 3: error: /sku (Product.sku): required key 'sku' is missing [l.yaml:5:7]
                line 4: \(Self.tagWarning)

                """)
    }

    @Test func ndjsonJSONWarningsOnePerLine() throws {
        let input = #"{"sku":"A1","price":"x"}"# + "\n" + #"{"sku":"A2"}"# + "\n" + #"{"sku":"A3","tags":[1]}"# + "\n"
        let result = try run(["decode", "Product", "--ndjson", "--error-format", "json"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 2)
        let reports = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(reports.map { $0["line"] as? Int } == [1, 3])
        #expect(reports.map { ($0["warnings"] as? [[String: String]])?.map { $0["pointer"] ?? "" } } == [["/price"], ["/tags/0"]])
    }

    @Test func convertDecodesLenientlyToo() throws {
        let result = try run(["convert", "Product", "Product"], stdin: #"{"sku":"A1","price":"cheap"}"#)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == Self.priceWarning + "\n")
    }

    @Test func validateRefusesOnErrorThatCannotHold() throws {
        let directory = try MapperProcess.directory([
            "bad.yaml": """
            mapper: 1
            models:
              Product:
                properties:
                  sku: { type: string, required: true, on_error: null }
                  price: { type: int, on_error: default }
            """
        ])
        let result = try MapperProcess.run(["validate", "bad.yaml"], in: directory)
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                bad.yaml:5:44: error: 'on_error: null' does not apply to property 'sku' of model 'Product': a required property is never null; remove 'required', or remove 'on_error' [invalid-on-error]
                bad.yaml:6:27: error: 'on_error: default' does not apply to property 'price' of model 'Product': it has no default; add 'default: …', or use 'on_error: null' [invalid-on-error]
                2 errors, 0 warnings

                """)
    }
}
