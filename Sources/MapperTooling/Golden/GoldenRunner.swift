import Foundation
public import MapperKit
import MapperSupport

/// Golden tests: `*.test.yaml` files whose `tests` decode an input with a model (or a
/// route) and compare the canonical JSON with what is expected, or expect an error.
///
/// ```yaml
/// tests:
///   - name: issue from the GitHub API
///     model: Issue                  # or route: /repos/o/r/issues/1 (with method:, status:)
///     input: issue.json             # a path relative to this file, or an inline value
///     expect: issue.canonical.json  # a path or an inline value, compared as JSON values
///     now: 2020-01-01T00:00:00Z
///     roundtrip: true               # decode(encode(decode(input))) == decode(input)
///   - name: unknown state is rejected
///     model: Issue
///     input: { number: 1, title: x, state: reopened }
///     expect_error: { pointer: /state, contains: "reopened" }
/// ```
public enum GoldenRunner {
    /// The outcome of one test of a `*.test.yaml` file.
    public struct Result: Sendable, Hashable {
        /// The test's `name:`.
        public var name: String
        /// Where the test is declared in its file.
        public var mark: Mark
        /// Whether the output (or the error) was what the test expects.
        public var passed: Bool
        /// What differed or went wrong, one line each (empty when passed).
        public var details: [String]
    }

    /// The outcomes of every test of a run, in file and declaration order.
    public struct Run: Sendable {
        /// One result per test, in the order the tests were run.
        public var results: [Result]
        /// How many tests passed.
        public var passed: Int { results.count { $0.passed } }
        /// How many tests failed; any failure makes `mapper test` exit with an error.
        public var failed: Int { results.count { !$0.passed } }
        /// What the tests exercised, when the run was asked for coverage.
        public var coverage: Coverage?
        /// `N passed, M failed`.
        public var summary: String { "\(passed) passed, \(failed) failed" }
    }

    static let testFields = MappingLanguage.names(of: .test)

    /// The `*.test.yaml` files under the given files and directories, in sorted path order.
    public static func files(under paths: [String]) -> (files: [String], missing: [String]) {
        var files: [String] = []
        var missing: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                missing.append(path)
                continue
            }
            if isDirectory.boolValue {
                let base = URL(fileURLWithPath: path).resolvingSymlinksInPath()
                let prefix = path.hasSuffix("/") ? path : path + "/"
                let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles])
                var found: [String] = []
                while let url = enumerator?.nextObject() as? URL {
                    guard SourceFiles.isGoldenTest(url.lastPathComponent) else { continue }
                    found.append(prefix + String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1)))
                }
                files += found.sorted()
            } else {
                files.append(path)
            }
        }
        return (files, missing)
    }

    /// The `Mappings/` folder that tests in `file` run against: the nearest one in a folder that
    /// holds the file, below the working directory (nil: the default catalog). This lets
    /// `Examples/features/Mappings/` serve `Examples/features/*.test.yaml`.
    public static func catalogDirectory(for file: String) -> String? {
        let manager = FileManager.default
        let workingDirectory = URL(fileURLWithPath: manager.currentDirectoryPath).standardizedFileURL.path
        var directory = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL
        while directory.path.hasPrefix(workingDirectory + "/") {
            var isDirectory: ObjCBool = false
            let candidate = directory.appendingPathComponent("Mappings")
            if manager.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue {
                let relative = String(candidate.path.dropFirst(workingDirectory.count + 1))
                return relative
            }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }

    /// The files grouped by the catalog they run against (`catalogDirectory(for:)`; nil: the
    /// default catalog), groups in order of their first file: what `mapper test` runs.
    public static func groupedByCatalog(_ files: [String]) -> [(catalog: String?, files: [String])] {
        var groups: [(catalog: String?, files: [String])] = []
        for file in files {
            let directory = catalogDirectory(for: file)
            if let index = groups.firstIndex(where: { $0.catalog == directory }) {
                groups[index].files.append(file)
            } else {
                groups.append((directory, [file]))
            }
        }
        return groups
    }

    /// The files whose tests belong to a catalog loaded from `paths` (what `--gate` runs): those
    /// without a `Mappings/` folder of their own, and those whose own folder is one of `paths`.
    public static func files(_ files: [String], belongingTo paths: [String]) -> [String] {
        let served = Set(paths.map(standardized))
        return files.filter { file in
            guard let own = catalogDirectory(for: file) else { return true }
            return served.contains(standardized(own))
        }
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Runs every test of the given files against `catalog`; with `coverage`, also works out which
    /// of the catalog's rules they exercised.
    /// With `roundTrip`, each decode test also encodes what it decoded and fails on a difference
    /// from its input that no documented rule makes (docs/language/round-trips.md).
    public static func run(files: [String], catalog: Catalog, coverage: Bool = false, roundTrip: Bool = false) -> Run {
        var results: [Result] = []
        var session = MappingSession(catalog: catalog)
        var exercises: [Coverage.Exercise]? = coverage ? [] : nil
        for file in files {
            results += run(file: file, session: &session, exercises: &exercises, roundTrip: roundTrip)
        }
        return Run(results: results, coverage: exercises.map { Coverage(catalog: catalog, exercises: $0) })
    }

    private static func run(
        file: String, session: inout MappingSession, exercises: inout [Coverage.Exercise]?, roundTrip: Bool
    )
        -> [Result]
    {
        let fileMark = Mark(file: file, line: 1, column: 1)
        let bytes: [UInt8]
        do {
            bytes = try InputDescriptor.readFile(file)
        } catch {
            return [Result(name: file, mark: fileMark, passed: false, details: ["cannot read '\(file)': \(error.reason)"])]
        }
        let document = YAML.parse(bytes, file: file)
        if let error = document.errors.first {
            return [Result(name: file, mark: error.mark, passed: false, details: ["\(error)"])]
        }
        guard let root = document.root, let tests = root["tests"]?.sequence, root.mapping?.count == 1 else {
            return [
                Result(
                    name: file, mark: fileMark, passed: false,
                    details: ["a golden test file holds one key, 'tests', with a list of tests"])
            ]
        }
        let directory = URL(fileURLWithPath: file).deletingLastPathComponent()
        return tests.map {
            GoldenCase(node: $0, directory: directory, checksRoundTrip: roundTrip).run(session: &session, exercises: &exercises)
        }
    }
}
