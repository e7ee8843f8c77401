/// A position in a YAML source: file, 1-based line and 1-based column (in characters).
public struct Mark: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file's name as given to the reader (a path or a source name).
    public var file: String
    /// 1-based line.
    public var line: Int
    /// 1-based column, in characters from the start of the line.
    public var column: Int

    /// A position; `line` and `column` count from 1.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, the form compilers and editors understand.
    public var description: String { "\(file):\(line):\(column)" }

    /// Orders by file name, then line, then column: the order diagnostics are listed in within a file.
    public static func < (lhs: Mark, rhs: Mark) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}
