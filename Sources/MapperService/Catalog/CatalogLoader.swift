import Foundation
import MapperKit
import MapperTooling
import MapperYAML

/// Loads a candidate catalog from the mapping paths and, with a gate, runs the golden tests
/// against it: the candidate goes live only when both succeed.
struct CatalogLoader: Sendable {
    enum Outcome: Sendable {
        case loaded(Catalog)
        case failed([Diagnostic])
    }

    var paths: [String]
    var options: LoadOptions
    /// Golden tests (`*.test.yaml`, a file or a directory) the candidate must pass.
    var gate: String?

    func load() -> Outcome {
        let check = Catalog.check(paths: paths, options: options)
        guard let catalog = check.catalog else { return .failed(check.diagnostics) }
        let failures = gateFailures(on: catalog)
        if !failures.isEmpty { return .failed(failures) }
        return .loaded(catalog)
    }

    /// The gate's failures for `catalog` (none without a gate): the golden tests belonging to
    /// these paths and to `otherPaths` (a shadow catalog's, when it is promoted).
    func gateFailures(on catalog: Catalog, otherPaths: [String] = []) -> [Diagnostic] {
        guard let gate else { return [] }
        return runGate(gate, on: catalog, paths: paths + otherPaths)
    }

    /// Failed golden tests as diagnostics (code `golden-test-failed`), so that a gate failure is
    /// reported like any other reload failure.
    private func runGate(_ gate: String, on catalog: Catalog, paths: [String]) -> [Diagnostic] {
        let (found, missing) = GoldenRunner.files(under: [gate])
        let mark = Mark(file: gate, line: 1, column: 1)
        if !missing.isEmpty {
            return [Diagnostic(.error, .gateNotFound, "no such file or directory '\(gate)' for --gate", at: mark)]
        }
        let files = GoldenRunner.files(found, belongingTo: paths)
        guard !files.isEmpty else {
            return [Diagnostic(.error, .gateEmpty, "no golden tests for this catalog under '\(gate)'", at: mark)]
        }
        let run = GoldenRunner.run(files: files, catalog: catalog)
        return run.results.filter { !$0.passed }.map { result in
            let details = result.details.prefix(3).joined(separator: "; ")
            return Diagnostic(
                .error, .goldenTestFailed,
                "golden test '\(result.name)' failed" + (details.isEmpty ? "" : ": \(details)"), at: result.mark)
        }
    }
}
