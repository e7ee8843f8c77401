internal import CRE2

/// A regular expression in RE2's syntax, matched in time linear in the input for every pattern
/// (RE2 runs automata, never backtracking), compiled once and shared by every thread.
///
/// ```swift
/// let regex = try RE2Regex("^[a-z_]+(\\.[a-z_]+)+$")
/// regex.contains("user.login")   // true
/// ```
public final class RE2Regex: Sendable {
    /// The pattern as written.
    public let source: String
    // Immutable after init; RE2's matching is thread-safe.
    nonisolated(unsafe) private let compiled: OpaquePointer

    /// Compiles `source`; throws what RE2 cannot run, with the construct and its column.
    public init(_ source: String) throws(RegexError) {
        var code: Int32 = 0
        var message: UnsafeMutablePointer<CChar>?
        var fragment: UnsafeMutablePointer<CChar>?
        let utf8 = Array(source.utf8)
        let result = utf8.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { characters in
                cre2_compile(characters.baseAddress, characters.count, &code, &message, &fragment)
            }
        }
        guard let result else {
            let text = message.map { String(cString: $0) } ?? "the pattern does not compile"
            let blamed = fragment.map { String(cString: $0) } ?? ""
            cre2_free_string(message)
            cre2_free_string(fragment)
            throw RegexError(pattern: source, code: Int(code), message: text, fragment: blamed)
        }
        self.source = source
        compiled = result
    }

    deinit {
        cre2_free(compiled)
    }

    /// Whether the UTF-8 bytes contain a match (an unanchored search, as JSON Schema's `pattern`).
    public func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
        call(cre2_contains, bytes)
    }

    /// Whether `text` contains a match.
    public func contains(_ text: String) -> Bool {
        call(cre2_contains, text)
    }

    /// Whether all of the UTF-8 bytes match.
    public func matchesWhole(_ bytes: UnsafeRawBufferPointer) -> Bool {
        call(cre2_full_match, bytes)
    }

    /// Whether all of `text` matches.
    public func matchesWhole(_ text: String) -> Bool {
        call(cre2_full_match, text)
    }

    private func call(_ match: (OpaquePointer?, UnsafePointer<CChar>?, Int) -> Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        match(compiled, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count) != 0
    }

    private func call(_ match: (OpaquePointer?, UnsafePointer<CChar>?, Int) -> Int32, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { call(match, UnsafeRawBufferPointer($0)) }
    }
}
