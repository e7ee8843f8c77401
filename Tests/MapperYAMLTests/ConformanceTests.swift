import Foundation
import Testing
@testable import MapperYAML

/// Runs every case of the yaml-test-suite, copied to `Fixtures/yaml-test-suite`: one folder per
/// case with `in.yaml`, `in.json` (one JSON text per document) when the YAML is valid and JSON can
/// show it, and an empty `error` file when the YAML is invalid.
///
/// A case passes when invalid YAML gives at least one error, several documents give
/// `multiple-documents`, and a valid single document reads without errors into the value of its
/// `in.json`. Cases that fail for known reasons are listed in `knownFailureGroups`; the test fails
/// when any other case fails, and when a listed case starts to pass.
struct ConformanceTests {
    static let suite = Fixtures.directory.appendingPathComponent("yaml-test-suite")

    static let caseIDs: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: suite.path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted()
    }()

    @Test func everyCaseIsPresent() {
        #expect(Self.caseIDs.count == 402)
    }

    @Test func knownFailuresAreCasesOfTheSuite() {
        #expect(Set(Self.knownFailures.keys).subtracting(Self.caseIDs).sorted() == [])
        let listed = Self.knownFailureGroups.flatMap(\.ids)
        #expect(listed.count == Set(listed).count, "a case is listed twice")
    }

    @Test(arguments: caseIDs)
    func conformance(id: String) throws {
        let problem = try Self.problem(id)
        if let reason = Self.knownFailures[id] {
            #expect(problem != nil, "\(id) now passes; remove it from the known failures (\(reason))")
        } else {
            #expect(problem == nil, "\(id): \(problem ?? "")")
        }
    }

    /// What is wrong with our reading of one case, or nil when it matches the suite.
    static func problem(_ id: String) throws -> String? {
        let folder = suite.appendingPathComponent(id)
        let document = YAML.parse(Array(try Data(contentsOf: folder.appendingPathComponent("in.yaml"))), file: "in.yaml")
        let codes = document.errors.map(\.code)
        let errors = document.errors.map(\.description).joined(separator: "; ")

        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("error").path) {
            return document.errors.isEmpty ? "invalid YAML read without an error" : nil
        }
        guard let json = try? String(contentsOf: folder.appendingPathComponent("in.json"), encoding: .utf8) else {
            // Valid YAML that JSON cannot show: it must read without problems.
            if multipleDocumentsWithoutJSON.contains(id) {
                return codes.contains(.multipleDocuments) ? nil : "expected multiple-documents, got: \(errors)"
            }
            return document.errors.isEmpty ? nil : "valid YAML gave errors: \(errors)"
        }
        let expected: [Plain]
        do { expected = try JSONStream.values(in: json) } catch { return "unreadable in.json: \(error)" }
        switch expected.count {
        case 0:
            guard document.root == nil, document.errors.isEmpty else { return "expected an empty stream, got: \(errors)" }
            return nil
        case 1:
            guard document.errors.isEmpty else { return "valid YAML gave errors: \(errors)" }
            guard let root = document.root else { return "no root" }
            do {
                let actual = try Plain(root)
                return actual == expected[0] ? nil : "read \(actual), expected \(expected[0])"
            } catch {
                return "\(error)"
            }
        default:
            return codes.contains(.multipleDocuments) ? nil : "expected multiple-documents, got: \(errors)"
        }
    }

    /// Valid cases without `in.json` that hold more than one document.
    static let multipleDocumentsWithoutJSON: Set<String> = ["NKF9"]

    static let knownFailures: [String: String] = Dictionary(
        knownFailureGroups.flatMap { group in group.ids.map { ($0, group.reason) } }
    ) { first, _ in first }

    /// libyaml 0.2.5 reads YAML 1.1; these are the 1.2 features and fixes it lacks, and the cases
    /// mapper rejects on purpose.
    static let knownFailureGroups: [(reason: String, ids: [String])] = [
        (
            "libyaml accepts invalid YAML: comments without a space before '#', flow content or "
                + "quoted lines not indented, '-' as a flow plain scalar, more-indented blank lines "
                + "before a block scalar's end",
            ["9C9N", "9JBA", "CVW2", "DK95-01", "G5U8", "MUS6-00", "QB6E", "S98Z", "SU5Z", "X4QW", "Y79Y-003", "YJV2"]
        ),
        (
            "libyaml: tabs are not allowed as separating white space",
            [
                "6BCT", "6CA3", "96NN-00", "96NN-01", "A2M4", "DK95-00", "DK95-03", "DK95-04", "Q5MG", "R4YG",
                "Y79Y-001", "Y79Y-010",
            ]
        ),
        (
            "libyaml: no empty (omitted) keys such as ': value'",
            ["2JQS", "6M2F", "CFD4", "FRK4", "M2N8-00", "NHX8", "NKF9", "S3PD", "SM9W-01", "UKK6-00"]
        ),
        (
            "libyaml: YAML 1.2 flow syntax — ':' right after a JSON-like key or before a value, implicit "
                + "keys over several lines, plain scalars starting with ':' or '?', 'key:,'",
            [
                "4ABK", "4MUZ-00", "4MUZ-01", "4MUZ-02", "58MP", "5MUD", "5T43", "652Z", "9SA2", "DBG4", "HM87-00",
                "HM87-01", "K3WX", "NJ66", "UT92", "VJP3-01",
            ]
        ),
        (
            "libyaml: anchor names only of ASCII letters, digits, '-' and '_'",
            ["2SXE", "8XYN", "W5VH", "Y2GN"]
        ),
        (
            "libyaml: '%YAML 1.3' and reserved directives ('%FOO') are errors, not warnings",
            ["2LFX", "6LVF", "BEC7", "MUS6-05", "MUS6-06"]
        ),
        (
            "libyaml: document structure — a bare document after '...', '...' with no document, a "
                + "top-level block scalar at column 1, '%' starting a line of content",
            ["7Z25", "DK3J", "FP8R", "HWV9", "M7A3", "QT73", "W4TN"]
        ),
        (
            "libyaml: a trailing line of spaces at the end of the file is lost from a block scalar",
            ["JEF9-02", "L24T-01"]
        ),
        (
            "by design: tags outside the core schema are unsupported-tag errors",
            ["2XXW", "565N", "6CK3", "7FWL", "C4HZ", "CC74", "CUP7", "J7PZ", "M5C3", "P76L", "UGM3", "Z67P", "Z9M4"]
        ),
        ("by design: a duplicate key is an error (the suite does not compare keys)", ["X38W"]),
    ]
}
