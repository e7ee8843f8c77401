// Runs cel-spec's conformance files (`Tests/CELConformance/Data/*.textproto`, copied from google/cel-spec's
// tests/simple/testdata) against MapperCEL: one line `FILE: passed/total` per file (total counts the
// tests in scope; skipped ones are listed with their reason), then `N passed, M failed, K skipped`.
// A test without `disable_check` is type-checked (`CELProgram.check`, with its `type_env`) before it
// is evaluated: it must check, and its value must be of the deduced type (or the deduced type, for
// type_deduction's `deduced_type`, must be the expected one). `--verbose` lists the passing tests
// with what the checker made of each (and, for information, of the `disable_check` ones).
// Exit status 1 when a test fails. Usage: CELConformance [DATA_DIRECTORY] [--verbose]
import Foundation

let arguments = CommandLine.arguments.dropFirst()
let verbose = arguments.contains("--verbose")
let directory =
    arguments.first { !$0.hasPrefix("--") }
    ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Tests/CELConformance/Data").standardized
    .path

let files = [
    "basic", "comparisons", "conversions", "fp_math", "integer_math", "lists", "logic", "macros", "macros2",
    "parse", "plumbing", "string", "string_ext", "timestamps", "fields", "type_deduction",
]

var passed = 0
var failed = 0
var skipped = 0
var report: [String] = []
for file in files {
    let path = "\(directory)/\(file).textproto"
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        print("\(file): cannot read \(path)")
        failed += 1
        continue
    }
    let root: TextProtoMessage
    do {
        root = try TextProtoParser.parse(text)
    } catch {
        print("\(file): \(path): \(error)")
        failed += 1
        continue
    }
    var filePassed = 0
    var fileFailed = 0
    var fileSkipped = 0
    for section in root.messages("section") {
        for test in section.messages("test") {
            let name = "\(file)/\(section.string("name") ?? "")/\(test.string("name") ?? "")"
            let conformance = ConformanceCase(test, path: name)
            // Only protocol buffer message types and the features `ConformanceCase.isOutOfScope`
            // lists are out of scope: a test the runner cannot read for any other reason is a
            // failure, never a quiet skip.
            if let reason = conformance.skipReason, ConformanceCase.isOutOfScope(reason) {
                fileSkipped += 1
                report.append("SKIP \(name): \(reason)")
            } else if let reason = conformance.skipReason {
                fileFailed += 1
                report.append("FAIL \(name): the runner cannot read this test: \(reason)")
            } else if case let (failure?, check) = conformance.run() {
                fileFailed += 1
                report.append("FAIL \(name): \(conformance.expr)\n     \(failure) (\(check))")
            } else {
                filePassed += 1
                if verbose { report.append("PASS \(name): \(conformance.expr) (\(conformance.run().check))") }
            }
        }
    }
    passed += filePassed
    failed += fileFailed
    skipped += fileSkipped
    print("\(file): \(filePassed)/\(filePassed + fileFailed)" + (fileSkipped > 0 ? " (\(fileSkipped) skipped)" : ""))
}
for line in report { print(line) }
print("\(passed) passed, \(failed) failed, \(skipped) skipped")
exit(failed == 0 ? 0 : 1)
