import Foundation
import Testing

/// `--envelope` as a pipeline engine's subprocess processor drives it (one line written, its
/// answer read before the next is written, the process kept), and `--now` / `--uuid-seed`, which
/// make a retried record map to the same bytes.
struct EnvelopeStreamTests {
    static let orders = """
        mapper: 1
        models:
          Order:
            properties:
              number: int
              id: { type: uuid, computed: uuid }
              at: { type: date, computed: now }
              items: "[Item]"
          Item:
            properties:
              sku: string
              id: { type: uuid, computed: uuid }
        """

    let directory: URL

    init() throws {
        directory = try MapperProcess.directory(["o.yaml": Self.orders, "m.yaml": CLIFixture.mappings])
    }

    @Test(arguments: [1, 2])
    func eachLineIsAnsweredBeforeTheNextIsWritten(jobs: Int) throws {
        let mapper = try PipedMapper(
            ["decode", "Issue", "--ndjson", "--envelope", "--now", MixedRecords.now, "--jobs", "\(jobs)", "--mappings", "m.yaml"],
            in: directory)
        // Good, broken, blank, good again: a failed record does not end the stream.
        let exchanges: [(String, String)] = [
            (#"{"number":1,"title":"a"}"#, #"{"ok":"# + MixedRecords.canonical(number: 1, title: "\"a\"") + "}"),
            (#"{"number":2,"#, #"{"error":"#),
            ("", #"{"error":"#),
            (#"{"number":4,"title":"d"}"#, #"{"ok":"# + MixedRecords.canonical(number: 4, title: "\"d\"") + "}"),
        ]
        for (number, (line, answer)) in exchanges.enumerated() {
            mapper.write(line)
            let got = try #require(mapper.nextLine(), "--jobs \(jobs): line \(number + 1) was not answered while the input stayed open")
            #expect(got.hasPrefix(answer), "--jobs \(jobs): \(got)")
            if answer.hasPrefix(#"{"error""#) { #expect(got.contains(#""line":\#(number + 1)"#), "\(got)") }
        }
        let (status, unread) = try mapper.finish()
        #expect(status == 0 && !unread, "exactly one line per input line")
    }

    private func decodeOrders(_ input: String, _ extra: [String]) throws -> MapperProcess.Result {
        try MapperProcess.run(["decode", "Order", "--ndjson", "--envelope", "--mappings", "o.yaml"] + extra, stdin: input, in: directory)
    }

    private static let ordersInput = (1...3000).map { number in
        let items = (0..<(number % 4)).map { #"{"sku":"s\#($0)"}"# }.joined(separator: ",")
        return #"{"number":\#(number),"items":[\#(items)]}"#
    }

    @Test func aSeedAndAnInstantMakeEveryRunWriteTheSameBytes() throws {
        let input = Self.ordersInput.joined(separator: "\n") + "\n"
        let pinned = ["--now", "2021-06-01T12:00:00Z", "--uuid-seed", "job-42"]
        let first = try decodeOrders(input, pinned + ["--jobs", "1"])
        #expect(first.status == 0)
        #expect(first.stdout.split(separator: "\n").count == 3000)
        #expect(first.stdout.contains(#""at":"2021-06-01T12:00:00Z""#))
        // Another run, on more threads, and a retry of a single record, give the same bytes.
        #expect(try decodeOrders(input, pinned + ["--jobs", "3"]).stdout == first.stdout)
        let line17 = first.stdout.split(separator: "\n")[16]
        #expect(try decodeOrders(Self.ordersInput[16] + "\n", pinned).stdout == line17 + "\n")
        // Another seed: other UUIDs, the rest the same.
        let other = try decodeOrders(input, ["--now", "2021-06-01T12:00:00Z", "--uuid-seed", "job-43"])
        let firstUUIDs = Self.uuids(in: first.stdout)
        let otherUUIDs = Self.uuids(in: other.stdout)
        #expect(firstUUIDs.count == 3000 + (1...3000).map { $0 % 4 }.reduce(0, +))
        #expect(Set(firstUUIDs).count == firstUUIDs.count, "every record's UUIDs differ from every other's")
        #expect(Set(firstUUIDs).isDisjoint(with: otherUUIDs))
        #expect(Self.withoutUUIDs(first.stdout) == Self.withoutUUIDs(other.stdout))
    }

    @Test func withoutASeedUUIDsAreRandomVersion4() throws {
        let input = Self.ordersInput.prefix(50).joined(separator: "\n") + "\n"
        let first = Self.uuids(in: try decodeOrders(input, []).stdout)
        let second = Self.uuids(in: try decodeOrders(input, []).stdout)
        #expect(first.count == second.count && Set(first).isDisjoint(with: second))
        #expect(first.allSatisfy { Array($0)[14] == "4" })
    }

    /// The seeded UUIDs are SHA-256(seed ‖ 0x00 ‖ record ‖ 0x00 ‖ n as 8 bytes big-endian), cut to
    /// 16 bytes with version 8 and RFC 9562's variant: worked out here with coreutils' `sha256sum`.
    @Test func seededUUIDsAreTheDocumentedHashOfTheSeedAndTheRecord() throws {
        let record = #"{"number":7,"items":[{"sku":"a"},{"sku":"b"}]}"#
        let result = try decodeOrders(record + "\r\n", ["--uuid-seed", "s3ed"])
        let produced = Set(Self.uuids(in: result.stdout))
        #expect(produced.count == 3)
        let expected = try Set((0..<3).map { try Self.documentedUUID(seed: "s3ed", record: record, index: $0) })
        #expect(produced == expected)
    }

    private static func documentedUUID(seed: String, record: String, index: UInt64) throws -> String {
        let counter = (0..<8).reversed().map { UInt8(truncatingIfNeeded: index >> ($0 * 8)) }
        let bytes = Array(seed.utf8) + [0] + Array(record.utf8) + [0] + counter
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("uuid-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        var hex = Array(text.prefix(32))
        hex[12] = "8"
        // The variant: the top two bits of byte 8 are 10.
        let byte8 = UInt8(String(hex[16...17]), radix: 16)! & 0x3F | 0x80
        hex.replaceSubrange(16...17, with: Array(String(byte8, radix: 16)))
        let characters = String(hex)
        return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(characters.dropFirst(range.lowerBound).prefix(range.count))
        }.joined(separator: "-")
    }

    private static func uuids(in text: String) -> [String] {
        let pattern = try! Regex(#""id":"([0-9a-f-]{36})""#)
        return text.matches(of: pattern).compactMap { $0.output[1].substring.map(String.init) }
    }

    private static func withoutUUIDs(_ text: String) -> String {
        text.replacing(try! Regex(#""id":"[0-9a-f-]{36}""#), with: #""id":"""#)
    }
}
