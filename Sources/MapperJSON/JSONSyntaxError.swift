/// JSON text that breaks the JSON grammar or mapper's stricter input rules: where, and why.
///
/// ```
/// line 3, column 5 (byte 27): unexpected character 'x'
/// ```
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence: `duplicate key "id" in object`, `leading zeros are not allowed in numbers`.
    public var message: String
    /// Byte offset of the problem in the input.
    public var offset: Int
    /// 1-based line; only `\n` starts a new line (so CRLF counts once).
    public var line: Int
    /// 1-based column, in characters (Unicode scalars) from the start of the line.
    public var column: Int
    /// RFC 6901 pointer to the innermost value being read when it failed: `""` for the root,
    /// `/user/login`, `/labels/2`.
    public var pointer: String

    /// An error at a place in the input; `pointer` is empty when the failure is at the root.
    public init(message: String, offset: Int, line: Int, column: Int, pointer: String = "") {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    /// `line 3, column 5 (byte 27): unexpected character 'x'`: position first, as editors and
    /// people look for it.
    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(message)"
    }
}

extension JSONTokenizer {
    /// 1-based line and column of a byte offset: lines are counted by `\n` only (CRLF counts once),
    /// columns in Unicode scalars (UTF-8 continuation bytes do not count).
    package static func lineAndColumn(ofOffset offset: Int, in bytes: UnsafeRawBufferPointer) -> (line: Int, column: Int) {
        let end = min(max(offset, 0), bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        var column = 1
        for index in lineStart..<end where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return (line, column)
    }
}
