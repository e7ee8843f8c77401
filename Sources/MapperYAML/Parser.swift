internal import CYaml

/// One parsed YAML file: its root node (nil when the file is empty or unreadable) and every
/// problem found reading it.
public struct YAMLDocument: Sendable {
    /// The document's root node; nil when the file is empty or could not be read.
    public var root: Node?
    /// Every problem found, in file order; empty when the document was read cleanly.
    public var errors: [YAMLError]
}

/// The entry point of the YAML reader (a namespace; nothing to create).
public enum YAML {
    /// Reads one YAML document with libyaml, resolving scalars by the YAML 1.2 core schema.
    ///
    /// Never traps: syntax errors, bad encodings, a second document, nesting deeper than
    /// `limits.maxDepth` and alias expansion beyond `limits.maxNodes` all come back as errors.
    ///
    /// ```swift
    /// let document = YAML.parse(Array("mapper: 1\n".utf8), file: "a.yaml")
    /// document.root?["mapper"]?.scalar?.int   // 1
    /// ```
    public static func parse(_ bytes: [UInt8], file: String, limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
        let parser = Parser(bytes: bytes, file: file)
        var builder = TreeBuilder(file: file, limits: limits)
        builder.run(parser)
        // Problems in the order of the file: a mapping's duplicate keys are only found at its end,
        // after the problems inside it.
        let errors = builder.errors.enumerated()
            .sorted { ($0.element.mark, $0.offset) < ($1.element.mark, $1.offset) }
            .map(\.element)
        return YAMLDocument(root: builder.root, errors: errors)
    }

    /// Reads one YAML document from text; see `parse(_:file:limits:)` for bytes.
    public static func parse(_ text: String, file: String, limits: YAMLLimits = YAMLLimits()) -> YAMLDocument {
        parse(Array(text.utf8), file: file, limits: limits)
    }
}

/// One libyaml event, copied out of the C structure (which is freed right after).
enum Event {
    case streamStart, streamEnd
    case documentStart, documentEnd
    case alias(anchor: String)
    case scalar(text: String, anchor: String?, tag: String?, style: Scalar.Style)
    case sequenceStart(anchor: String?, tag: String?)
    case sequenceEnd
    case mappingStart(anchor: String?, tag: String?)
    case mappingEnd
}

/// Owns a libyaml parser over a private copy of the input bytes.
final class Parser {
    /// Unchecked: only this object's own methods touch it, one call at a time, and the run-time
    /// exclusivity check on every access was a twentieth of reading a file.
    @exclusivity(unchecked) private var parser = yaml_parser_t()
    private let input: UnsafeMutableBufferPointer<UInt8>
    private let count: Int
    private let file: String

    init(bytes: [UInt8], file: String) {
        self.file = file
        // libyaml reads the buffer lazily, so it must outlive every call to yaml_parser_parse.
        count = bytes.count
        input = .allocate(capacity: max(bytes.count, 1))
        input.initialize(repeating: 0)
        bytes.withUnsafeBufferPointer { source in
            if let base = source.baseAddress { input.baseAddress!.update(from: base, count: source.count) }
        }
        yaml_parser_initialize(&parser)
        yaml_parser_set_input_string(&parser, input.baseAddress, bytes.count)
    }

    deinit {
        yaml_parser_delete(&parser)
        input.deallocate()
    }

    /// The next event and the position where it starts, or the error libyaml reports.
    func next() -> Result<(Event, Mark), YAMLError> {
        var event = yaml_event_t()
        guard yaml_parser_parse(&parser, &event) == 1 else { return .failure(error()) }
        defer { yaml_event_delete(&event) }
        let mark = self.mark(event.start_mark)
        switch event.type {
        case YAML_STREAM_START_EVENT: return .success((.streamStart, mark))
        case YAML_STREAM_END_EVENT, YAML_NO_EVENT: return .success((.streamEnd, mark))
        case YAML_DOCUMENT_START_EVENT: return .success((.documentStart, mark))
        case YAML_DOCUMENT_END_EVENT: return .success((.documentEnd, mark))
        case YAML_ALIAS_EVENT:
            return .success((.alias(anchor: string(event.data.alias.anchor) ?? ""), mark))
        case YAML_SCALAR_EVENT:
            let data = event.data.scalar
            let text = String(decoding: UnsafeBufferPointer(start: data.value, count: data.length), as: UTF8.self)
            let style: Scalar.Style
            switch data.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: style = .literal
            case YAML_FOLDED_SCALAR_STYLE: style = .folded
            default: style = .plain
            }
            return .success((.scalar(text: text, anchor: string(data.anchor), tag: string(data.tag), style: style), mark))
        case YAML_SEQUENCE_START_EVENT:
            let data = event.data.sequence_start
            return .success((.sequenceStart(anchor: string(data.anchor), tag: string(data.tag)), mark))
        case YAML_SEQUENCE_END_EVENT: return .success((.sequenceEnd, mark))
        case YAML_MAPPING_START_EVENT:
            let data = event.data.mapping_start
            return .success((.mappingStart(anchor: string(data.anchor), tag: string(data.tag)), mark))
        case YAML_MAPPING_END_EVENT: return .success((.mappingEnd, mark))
        default: return .success((.streamEnd, mark))
        }
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(file: file, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func error() -> YAMLError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown libyaml error"
        if parser.error == YAML_READER_ERROR {
            // Reader errors carry a byte offset instead of a mark.
            let offset = parser.problem_offset
            var value = ""
            if parser.problem_value != -1 {
                let hex = String(Int(parser.problem_value), radix: 16, uppercase: true)
                value = "0x" + String(repeating: "0", count: max(0, 2 - hex.count)) + hex + " "
            }
            return YAMLError(
                .encoding, "the file is not valid YAML text: \(problem) (\(value)at byte offset \(offset))",
                at: markOfByte(offset))
        }
        let problemMark = markInText(parser.problem_mark)
        let context = parser.context.map { String(cString: $0) }
        let (mark, message, hint) = SyntaxHint.place(
            SyntaxHint.Report(
                problem: problem, problemMark: problemMark, context: context,
                contextMark: markInText(parser.context_mark), line: line(at: problemMark.line),
                atEnd: problemMark >= markOfByte(count)))
        return YAMLError(.syntax, message, at: mark, hint: hint)
    }

    /// The bytes of a 1-based line of the input (empty past the end).
    private func line(at number: Int) -> [UInt8] {
        var current = 1
        var start = 0
        while current < number, start < count {
            if input[start] == UInt8(ascii: "\n") { current += 1 }
            start += 1
        }
        var end = start
        while end < count, input[end] != UInt8(ascii: "\n") { end += 1 }
        return Array(input[start..<end])
    }

    /// libyaml puts the end of the stream on a line of its own, at column 0, even when the file
    /// does not end with a line break; this points at the real end instead.
    private func markInText(_ mark: yaml_mark_t) -> Mark {
        guard mark.column == 0 else { return self.mark(mark) }
        return min(self.mark(mark), markOfByte(count))
    }

    /// Line and column of a byte offset, counting columns in characters and line breaks as libyaml
    /// does (`\n`, `\r\n`, `\r`, U+0085, U+2028, U+2029).
    private func markOfByte(_ offset: Int) -> Mark {
        let end = min(offset, count)
        let utf16: Bool? =
            switch parser.encoding {
            case YAML_UTF16LE_ENCODING: true
            case YAML_UTF16BE_ENCODING: false
            default: nil
            }
        var index = utf16 != nil ? 2 : input.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var line = 1
        var column = 1
        var previous: UInt32 = 0
        while index < end {
            let (character, width) = character(at: index, utf16LittleEndian: utf16)
            index += width
            defer { previous = character }
            switch character {
            case 0x0A where previous == 0x0D:
                break  // the `\r` of `\r\n` broke the line
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029:
                line += 1
                column = 1
            default:
                column += 1
            }
        }
        return Mark(file: file, line: line, column: column)
    }

    /// The character starting at a byte index of the input, and its width in bytes.
    private func character(at index: Int, utf16LittleEndian: Bool?) -> (UInt32, Int) {
        guard let littleEndian = utf16LittleEndian else {
            let byte = input[index]
            let width = byte < 0xC0 ? 1 : byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : byte < 0xF8 ? 4 : 1
            guard width > 1, index + width <= count else { return (UInt32(byte), 1) }
            var value = UInt32(byte) & (0x7F >> width)
            for next in input[(index + 1)..<(index + width)] { value = value << 6 | UInt32(next & 0x3F) }
            return (value, width)
        }
        func unit(_ at: Int) -> UInt32? {
            guard at + 2 <= count else { return nil }
            let (first, second) = (UInt32(input[at]), UInt32(input[at + 1]))
            return littleEndian ? second << 8 | first : first << 8 | second
        }
        guard let first = unit(index) else { return (0xFFFD, 2) }
        if first & 0xFC00 == 0xD800, let second = unit(index + 2), second & 0xFC00 == 0xDC00 {
            return (0x10000 + ((first & 0x3FF) << 10 | second & 0x3FF), 4)
        }
        return (first, 2)
    }
}
