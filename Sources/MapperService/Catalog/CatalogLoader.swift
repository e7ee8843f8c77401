import Foundation
import MapperKit
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
        if let gate {
            let failures = runGate(gate, on: catalog)
            if !failures.isEmpty { return .failed(failures) }
        }
        return .loaded(catalog)
    }

    /// Failed golden tests as diagnostics (code `golden-test-failed`), so that a gate failure is
    /// reported like any other reload failure.
    private func runGate(_ gate: String, on catalog: Catalog) -> [Diagnostic] {
        let (found, missing) = GoldenTests.files(under: [gate])
        let mark = Mark(file: gate, line: 1, column: 1)
        if !missing.isEmpty {
            return [Diagnostic(.error, Diagnostic.Code(rawValue: "gate-not-found"), "no such file or directory '\(gate)' for --gate", at: mark)]
        }
        // Tests that sit below their own Mappings/ folder belong to that catalog, not this one
        // (what `mapper test` does too).
        let served = Set(paths.map(Self.standardized))
        let files = found.filter { file in
            guard let own = GoldenTests.catalogDirectory(for: file) else { return true }
            return served.contains(Self.standardized(own))
        }
        guard !files.isEmpty else {
            return [Diagnostic(.error, Diagnostic.Code(rawValue: "gate-empty"), "no golden tests for this catalog under '\(gate)'", at: mark)]
        }
        let run = GoldenTests.run(files: files, catalog: catalog)
        return run.results.filter { !$0.passed }.map { result in
            let parts = result.location.split(separator: ":")
            let location = parts.count >= 3
                ? Mark(file: parts.dropLast(2).joined(separator: ":"), line: Int(parts[parts.count - 2]) ?? 1, column: Int(parts[parts.count - 1]) ?? 1)
                : mark
            let details = result.details.prefix(3).joined(separator: "; ")
            return Diagnostic(
                .error, Diagnostic.Code(rawValue: "golden-test-failed"),
                "golden test '\(result.name)' failed" + (details.isEmpty ? "" : ": \(details)"), at: location)
        }
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
