import Foundation
import Testing

/// cel-spec's conformance tests (`Tests/CELConformance/Data/*.textproto`, copied from
/// google/cel-spec's tests/simple/testdata) against MapperCEL, one test case each.
///
/// A test without `disable_check` is type-checked (`CELProgram.check`, with its `type_env`) before
/// it is evaluated: it must check, and its value must be of the deduced type (or the deduced type,
/// for type_deduction's `deduced_type`, must be the expected one). Only the features
/// `ConformanceCase.isOutOfScope` names (protocol buffer message types, optional types, functions
/// with type parameters) are left out; a test the runner cannot read for another reason fails.
@Suite struct CELConformanceTests {
    static let files = [
        "basic", "comparisons", "conversions", "fp_math", "integer_math", "lists", "logic", "macros", "macros2",
        "parse", "plumbing", "string", "string_ext", "timestamps", "fields", "type_deduction",
    ]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CELConformance/Data").standardized.path

    /// One test of a data file: `file/section/test` and its message.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var message: TextProtoMessage
        var testDescription: String { name }
    }

    /// The parsed data file, or why it cannot be read.
    static func parse(_ file: String) -> Result<TextProtoMessage, any Error> {
        Result {
            try TextProtoParser.parse(String(contentsOfFile: "\(directory)/\(file).textproto", encoding: .utf8))
        }
    }

    /// Every test in scope, in file order (a file that cannot be read gives none; `filesParse` fails).
    static let cases: [Case] = files.flatMap { file -> [Case] in
        guard case .success(let root) = parse(file) else { return [] }
        return root.messages("section").flatMap { section in
            section.messages("test").compactMap { test -> Case? in
                let name = "\(file)/\(section.string("name") ?? "")/\(test.string("name") ?? "")"
                if let reason = ConformanceCase(test, path: name).skipReason, ConformanceCase.isOutOfScope(reason) { return nil }
                return Case(name: name, message: test)
            }
        }
    }

    @Test func filesParse() throws {
        for file in Self.files {
            _ = try Self.parse(file).get()
        }
    }

    /// No test leaves the suite quietly: of the 1,487 tests in the data, the out-of-scope features
    /// account for 132.
    @Test func testsInScope() {
        #expect(Self.cases.count >= 1_355)
    }

    @Test(arguments: cases)
    func conformance(_ test: Case) {
        let conformance = ConformanceCase(test.message, path: test.name)
        if let reason = conformance.skipReason {
            Issue.record("the runner cannot read this test: \(reason)")
            return
        }
        let (failure, check) = conformance.run()
        #expect(failure == nil, "\(conformance.expr): \(failure ?? "") (\(check))")
    }
}
