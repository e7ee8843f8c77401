import Foundation
import Testing

/// `--jobs N`: records are mapped on N threads and written in input order; stdout, stderr and the
/// exit status are the same for every N.
struct ParallelNDJSONTests {
    let directory: URL

    init() throws {
        directory = try CLIFixture.directory()
    }

    private func decode(_ file: String, jobs: Int, _ extra: [String] = []) throws -> MapperProcess.Result {
        try CLIFixture.run(["decode", "Issue", file, "--ndjson", "--now", MixedRecords.now, "--jobs", "\(jobs)"] + extra, in: directory)
    }

    @Test func keepGoingGivesTheSameOutputAndErrorsInInputOrderForEveryJobCount() throws {
        let mixed = MixedRecords(lines: 100_000)
        try Data(mixed.bytes).write(to: directory.appendingPathComponent("mixed.ndjson"))
        let expectedLines = mixed.rejected.map { "line \($0.line): error:" }
        var first: MapperProcess.Result?
        for jobs in [1, 2, 3] {
            let result = try decode("mixed.ndjson", jobs: jobs, ["--keep-going"])
            #expect(result.status == 1)
            #expect(firstDifference(result.stdout, mixed.output) == nil, "--jobs \(jobs)")
            // One error per bad record here, each with its line.
            let lines = result.stderr.split(separator: "\n").map { $0.prefix(while: { $0 != ":" }) + ": error:" }
            #expect(firstDifference(lines.map(String.init), expectedLines) == nil, "--jobs \(jobs)")
            if let first {
                #expect(result.stderr == first.stderr, "--jobs \(jobs)")
            } else {
                first = result
            }
        }
    }

    @Test func stopsAtTheFirstFailureWithTheRecordsBeforeItWhateverTheJobs() throws {
        // About 1.6 MB: the bad record sits in a later chunk than the first.
        var input = ""
        var expected = ""
        for number in 1...60_000 {
            if number == 40_000 {
                input += "{\"number\":\"x\"}\n"
                continue
            }
            input += "{\"number\":\(number),\"title\":\"t\(number)\"}\n"
            if number < 40_000 { expected += MixedRecords.canonical(number: number, title: "\"t\(number)\"") + "\n" }
        }
        try Data(input.utf8).write(to: directory.appendingPathComponent("late.ndjson"))
        for jobs in [1, 2, 4] {
            let result = try decode("late.ndjson", jobs: jobs)
            #expect(result.status == 1)
            #expect(firstDifference(result.stdout, expected) == nil, "--jobs \(jobs)")
            #expect(result.stderr == "line 40000: error: /number (Issue.number): expected an integer, found \"x\" [m.yaml:12:7]\n")
        }
    }

    @Test func jsonErrorsKeepTheirLinesToo() throws {
        let input = (1...30_000).map { $0 % 10_000 == 0 ? "{\"number\":true}" : "{\"number\":\($0)}" }.joined(separator: "\n")
        try Data(input.utf8).write(to: directory.appendingPathComponent("json.ndjson"))
        let result = try decode("json.ndjson", jobs: 2, ["--keep-going", "--error-format", "json"])
        #expect(result.status == 1)
        let lines = try result.stderr.split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["line"] as? Int
        }
        #expect(lines == [10_000, 20_000, 30_000])
    }

    @Test func aLiveStreamsRecordsComeOutAsTheyArriveWhateverTheJobs() throws {
        for jobs in [1, 2] {
            let mapper = try PipedMapper(
                ["decode", "Issue", "--ndjson", "--now", MixedRecords.now, "--jobs", "\(jobs)", "--mappings", "m.yaml"], in: directory)
            // The input stays open, as a pipe fed by `tail -f` would: each record must be out
            // before the next one is written.
            for number in 1...3 {
                mapper.write("{\"number\":\(number),\"title\":\"t\(number)\"}")
                let line = mapper.nextLine()
                try #require(line != nil, "--jobs \(jobs): record \(number) was not written while the input stayed open")
                #expect(line == MixedRecords.canonical(number: number, title: "\"t\(number)\""), "--jobs \(jobs)")
            }
            #expect(try mapper.finish().status == 0, "--jobs \(jobs)")
        }
    }

    @Test func jobsMustBeAPositiveCount() throws {
        for jobs in ["0", "257"] {
            let result = try CLIFixture.run(["decode", "Issue", "--ndjson", "--jobs", jobs], stdin: "", in: directory)
            #expect(result.status == 64, "--jobs \(jobs)")
            #expect(result.stderr.contains("--jobs must be between 1 and 256"), "--jobs \(jobs): \(result.stderr)")
        }
    }

    @Test func encodeAndConvertTakeJobs() throws {
        let input = (1...20_000).map { "{\"number\":\($0),\"reporter\":\"u\($0)\"}" }.joined(separator: "\r\n")
        try Data(input.utf8).write(to: directory.appendingPathComponent("canonical.ndjson"))
        let encoded = try CLIFixture.run(["encode", "Issue", "canonical.ndjson", "--ndjson", "--jobs", "2"], in: directory)
        #expect(encoded.status == 0)
        let expected = (1...20_000).map { "{\"number\":\($0),\"user\":{\"login\":\"u\($0)\"}}\n" }.joined()
        #expect(firstDifference(encoded.stdout, expected) == nil)
        let converted = try CLIFixture.run(["convert", "Issue", "Summary", "canonical.ndjson", "--ndjson", "--jobs", "2"], in: directory)
        #expect(converted.status == 0)
        #expect(firstDifference(converted.stdout, (1...20_000).map { "{\"number\":\($0)}\n" }.joined()) == nil)
    }
}
