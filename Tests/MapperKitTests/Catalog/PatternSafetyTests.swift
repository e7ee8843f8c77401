import Testing

@testable import MapperKit

/// Patterns that could backtrack catastrophically are refused when the catalog loads
/// (`unsafe-pattern`); everyday patterns load.
struct PatternSafetyTests {
    @Test(arguments: [
        "^[a-z]+$", "^[A-Z]{2}-\\d{4}$", "(ab)+", "(\\d{1,3}\\.){3}\\d{1,3}", "^(foo|bar)+$", "a+b+c+",
        "(?:x|y)*z", "^\\w+@\\w+\\.com$", "[(+*]+", "\\(a+\\)+", "(?<year>\\d{4})-(?<month>\\d\\d)",
        "a{2,3}", "(a{2}){3}", "\\Q(a+)+\\E", "^(https?://)?[^ ]+$",
    ])
    func safePatternsLoad(pattern: String) throws {
        #expect(PatternSafety.problem(in: pattern) == nil)
        _ = try Mapper.withPattern(pattern)
    }

    @Test(arguments: [
        ("(a+)+$", "nested quantifiers"), ("(a*)*", "nested quantifiers"), ("^(\\w+\\s?)*$", "nested quantifiers"),
        ("(\\d{1,3})+", "nested quantifiers"), ("((ab)+c)*", "nested quantifiers"), ("(a+){2}", "nested quantifiers"),
        ("(?:x+y?)+z", "nested quantifiers"), ("(a|ab)+", "same character"), ("(?:cat|car)*", "same character"),
        ("(a)\\1", "backreference"), ("(?<x>a)\\k<x>", "backreference"),
    ])
    func catastrophicPatternsAreRefusedAtLoad(pattern: String, reason: String) throws {
        let problem = try #require(PatternSafety.problem(in: pattern))
        #expect(problem.contains(reason), "\(problem)")
        let check = Catalog.check(sources: [.init(name: "p.yaml", text: """
            mapper: 1
            models:
              P:
                properties:
                  s: { type: string, pattern: \(JSONWriter.quote(pattern)) }
            """)])
        #expect(check.catalog == nil)
        let diagnostic = try #require(check.diagnostics.first)
        #expect(diagnostic.code == "unsafe-pattern")
        #expect(diagnostic.message == "pattern '\(pattern)' of property 's' of model 'P' could take exponential time to match: \(problem)")
    }
}
