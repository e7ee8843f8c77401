import Foundation
import Testing

@testable import MapperKit

extension RuntimeTests {
    /// The catalog's lookup tables (`tables:`): inline or read from CSV, JSON and NDJSON files
    /// next to the mapping file, used in expressions as `tables.NAME[key]` and `key in tables.NAME`.
    /// Expected values are the tables' own rows.
    struct TableTests {
        static let mapping = """
            mapper: 1
            tables:
              country_names: { file: countries.csv, key: code, value: name }
              countries: { file: countries.csv, key: code, types: { digits: int } }
              currency_digits: { values: { usd: 2, jpy: 0, bhd: 3 } }
              regions: { file: regions.json }
              cities: { file: cities.json, key: id, value: name }
              capitals: { file: capitals.ndjson, key: country }
            models:
              Address:
                properties:
                  code: { type: string, required: true }
                  country: { type: string, decode: "tables.country_names[self.code]" }
                  known: { type: bool, decode: "self.code in tables.country_names" }
                  digits: { type: int, decode: "tables.countries[self.code].digits + 1" }
                  region: { type: string, decode: "self.code in tables.regions ? tables.regions[self.code] : 'elsewhere'" }
                  capital: { type: string, decode: "tables.capitals[self.code].city" }
              Money:
                properties:
                  currency: { type: string, required: true }
                  digits: { type: int, decode: "tables.currency_digits[self.currency]" }
              City:
                properties:
                  id: { type: int, required: true }
                  name: { type: string, decode: "tables.cities[string(self.id)]" }
            """

        static let files: [String: String] = [
            "countries.csv": "code,name,digits\nde,Germany,2\njp,Japan,0\n\"bh\",\"Bahrain, Kingdom of\",3\n",
            "regions.json": #"{"de": "Europe", "jp": "Asia"}"#,
            "cities.json": "[\n  {\"id\": 1, \"name\": \"Berlin\"},\n  {\"id\": 2, \"name\": \"Tokyo\"}\n]\n",
            "capitals.ndjson":
                "{\"country\": \"de\", \"city\": \"Berlin\"}\n\n{\"country\": \"jp\", \"city\": \"Tokyo\"}\n{\"country\": \"bh\", \"city\": \"Manama\"}\n",
        ]

        /// A folder holding `tables.yaml` and `files`.
        static func folder(_ mapping: String = mapping, files: [String: String] = files) throws -> URL {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tables-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try mapping.write(to: folder.appendingPathComponent("tables.yaml"), atomically: true, encoding: .utf8)
            for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
            return folder
        }

        private static func decode(_ catalog: Catalog, _ json: String, as model: String) throws -> String {
            var session = MappingSession(catalog: catalog)
            return String(decoding: try session.decodeToCanonical(Array(json.utf8), as: model), as: UTF8.self)
        }

        @Test func lookupsInEveryFormat() throws {
            let catalog = try Catalog(paths: [try Self.folder().path])
            #expect(
                try Self.decode(catalog, #"{"code":"de"}"#, as: "Address")
                    == #"{"code":"de","country":"Germany","known":true,"digits":3,"region":"Europe","capital":"Berlin"}"#)
            #expect(
                try Self.decode(catalog, #"{"code":"bh"}"#, as: "Address")
                    == #"{"code":"bh","country":"Bahrain, Kingdom of","known":true,"digits":4,"region":"elsewhere","capital":"Manama"}"#)
            #expect(try Self.decode(catalog, #"{"currency":"jpy"}"#, as: "Money") == #"{"currency":"jpy","digits":0}"#)
            #expect(try Self.decode(catalog, #"{"id":2}"#, as: "City") == #"{"id":2,"name":"Tokyo"}"#)
        }

        @Test func aMissingKeyIsAnExpressionErrorAtTheProperty() throws {
            let catalog = try Catalog(paths: [try Self.folder().path])
            let error = try #require(FunctionTests.errors(catalog, #"{"currency":"eur"}"#, as: "Money").first)
            #expect(error.code == .expressionFailed)
            #expect(error.pointer == "/digits")
            #expect(error.message.contains("no such key: \"eur\""))
        }

        @Test func anUnknownTableIsALoadErrorWithTheColumn() throws {
            let mapping = Self.mapping.replacingOccurrences(
                of: "tables.currency_digits[self.currency]", with: "tables.currency_digit[self.currency]")
            let check = Catalog.check(paths: [try Self.folder(mapping).path])
            let messages = check.diagnostics.map(\.message)
            #expect(check.diagnostics.map(\.code) == ["invalid-expression"])
            #expect(messages.first?.contains("tables has no field 'currency_digit' (did you mean 'currency_digits'?) at column 8") == true)
        }

        @Test func tableFilesAreCheckedAtTheirLines() throws {
            var files = Self.files
            files["countries.csv"] = "code,name,digits\nde,Germany,2\njp,Japan,zero\n"
            files["cities.json"] = "[\n  {\"id\": 1, \"name\": \"Berlin\"},\n  {\"name\": \"Tokyo\"}\n]\n"
            files["capitals.ndjson"] = "{\"country\": \"de\", \"city\": \"Berlin\"}\n{\"country\": \"de\", \"city\": \"Bonn\"}\n"
            let folder = try Self.folder(files: files)
            let check = Catalog.check(paths: [folder.path])
            let found = check.diagnostics.map { "\(URL(fileURLWithPath: $0.file).lastPathComponent):\($0.line) \($0.code)" }
            #expect(
                Set(found) == [
                    "countries.csv:3 invalid-table-cell", "cities.json:3 missing-table-column", "capitals.ndjson:2 duplicate-table-key",
                ])
            #expect(check.diagnostics.contains { $0.message.contains("the cell 'zero' of column 'digits' is not an int") })
        }

        @Test func theRevisionCoversTheTableFiles() throws {
            let folder = try Self.folder()
            let before = try Catalog(paths: [folder.path])
            try "{\"de\": \"Europa\", \"jp\": \"Asia\"}".write(
                to: folder.appendingPathComponent("regions.json"), atomically: true, encoding: .utf8)
            let after = try Catalog(paths: [folder.path])
            #expect(before.revision != after.revision)
            #expect(try Self.decode(after, #"{"code":"de"}"#, as: "Address").contains(#""region":"Europa""#))
            #expect(
                after.tableFiles.map { URL(fileURLWithPath: $0).lastPathComponent }.sorted() == [
                    "capitals.ndjson", "cities.json", "countries.csv", "countries.csv", "regions.json",
                ])
        }

        @Test func csvQuotingLineEndsAndEmptyCells() throws {
            var rows: [[String]] = []
            var lines: [Int] = []
            try CSV.records(Array("a,b\r\n\"x, \"\"y\"\"\",\n\n\"multi\nline\",z\n".utf8)) { (cells, line) throws(TableProblem) in
                rows.append(cells)
                lines.append(line)
            }
            #expect(rows == [["a", "b"], ["x, \"y\"", ""], ["multi\nline", "z"]])
            #expect(lines == [1, 2, 4])
        }
    }
}
