import Foundation
import MapperKit

/// How the elements of a streamed array (`ArrayReader`) are written: as one JSON array, compact or
/// pretty, byte for byte what mapping the whole array at once writes; or, with `--ndjson-output`,
/// one element a line.
///
/// Every element is mapped as a one-element array (`[element]`): the workers strip the brackets of
/// each output and end it with `terminator`; the writer (`ArrayWriter`) puts the array's brackets
/// around the whole.
struct ArrayLayout: Sendable {
    /// The array's JSON pointer in the input (`""` for a top-level array).
    var pointer: String
    var pretty: Bool
    /// One element a line, instead of a JSON array.
    var lines: Bool

    var terminator: [UInt8] {
        if lines { return [0x0A] }
        return pretty ? Array(",\n".utf8) : [UInt8(ascii: ",")]
    }

    /// Appends the element `output` (the mapped one-element array) holds, with the terminator.
    func append(record output: [UInt8], to bytes: inout [UInt8]) {
        if pretty && !lines, let value = try? JSONValue(parsing: output), case .array(let items) = value, items.count == 1 {
            // Indented one level deeper, as an element of the pretty array.
            bytes += Array("  ".utf8)
            for byte in JSONWriter.write(items[0], pretty: true).utf8 {
                bytes.append(byte)
                if byte == 0x0A { bytes += Array("  ".utf8) }
            }
        } else if output.count >= 2 {
            // The slice between the brackets, copied at once (`dropLast()` here would be
            // Sequence's, which copies byte by byte).
            bytes.append(contentsOf: output[1..<output.count - 1])
        }
        bytes += terminator
    }

    /// The element's own bytes from the one-element array a record was read as (for the reject file).
    static func element(of record: [UInt8]) -> [UInt8] {
        var element = record.dropFirst().dropLast()
        while let first = element.first, first == 0x20 || first == 0x09 || first == 0x0D { element = element.dropFirst() }
        while let last = element.last, last == 0x20 || last == 0x09 || last == 0x0D { element = element.dropLast() }
        return Array(element)
    }

    /// A record's errors as places in the input: the element's pointer (`/0/…` in the one-element
    /// array) becomes `POINTER/INDEX/…`, its path `Model[0]…` becomes `Model[INDEX]…`.
    func located(_ errors: [MappingError], index: Int) -> [MappingError] {
        errors.map { error in
            var error = error
            var rest = Substring(error.pointer)
            if rest == "/0" || rest.hasPrefix("/0/") { rest = rest.dropFirst(2) }
            error.pointer = pointer + "/\(index)" + rest
            if let range = error.path.range(of: "[0]") { error.path.replaceSubrange(range, with: "[\(index)]") }
            return error
        }
    }
}

/// Writes the chunks of a streamed array's elements to stdout: the opening bracket before the
/// first, the terminator of the last element held back until the next element (or the end) says
/// whether it is a separator.
struct ArrayWriter {
    let layout: ArrayLayout
    private var opened = false
    private var pending = false

    init(layout: ArrayLayout) {
        self.layout = layout
    }

    /// `bytes`: whole elements, each with its terminator.
    mutating func write(_ bytes: ArraySlice<UInt8>) throws {
        guard !bytes.isEmpty else { return }
        if layout.lines { return try Output.writeRecords(bytes) }
        var out: [UInt8] = []
        if !opened {
            out += layout.pretty ? Array("[\n".utf8) : [UInt8(ascii: "[")]
            opened = true
        }
        if pending { out += layout.terminator }
        let kept = bytes.count - layout.terminator.count
        if !out.isEmpty { try Output.writeRecords(out[...]) }
        try Output.writeRecords(bytes.prefix(kept))
        pending = true
    }

    /// After the last element: the closing bracket (`[]` for an empty array).
    mutating func finish() throws {
        guard !layout.lines else { return }
        guard opened else { return try Output.writeRecords(Array("[]\n".utf8)[...]) }
        try Output.writeRecords(Array((layout.pretty ? "\n]\n" : "]\n").utf8)[...])
    }
}
