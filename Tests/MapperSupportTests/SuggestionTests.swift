import Testing

@testable import MapperSupport

struct SuggestionTests {
    @Test func suggestsCloseNames() {
        #expect(Suggestion.closest(to: "Usr", in: ["User", "Issue", "Label"]) == "User")
        #expect(Suggestion.closest(to: "strng", in: ["string", "int"]) == "string")
        #expect(Suggestion.closest(to: "String", in: ["string", "int"]) == "string")
        #expect(Suggestion.closest(to: "requierd", in: ["required", "default"]) == "required")
        #expect(Suggestion.closest(to: "snake_cas", in: ["as_is", "snake_case", "camelCase", "PascalCase", "kebab-case"]) == "snake_case")
    }

    @Test func staysQuietWhenNothingIsClose() {
        #expect(Suggestion.closest(to: "Banana", in: ["User", "Issue"]) == nil)
        #expect(Suggestion.closest(to: "x", in: ["int"]) == nil)
        #expect(Suggestion.closest(to: "User", in: ["User"]) == nil)
    }

    @Test func editDistanceCountsTranspositionsOnce() {
        #expect(Suggestion.editDistance("abcd", "abdc") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
    }
}
