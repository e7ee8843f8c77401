import Benchmark
import Foundation
import MapperKit

// mapper against hand-written Codable models on the same bytes, in the same process: decode
// (external JSON → canonical JSON) and encode (canonical JSON → external JSON) for three real
// workloads, and the load of the bundled catalog. See README.md, "Development".
//
// Only allocation counts have committed thresholds (Benchmarks/Thresholds, checked by
// `swift package benchmark thresholds check`): they do not depend on the machine. Times are
// reported, never checked: compare mapper and Codable within one run.

let benchmarks: @Sendable () -> Void = {
    let workloads = [
        Workload(
            "issues", catalog: Paths.resource("issues.yaml"), model: "BenchIssue",
            documents: Paths.lines(Paths.resource("issues-mixed-2mb.ndjson")),
            codable: Issue.self, externalDates: nil),
        Workload(
            "twitter", catalog: Paths.package("Mappings/twitter.yaml"), model: "TwitterSearchResult",
            documents: [Paths.read(Paths.package("Examples/twitter/twitter.json"))],
            codable: TwitterSearchResult.self,
            externalDates: CodableCoders.formatter("EEE MMM dd HH:mm:ss Z yyyy")),
        Workload(
            "events", catalog: Paths.resource("events.yaml"), model: "Event",
            documents: [Paths.read(Paths.package("Examples/events/github_events.json"))],
            codable: [Event].self, externalDates: nil),
    ]

    // MB/s of input read, measured around the loop over the workload's documents, so that mapper
    // and Codable can be compared on the same bytes (the ratio is what counts: see script/bench).
    let megabytesPerSecond = BenchmarkMetric.custom("MB/s", polarity: .prefersLarger, useScalingFactor: false)
    let measured: [BenchmarkMetric] = [.wallClock, .mallocCountTotal, megabytesPerSecond]
    // Allocation counts are deterministic for a given toolchain: allow 2% either way, so that a
    // change of a few allocations per thousand documents passes and a new allocation per document
    // does not. Codable's counts are Foundation's, not ours: no thresholds there.
    let allocations: [BenchmarkMetric: BenchmarkThresholds] = [.mallocCountTotal: .init(relative: [.p90: 2.0])]
    let mapper = Benchmark.Configuration(metrics: measured, maxDuration: .seconds(2), thresholds: allocations)
    let codable = Benchmark.Configuration(metrics: measured, maxDuration: .seconds(2))

    /// A benchmark that runs `body` on every document and records the MB/s of the documents' bytes.
    func measure<Document: Collection<UInt8>>(
        _ name: String, _ configuration: Benchmark.Configuration, _ documents: [Document],
        _ body: @escaping (Document) throws -> Void
    ) {
        let bytes = documents.reduce(0) { $0 + $1.count }
        Benchmark(name, configuration: configuration) { benchmark in
            let start = ContinuousClock.now
            for document in documents {
                try body(document)
            }
            let seconds = (ContinuousClock.now - start) / .seconds(1)
            benchmark.measurement(megabytesPerSecond, Int((Double(bytes) / seconds / 1_000_000).rounded()))
        }
    }

    for workload in workloads {
        var session = MappingSession(catalog: workload.catalog)
        let name = workload.name, model = workload.model
        measure("\(name).decode.mapper", mapper, workload.external) { document in
            blackHole(try session.decodeToCanonical(document, as: model, now: Workload.now))
        }
        measure("\(name).decode.codable", codable, workload.externalData) { document in
            blackHole(try workload.codableDecode(document))
        }
        measure("\(name).encode.mapper", mapper, workload.canonical) { document in
            blackHole(try session.encodeCanonical(document, as: model))
        }
        measure("\(name).encode.codable", codable, workload.canonicalData) { document in
            blackHole(try workload.codableEncode(document))
        }
    }

    // Expressions: the same GitHub issues decoded by a model without expressions and by the same
    // model with five computed properties and a rule (Resources/expressions.yaml); the ratio of
    // their MB/s is the price of the expressions.
    let issues = Paths.lines(Paths.resource("issues-mixed-2mb.ndjson"))
    let expressions = try! Catalog(paths: [Paths.resource("expressions.yaml")])
    for (name, model) in [("expressions.plain.mapper", "PlainIssue"), ("expressions.computed.mapper", "ComputedIssue")] {
        var session = MappingSession(catalog: expressions)
        measure(name, mapper, issues) { document in
            blackHole(try session.decodeToCanonical(document, as: model, now: Workload.now))
        }
    }
    // The same ratio with both models timed back to back in each iteration (in alternating
    // order), so that a slow spell of a shared machine weighs on both alike.
    let computedShare = BenchmarkMetric.custom("computed/plain speed (%)", polarity: .prefersLarger, useScalingFactor: false)
    var interleaved = MappingSession(catalog: expressions)
    var round = 0
    Benchmark(
        "expressions.interleaved", configuration: .init(metrics: [computedShare], maxDuration: .seconds(3), maxIterations: 1_000)
    ) { benchmark in
        func seconds(_ model: String) throws -> Double {
            let start = ContinuousClock.now
            for document in issues {
                blackHole(try interleaved.decodeToCanonical(document, as: model, now: Workload.now))
            }
            return (ContinuousClock.now - start) / .seconds(1)
        }
        round += 1
        var plain = 0.0
        var computed = 0.0
        if round % 2 == 0 {
            plain = try seconds("PlainIssue")
            computed = try seconds("ComputedIssue")
        } else {
            computed = try seconds("ComputedIssue")
            plain = try seconds("PlainIssue")
        }
        benchmark.measurement(computedShare, Int((100 * plain / computed).rounded()))
    }

    // What `mapper` does at start-up before it reads any input: load and compile Mappings/.
    // The catalog benchmarks time the load alone: the measurement stops before the catalog is
    // released (which `mapper` does at exit and the service once the last request that uses an
    // old catalog ends, never while a load waits).
    let mappings = Paths.package("Mappings")
    let load = Benchmark.Configuration(metrics: [.wallClock, .mallocCountTotal], maxDuration: .seconds(2), thresholds: allocations)
    Benchmark("catalog.load", configuration: load) { benchmark in
        let catalog = try Catalog(paths: [mappings])
        benchmark.stopMeasurement()
        blackHole(catalog)
    }

    // Lookup tables: a 1,000,000-row CSV table's load, and the price of a lookup (LookupTables).
    LookupTables.register()

    // A big catalog: about 2,000 models made from the real shapes of Mappings/ (LargeCatalog),
    // loaded from disk as `mapper` does, and the heap a loaded one holds.
    let large = LargeCatalog.write(models: 2_000)
    let retained = BenchmarkMetric.custom("heap retained (KB)", polarity: .prefersSmaller, useScalingFactor: false)
    let modelCount = BenchmarkMetric.custom("models", polarity: .prefersLarger, useScalingFactor: false)
    let largeLoad = Benchmark.Configuration(
        metrics: [.wallClock, .mallocCountTotal, retained, modelCount], maxDuration: .seconds(5), thresholds: allocations)
    Benchmark("catalog.large", configuration: largeLoad) { benchmark in
        let before = HeapUsage.bytesInUse  // mallinfo walks the heap: not part of the load
        benchmark.startMeasurement()
        let catalog = try Catalog(paths: [large.path])
        benchmark.stopMeasurement()
        benchmark.measurement(retained, (HeapUsage.bytesInUse - before) / 1024)
        benchmark.measurement(modelCount, catalog.modelNames.count)
        blackHole(catalog)
    }

    // A large generated catalog: what `mapper import openapi` wrote for DigitalOcean's API (about
    // 1,000 models and 240 enums in 57 files). Loading it must stay interactive.
    let imported = Paths.resource("digitalocean")
    Benchmark("catalog.load.digitalocean", configuration: load) { benchmark in
        let catalog = try Catalog(paths: [imported])
        benchmark.stopMeasurement()
        blackHole(catalog)
    }
}
