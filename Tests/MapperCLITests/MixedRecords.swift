import Foundation
import MapperTestSupport
import Testing

/// NDJSON input for `CLIFixture`'s `Issue` with bad lines mixed among the good ones, and what a
/// run must make of it, worked out from how each line was made (never from mapper's output):
/// good records (some ending in CRLF), blank lines, invalid JSON, type errors, invalid UTF-8, and a
/// last line cut short without its newline.
struct MixedRecords {
    enum Kind: CaseIterable {
        case good, goodCRLF, blank, invalidJSON, typeError, invalidUTF8
    }

    /// A record that must be rejected: its line number, its bytes without the line ending, and the
    /// error code it fails with.
    struct Rejected: Equatable {
        var line: Int
        var input: [UInt8]
        var code: String
    }

    var bytes: [UInt8] = []
    /// Canonical JSON of the good records, one per line, in input order.
    var output = ""
    var rejected: [Rejected] = []
    /// The blank lines, as `Rejected` with the line as read (without its line ending) and the code
    /// `--envelope` answers them with.
    var blanks: [Rejected] = []
    /// Non-blank lines.
    var records = 0
    /// The type errors' lines, whose records a catalog with `title: any` accepts.
    var typeErrorLines: Set<Int> = []

    static let now = "2020-01-01T00:00:00Z"

    static func canonical(number: Int, title: String) -> String {
        #"{"number":\#(number),"title":\#(title),"retrievedAt":"\#(now)"}"#
    }

    /// `lines` lines (the last one truncated), kinds drawn from a fixed seed.
    init(lines: Int, seed: UInt64 = 20) {
        var random = SplitMix64(seed: seed)
        for line in 1..<lines {
            let roll = Int(random.next() % 100)
            let kind: Kind =
                switch roll {
                case 0..<80: .good
                case 80..<85: .goodCRLF
                case 85..<89: .blank
                case 89..<93: .invalidJSON
                case 93..<97: .typeError
                default: .invalidUTF8
                }
            add(kind, line: line)
        }
        let last = Array(#"{"number":\#(lines),"title":"cut"#.utf8)
        bytes += last
        records += 1
        rejected.append(Rejected(line: lines, input: last, code: "invalid-json"))
    }

    private mutating func add(_ kind: Kind, line: Int) {
        var record: [UInt8]
        switch kind {
        case .good, .goodCRLF:
            record = Array(#"{"number":\#(line),"title":"t\#(line)"}"#.utf8)
            output += Self.canonical(number: line, title: "\"t\(line)\"") + "\n"
        case .blank:
            bytes += Array([" ", "\t", "", "  \r"][line % 4].utf8) + [0x0A]
            blanks.append(Rejected(line: line, input: Array([" ", "\t", "", "  "][line % 4].utf8), code: "invalid-json"))
            return
        case .invalidJSON:
            record = Array((line % 2 == 0 ? #"{"number":\#(line),"title":}"# : #"{"number":\#(line)"#).utf8)
            rejected.append(Rejected(line: line, input: record, code: "invalid-json"))
        case .typeError:
            record = Array(#"{"number":\#(line),"title":\#(line)}"#.utf8)
            rejected.append(Rejected(line: line, input: record, code: "type-mismatch"))
            typeErrorLines.insert(line)
        case .invalidUTF8:
            record = Array(#"{"number":\#(line),"title":"a"#.utf8) + [0xFF, 0xC3] + Array(#"b"}"#.utf8)
            rejected.append(Rejected(line: line, input: record, code: "invalid-json"))
        }
        records += 1
        bytes += record + (kind == .goodCRLF || line % 7 == 0 ? [0x0D, 0x0A] : [0x0A])
    }

    /// The dead letters of a reject file, read with Foundation's JSON parser: line, the exact input
    /// bytes (`input_base64` when present, else `input`), and the first error's code.
    static func deadLetters(_ data: Data) throws -> [Rejected] {
        try data.split(separator: 0x0A).map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let input: [UInt8]
            if let encoded = object["input_base64"] as? String {
                input = Array(try #require(Data(base64Encoded: encoded)))
            } else {
                input = Array(try #require(object["input"] as? String).utf8)
            }
            let errors = try #require(object["errors"] as? [[String: Any]])
            return Rejected(
                line: try #require(object["line"] as? Int), input: input,
                code: try #require(errors.first?["code"] as? String))
        }
    }
}
