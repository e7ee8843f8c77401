import Benchmark
import Foundation
import MapperKit

/// Lookup tables (`tables:`): the load of a catalog whose table is a 1,000,000-row CSV file (the
/// issue's bound: ≤ 1 s), and the price of a lookup, as the decode throughput of one model whose
/// property reads `tables.NAME[input.code]` from the 1,000,000-row table, from a 10-row table, and
/// reads `input.code` with no lookup, timed back to back in each iteration.
enum LookupTables {
    /// Writes the catalog into `.build-bench-tables` (rewritten by every run); its path.
    static func write(rows: Int) -> String {
        let directory = URL(fileURLWithPath: Paths.package(".build-bench-tables"))
        try? FileManager.default.removeItem(at: directory)
        var csv = "code,name,digits\n"
        csv.reserveCapacity(rows * 24)
        for row in 0..<rows { csv += "k\(row),name \(row),\(row % 4)\n" }
        let small = (0..<10).map { "k\($0 * (rows / 10)): \($0)" }.joined(separator: ", ")
        let mapping = """
            mapper: 1
            tables:
              big: { file: big.csv, key: code, value: name }
              small: { values: { \(small) } }
            models:
              BigLookup:
                properties:
                  code: string
                  found: { type: string, decode: "tables.big[input.code]" }
              SmallLookup:
                properties:
                  code: string
                  found: { type: int, decode: "tables.small[input.code]" }
              NoLookup:
                properties:
                  code: string
                  found: { type: string, decode: "input.code" }
            """
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(csv.utf8).write(to: directory.appendingPathComponent("big.csv"))
            try Data(mapping.utf8).write(to: directory.appendingPathComponent("tables.yaml"))
        } catch {
            Workload.fail("cannot write \(directory.path): \(error)")
        }
        return directory.path
    }

    static func register() {
        let rows = 1_000_000
        let path = write(rows: rows)
        // CPU time beside wall clock: the load runs on one core, and a shared machine's wall clock
        // says more about its other work than about the load.
        let load = Benchmark.Configuration(metrics: [.wallClock, .cpuTotal, .mallocCountTotal], maxDuration: .seconds(5))
        Benchmark("tables.load.1m", configuration: load) { benchmark in
            let catalog = try Catalog(paths: [path])
            benchmark.stopMeasurement()
            blackHole(catalog)
        }
        let catalog: Catalog
        do {
            catalog = try Catalog(paths: [path])
        } catch {
            Workload.fail("cannot load \(path): \(error)")
        }
        // Keys found in both tables, so that every model decodes every document.
        let documents = (0..<10_000).map { Array(#"{"code":"k\#(($0 % 10) * (rows / 10))"}"#.utf8) }
        let share = BenchmarkMetric.custom("speed vs no lookup (%)", polarity: .prefersLarger, useScalingFactor: false)
        for model in ["BigLookup", "SmallLookup"] {
            var session = MappingSession(catalog: catalog)
            var round = 0
            Benchmark(
                "tables.lookup.\(model == "BigLookup" ? "1m" : "10")",
                configuration: .init(metrics: [.wallClock, share], maxDuration: .seconds(3), maxIterations: 1_000)
            ) { benchmark in
                func seconds(_ model: String) throws -> Double {
                    let start = ContinuousClock.now
                    for document in documents { blackHole(try session.decodeToCanonical(document, as: model)) }
                    return (ContinuousClock.now - start) / .seconds(1)
                }
                round += 1
                var plain = 0.0
                var lookup = 0.0
                if round % 2 == 0 {
                    plain = try seconds("NoLookup")
                    lookup = try seconds(model)
                } else {
                    lookup = try seconds(model)
                    plain = try seconds("NoLookup")
                }
                benchmark.measurement(share, Int((100 * plain / lookup).rounded()))
            }
        }
    }
}
