import MapperKit
import Testing
@testable import MapperImport

/// The examples of RFC 9535 (JSONPath), §1.5 Table 2 and Table 3, on its bookstore document; the
/// expected nodes are the RFC's own.
struct JSONPathTests {
    static let bookstore: JSONValue = {
        let text = """
            { "store": {
                "book": [
                  { "category": "reference", "author": "Nigel Rees", "title": "Sayings of the Century", "price": 8.95 },
                  { "category": "fiction", "author": "Evelyn Waugh", "title": "Sword of Honour", "price": 12.99 },
                  { "category": "fiction", "author": "Herman Melville", "title": "Moby Dick", "isbn": "0-553-21311-3", "price": 8.99 },
                  { "category": "fiction", "author": "J. R. R. Tolkien", "title": "The Lord of the Rings", "isbn": "0-395-19395-8", "price": 22.99 }
                ],
                "bicycle": { "color": "red", "price": 399 }
              }
            }
            """
        return try! JSONValue(parsing: Array(text.utf8))
    }()

    func titles(_ query: String) throws -> [String] {
        try JSONPath(query).select(in: Self.bookstore).compactMap {
            if case .string(let title)? = $0.value["title"] { return title }
            return nil
        }
    }

    func paths(_ query: String) throws -> [String] {
        try JSONPath(query).select(in: Self.bookstore).map { JSONPath.normalized($0.path) }
    }

    @Test func theRFCsBookstoreExamplesSelectWhatTheRFCSays() throws {
        let authors = try JSONPath("$.store.book[*].author").select(in: Self.bookstore).map(\.value)
        #expect(authors == ["Nigel Rees", "Evelyn Waugh", "Herman Melville", "J. R. R. Tolkien"])
        #expect(try JSONPath("$..author").select(in: Self.bookstore).count == 4)
        #expect(try paths("$.store.*") == ["$['store']['book']", "$['store']['bicycle']"])
        let prices = try JSONPath("$.store..price").select(in: Self.bookstore).map(\.value)
        #expect(
            Set(prices)
                == Set([
                    .number(JSONNumber("8.95")!), .number(JSONNumber("12.99")!), .number(JSONNumber("8.99")!),
                    .number(JSONNumber("22.99")!), 399,
                ]))
        #expect(try titles("$..book[2]") == ["Moby Dick"])
        #expect(try paths("$..book[2].author") == ["$['store']['book'][2]['author']"])
        #expect(try paths("$..book[2].publisher").isEmpty)
        #expect(try titles("$..book[-1]") == ["The Lord of the Rings"])
        #expect(try titles("$..book[0,1]") == ["Sayings of the Century", "Sword of Honour"])
        #expect(try titles("$..book[:2]") == ["Sayings of the Century", "Sword of Honour"])
        #expect(try paths("$..book[?@.isbn]") == ["$['store']['book'][2]", "$['store']['book'][3]"])
        #expect(try titles("$..book[?@.price<10]") == ["Sayings of the Century", "Moby Dick"])
        // `$..*`: every member value and array element of the document (RFC: 27 nodes).
        #expect(try JSONPath("$..*").select(in: Self.bookstore).count == 27)
    }

    /// RFC 9535 §2.3.5.3 (filter examples), on its document `{"a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}], "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}}, "e": "f"}`.
    @Test func filtersFollowTheRFCsComparisonRules() throws {
        let document: JSONValue = [
            "a": [3, 5, 1, 2, 4, 6, ["b": "j"], ["b": "k"], ["b": [:]], ["b": "kilo"]],
            "o": ["p": 1, "q": 2, "r": 3, "s": 5, "t": ["u": 6]],
            "e": "f",
        ]
        func select(_ query: String) throws -> [JSONValue] { try JSONPath(query).select(in: document).map(\.value) }
        #expect(try select("$.a[?@.b == 'kilo']") == [["b": "kilo"]])
        #expect(try select("$.a[?(@.b == 'kilo')]") == [["b": "kilo"]])
        #expect(try select("$.a[?@>3.5]") == [5, 4, 6])
        #expect(try select("$.a[?@.b]") == [["b": "j"], ["b": "k"], ["b": [:]], ["b": "kilo"]])
        #expect(try select("$[?@.*]") == [document["a"]!, document["o"]!])
        #expect(try select("$[?@[?@.b]]") == [document["a"]!])
        #expect(try select("$.o[?@<3, ?@<3]") == [1, 2, 1, 2])
        #expect(try select("$.a[?@<2 || @.b == \"k\"]") == [1, ["b": "k"]])
        #expect(try select("$.o[?@>1 && @<4]") == [2, 3])
        #expect(try select("$.o[?@.u || @.x]") == [["u": 6]])
        #expect(try select("$.a[?@.b == $.x]") == [3, 5, 1, 2, 4, 6])
        #expect(try select("$.a[?@ == @]").count == 10)
        #expect(try select("$.a[?!@.b]") == [3, 5, 1, 2, 4, 6])
    }

    @Test func overlayStylesOfNamesAllSelectTheSameNode() throws {
        let document: JSONValue = ["paths": ["/users/{user_id}": ["get": ["x-speakeasy-group": "users"]]]]
        for query in [
            #"$["paths"]["/users/{user_id}"]["get"]"#, "$.paths['/users/{user_id}'].get", "$.paths.*.get",
            "$..get", "$.paths[?@.get['x-speakeasy-group'] == 'users'].get", "$.paths.*[?@.x-speakeasy-group]",
        ] {
            let nodes = try JSONPath(query).select(in: document)
            #expect(nodes.map { JSONPath.normalized($0.path) } == ["$['paths']['/users/{user_id}']['get']"], "\(query)")
        }
    }

    @Test(arguments: [
        ("paths.x", 1, "starts with '$'"),
        ("$.paths[?@.x ==]", 16, "expected '@', '$', a string"),
        ("$.paths['/a'", 13, "never closed"),
        ("$.paths['/a]", 9, "never closed"),
        ("$.a[?@.b == x]", 13, "'x' is not a value"),
        ("$.a[?length(@.b) > 1]", 6, "function 'length()' is not supported"),
        ("$.a[?@.b & @.c]", 10, "use '&&'"),
        ("$.a[?@..b == 1]", 6, "at most one node"),
        ("$.a[01]", 5, "without leading zeros"),
        ("$.a b", 4, "unexpected ' '"),
    ])
    func syntaxErrorsNameTheColumn(query: String, column: Int, words: String) {
        #expect {
            _ = try JSONPath(query)
        } throws: { error in
            guard let error = error as? JSONPath.SyntaxError else { return false }
            return error.column == column && error.message.contains(words)
        }
    }
}
