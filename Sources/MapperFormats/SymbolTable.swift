/// A list of names (months, weekdays, eras, …) stored as flat UTF-8, for allocation-free matching
/// and writing.
///
/// Matching ignores ASCII case and also accepts each name's full Unicode lower- and upper-case
/// forms (`märz`, `MÄRZ` for `März`); the longest name wins, and `match` reports every index that
/// matched at that length (narrow names such as `S` are ambiguous).
package final class SymbolTable: Sendable {
    private struct Candidate: Sendable {
        var start: Int
        var count: Int
        var index: Int
    }

    private let display: [UInt8]
    private let displayStarts: [Int]
    private let candidateBytes: [UInt8]
    private let candidates: [Candidate]
    let maximumLength: Int

    /// The names as written, by index.
    var names: [String] {
        (0..<(displayStarts.count - 1)).map { String(decoding: display[displayStarts[$0]..<displayStarts[$0 + 1]], as: UTF8.self) }
    }

    convenience init(_ names: [String]) {
        self.init(alternatives: names.map { [$0] })
    }

    /// Each entry lists the names of one index; the first is the one written.
    init(alternatives: [[String]]) {
        var display: [UInt8] = []
        var displayStarts = [0]
        var candidateBytes: [UInt8] = []
        var candidates: [Candidate] = []
        var maximumLength = 0
        for (index, names) in alternatives.enumerated() {
            let name = names.first ?? ""
            display += Array(name.utf8)
            displayStarts.append(display.count)
            maximumLength = max(maximumLength, name.utf8.count)
            var seen: [[UInt8]] = []
            for variant in names.flatMap({ [$0, $0.lowercased(), $0.uppercased()] }) {
                let folded = variant.utf8.map(SymbolTable.fold)
                guard !folded.isEmpty, !seen.contains(folded) else { continue }
                seen.append(folded)
                candidates.append(Candidate(start: candidateBytes.count, count: folded.count, index: index))
                candidateBytes += folded
            }
        }
        self.display = display
        self.displayStarts = displayStarts
        self.candidateBytes = candidateBytes
        self.candidates = candidates
        self.maximumLength = maximumLength
    }

    var count: Int {
        displayStarts.count - 1
    }

    func write(_ index: Int, to out: inout ByteCursor) {
        guard index >= 0, index < count else { return }
        display.withUnsafeBufferPointer { bytes in
            out.append(UnsafeBufferPointer(rebasing: bytes[displayStarts[index]..<displayStarts[index + 1]]))
        }
    }

    /// The indices (as a bit mask) of the longest names found at `position`, and that length.
    func match(_ input: UnsafeBufferPointer<UInt8>, at position: Int) -> (mask: UInt32, length: Int)? {
        var best: (mask: UInt32, length: Int)?
        let available = input.count - position
        candidateBytes.withUnsafeBufferPointer { bytes in
            for candidate in candidates where candidate.count <= available {
                if let current = best, candidate.count < current.length { continue }
                var equal = true
                for k in 0..<candidate.count where SymbolTable.fold(input[position + k]) != bytes[candidate.start + k] {
                    equal = false
                    break
                }
                guard equal else { continue }
                if let current = best, current.length == candidate.count {
                    best = (current.mask | 1 << UInt32(candidate.index), current.length)
                } else {
                    best = (1 << UInt32(candidate.index), candidate.count)
                }
            }
        }
        return best
    }

    @inline(__always)
    static func fold(_ byte: UInt8) -> UInt8 {
        byte &- 65 < 26 ? byte | 0x20 : byte
    }
}
