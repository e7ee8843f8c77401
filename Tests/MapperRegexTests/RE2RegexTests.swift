import Foundation
import Testing

import MapperRegex

struct RE2RegexTests {
    @Test func searchesUnanchoredAndMatchesWhole() throws {
        let regex = try RE2Regex("^[a-z_]+(\\.[a-z_]+)+$")
        #expect(regex.contains("user.login"))
        #expect(regex.contains("a.b.c"))
        #expect(!regex.contains("user"))
        #expect(!regex.contains("User.login"))
        let digits = try RE2Regex("[0-9]{3}")
        #expect(digits.contains("ab1234"))
        #expect(!digits.matchesWhole("ab1234"))
        #expect(digits.matchesWhole("123"))
    }

    /// JSON Schema's (ECMA-262) reading: `$` is the end of the text, not before a final newline;
    /// `\d` and `\w` are ASCII; `.` stops at a newline.
    @Test func followsJSONSchemaSemantics() throws {
        #expect(try !RE2Regex("^abc$").contains("abc\n"))
        #expect(try RE2Regex("^abc$").contains("abc"))
        #expect(try !RE2Regex("^\\d+$").contains("١٢٣"))  // Arabic-Indic digits
        #expect(try !RE2Regex("^\\w+$").contains("é"))
        #expect(try !RE2Regex("^a.b$").contains("a\nb"))
        #expect(try RE2Regex("^\\p{L}+$").contains("héllo"))
    }

    /// The shape that hangs backtracking engines runs in linear time.
    @Test(.timeLimit(.minutes(1))) func catastrophicShapesRunInLinearTime() throws {
        let regex = try RE2Regex("^(a+)+$")
        let text = String(repeating: "a", count: 100_000) + "!"
        let matched = regex.contains(text)
        #expect(!matched)
        #expect(try RE2Regex("^[a-z_]+(\\.[a-z_]+)+$").contains(String(repeating: "ab.", count: 30_000) + "c"))
    }

    @Test(arguments: [
        ("(?=x)a", "lookahead", 1), ("a(?!b)", "lookahead", 2), ("(?<=x)a", "lookbehind", 1),
        ("(a)\\1", "a backreference", 4), ("(?>ab)", "an atomic group", 1), ("a++", "a possessive quantifier", 2),
    ])
    func refusesBacktrackingConstructs(pattern: String, construct: String, column: Int) {
        do {
            _ = try RE2Regex(pattern)
            Issue.record("'\(pattern)' compiled")
        } catch {
            #expect(error.construct == construct, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.description.contains("at column \(column), which RE2 does not support"))
        }
    }

    @Test func reportsOtherSyntaxErrors() {
        #expect(throws: RegexError.self) { try RE2Regex("[a-") }
        #expect(throws: RegexError.self) { try RE2Regex("(ab") }
        do {
            _ = try RE2Regex("ab)")
        } catch {
            #expect(error.construct == nil)
            #expect(error.description.contains("unexpected )") || error.description.contains("missing"), "\(error)")
        }
    }

    @Test func invalidUTF8InputIsNoCrash() throws {
        let regex = try RE2Regex("a.c")
        let bytes: [UInt8] = [0x61, 0xFF, 0x63]
        _ = bytes.withUnsafeBytes { regex.contains($0) }
        #expect(try RE2Regex("").contains(""))
    }

    @Test func isSharedAcrossThreads() async throws {
        let regex = try RE2Regex("^[0-9a-f]{6}$")
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 { group.addTask { regex.contains(String(format: "%06x", index * 4099)) } }
            for await matched in group { #expect(matched) }
        }
    }
}
