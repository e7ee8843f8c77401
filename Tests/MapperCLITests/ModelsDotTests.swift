import Foundation
import MapperTestSupport
import Testing

/// `mapper models --format dot`: the graph read back by Graphviz itself (`dot -Tjson`), and its
/// nodes and edges checked against the catalog.
struct ModelsDotTests {
    static let catalog = """
        mapper: 1
        models:
          Order:
            properties:
              customer: Customer
              lines: "[Line]"
              payer: "[Customer] | Company"
              tags: "[string]"
          Customer:
            properties: { name: string }
          Company:
            properties: { name: string }
          Line:
            properties: { sku: string }
          Event:
            properties: { type: string }
            variants: { by: type, cases: { push: PushEvent }, fallback: OtherEvent }
          PushEvent:
            extends: Event
            properties: { ref: string }
          OtherEvent:
            extends: Event
            properties: { note: string }
          ApiError:
            properties: { message: string }
        routes:
          error_model: ApiError
          paths:
            /orders/#: Order
            GET /events: Event
        """

    /// Node names and attributes and, per edge, `tail[:port] -> head class "label"`.
    struct Read {
        var nodes: [String: [String: Any]] = [:]
        var edges: Set<String> = []
    }

    /// What Graphviz's `dot -TFORMAT` makes of the graph.
    static func graphviz(_ dot: String, format: String) throws -> String {
        let graphviz = try #require(
            ["/usr/bin/dot", "/usr/local/bin/dot"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "Graphviz's dot is needed: script/bootstrap installs it")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: graphviz)
        process.arguments = ["-T" + format]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        try input.fileHandleForWriting.write(contentsOf: Data(dot.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "dot could not read the graph")
        return String(decoding: data, as: UTF8.self)
    }

    /// The graph as Graphviz reads it (`dot -Tjson`).
    static func read(_ dot: String) throws -> Read {
        let json = try graphviz(dot, format: "json")
        let graph = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        var read = Read()
        let objects = graph["objects"] as? [[String: Any]] ?? []
        for object in objects { read.nodes[object["name"] as? String ?? ""] = object }
        for edge in graph["edges"] as? [[String: Any]] ?? [] {
            let tail = objects[edge["tail"] as? Int ?? 0]["name"] as? String ?? ""
            let head = objects[edge["head"] as? Int ?? 0]["name"] as? String ?? ""
            let port = (edge["tailport"] as? String).map { ":" + $0 } ?? ""
            read.edges.insert("\(tail)\(port) -> \(head) \(edge["class"] as? String ?? "") \"\(edge["label"] as? String ?? "")\"")
        }
        return read
    }

    @Test func everyKindOfEdgeIsDrawn() throws {
        let directory = try MapperProcess.directory(["m.yaml": Self.catalog])
        let result = try MapperProcess.run(["models", "--format", "dot", "--mappings", "m.yaml"], in: directory)
        #expect(result.status == 0, "\(result.stderr)")
        let graph = try Self.read(result.stdout)
        let models = ["Order", "Customer", "Company", "Line", "Event", "PushEvent", "OtherEvent", "ApiError"]
        #expect(Set(graph.nodes.keys.filter { $0.hasPrefix("model:") }) == Set(models.map { "model:" + $0 }))
        let routes = graph.nodes.filter { $0.key.hasPrefix("route:") }
        #expect(routes.count == 3)
        func route(_ label: String) -> String { routes.first { $0.value["label"] as? String == label }?.key ?? "no route '\(label)'" }
        let errors = routes.first { ($0.value["label"] as? String)?.hasPrefix("error responses (m.yaml") == true }?.key ?? "no error node"
        #expect(
            graph.edges == [
                // Rows count the model's own properties from 0: customer, lines, payer, tags.
                "model:Order:p0:e -> model:Customer property \"\"",
                "model:Order:p1:e -> model:Line property \"\"",
                "model:Order:p2:e -> model:Customer union \"\"",
                "model:Order:p2:e -> model:Company union \"\"",
                "model:PushEvent -> model:Event extends \"\"",
                "model:OtherEvent -> model:Event extends \"\"",
                #"model:Event -> model:PushEvent variant "type = "push"""#,
                "model:Event -> model:OtherEvent variant \"otherwise\"",
                "\(route("/orders/#")) -> model:Order route \"\"",
                "\(route("GET /events")) -> model:Event route \"\"",
                "\(errors) -> model:ApiError route \"status ≥ 400\"",
            ])
    }

    @Test func aModelShowsItsOwnPropertiesOnly() throws {
        let directory = try MapperProcess.directory(["m.yaml": Self.catalog])
        let dot = try MapperProcess.run(["models", "--format", "dot", "--mappings", "m.yaml"], in: directory).stdout
        let graph = try Self.read(dot)
        let label = try #require(graph.nodes["model:PushEvent"]?["label"] as? String)
        #expect(label.contains("ref: string"))
        #expect(!label.contains("type: string"), "inherited properties are drawn on the base model")
        #expect((graph.nodes["model:Order"]?["label"] as? String)?.contains("payer: [Customer] | Company") == true)
    }

    @Test func quotesAndBackslashesAreDrawnAsWritten() throws {
        let directory = try MapperProcess.directory([
            "m.yaml": #"""
            mapper: 1
            models:
              Thing:
                doc: 'A "quoted" <thing> & a \ backslash'
                properties: { kind: string }
                variants: { by: kind, cases: { 'say "hi" \ bye': Other } }
              Other:
                extends: Thing
                properties: { x: string }
            """#
        ])
        let dot = try MapperProcess.run(["models", "--format", "dot", "--mappings", "m.yaml"], in: directory).stdout
        let svg = try Self.graphviz(dot, format: "svg")
        func unescaped(_ text: Substring) -> String {
            text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
                .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
        }
        let texts = svg.matches(of: /<text[^>]*>([^<]*)<\/text>/).map { unescaped($0.1) }
        let titles = svg.matches(of: /xlink:title="([^"]*)"/).map { unescaped($0.1) }
        // The case's value as JSON, and the doc as written.
        #expect(texts.contains(#"kind = "say \"hi\" \\ bye""#), "\(texts)")
        #expect(titles.contains(#"A "quoted" <thing> & a \ backslash"#), "\(titles)")
    }
}
