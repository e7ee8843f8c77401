import Foundation
import MapperKit
import Testing

/// `mapper merge`, `diff`, `archive`, `unarchive` and `schema`, run as a user would, against the
/// small catalog of Examples/behaviors.
struct BehaviorCommandTests {
    static let mappings = ["--mappings", "Examples/behaviors/Mappings"]

    func run(_ arguments: [String], files: [String: String] = [:]) throws -> MapperProcess.Result {
        let directory = try MapperProcess.directory(files)
        let absolute = arguments.map { files[$0] != nil ? directory.appendingPathComponent($0).path : $0 }
        return try MapperProcess.run(absolute + Self.mappings)
    }

    @Test func mergePrintsTheMergedCanonicalJSON() throws {
        let result = try run(
            ["merge", "Tally", "t.json", "s.json"],
            files: ["t.json": #"{"name":"foo","count":5}"#, "s.json": #"{"name":"bar","count":3}"#])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "{\"name\":\"bar\",\"count\":8}\n")
    }

    @Test func mergeReportsBadInput() throws {
        let result = try run(
            ["merge", "Tally", "t.json", "s.json"],
            files: ["t.json": #"{"name":5}"#, "s.json": "{}"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: /name (Tally.name): expected a string, found 5"))
        let missing = try MapperProcess.run(["merge", "Tally", "no-such.json", "other.json"] + Self.mappings)
        #expect(missing.status == 2)
    }

    @Test func diffExitsWithOneAndPrintsPaths() throws {
        let equal = try run(
            ["diff", "Tally", "a.json", "b.json"],
            files: ["a.json": #"{"name":"a","checkedAt":"2020-01-01T00:00:00Z"}"#, "b.json": #"{"name":"a"}"#])
        #expect(equal.status == 0)
        #expect(equal.stdout.isEmpty)
        let different = try run(
            ["diff", "Tally", "a.json", "b.json"],
            files: ["a.json": #"{"name":"a","owner":{"visits":1}}"#, "b.json": #"{"name":"b","owner":{"visits":2}}"#])
        #expect(different.status == 1)
        #expect(different.stdout == "name\nowner.visits\n")
    }

    @Test func archiveAndUnarchiveRoundTrip() throws {
        let archived = try run(["archive", "Profile", "p.json"], files: ["p.json": #"{"name":"ann","count":2,"secret":"x"}"#])
        #expect(archived.status == 0)
        #expect(archived.stdout == "{\"$model\":\"Profile\",\"$version\":3,\"name\":\"ann\",\"count\":2}\n")
        let restored = try run(["unarchive", "a.json"], files: ["a.json": #"{"$model":"Profile","$version":1,"mtl_name":"ann"}"#])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout == "{\"name\":\"ann\",\"title\":\"M: ann\",\"count\":1}\n")
        let newer = try run(["unarchive", "a.json", "--error-format", "json"], files: ["a.json": #"{"$model":"Profile","$version":9}"#])
        #expect(newer.status == 1)
        #expect(newer.stderr.contains(#""pointer":"/$version""#))
        #expect(newer.stderr.contains("archive from a newer schema"))
    }

    @Test func schemaOfEitherSide() throws {
        let canonical = try MapperProcess.run(["schema", "IceCream"] + Self.mappings)
        #expect(canonical.status == 0)
        // Read by a parser that refuses duplicate keys, as every schema the tests generate.
        let schema = try JSONValue(parsing: canonical.stdout)
        #expect(schema["$ref"] == "#/$defs/IceCream.variants")
        let external = try MapperProcess.run(["schema", "IceCream", "--side", "external"] + Self.mappings)
        #expect(throws: Never.self) { try JSONValue(parsing: external.stdout) }
        #expect(external.stdout.contains(#""flavor":{"const":"chocolate"}"#))
        let unknown = try MapperProcess.run(["schema", "Icecream"] + Self.mappings)
        #expect(unknown.status == 1)
        #expect(unknown.stderr == "error: unknown model 'Icecream'; did you mean 'IceCream'?\n")
        let badSide = try MapperProcess.run(["schema", "IceCream", "--side", "inside"] + Self.mappings)
        #expect(badSide.status == 64)
    }
}
