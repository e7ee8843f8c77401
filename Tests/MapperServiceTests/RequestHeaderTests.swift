import HTTPTypes
import Testing

@testable import MapperService

/// What a request's lookups take without making strings: `MediaRange.essence` returning the
/// lower-case text as it is, and `HTTPFields.value`, agree with the definitions they shortcut.
struct RequestHeaderTests {
    /// The essence by its definition: the text before the first `;`, without Unicode whitespace
    /// around it, lower-cased by Unicode's rules.
    private func definedEssence(_ contentType: String) -> String {
        let type = contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let start = type.firstIndex { !$0.isWhitespace } ?? type.endIndex
        let end = type.lastIndex { !$0.isWhitespace }.map { type.index(after: $0) } ?? start
        return type[start..<max(start, end)].lowercased()
    }

    @Test(arguments: [
        "application/json", "Application/JSON", "APPLICATION/JSON; charset=utf-8", " application/json ", "\tapplication/json\r\n",
        "application/json;", ";application/json", "application/json ; q=1", "application/vnd.github+json", "application/+json",
        "Application/Problem+JSON", "application/json+xml", "application/jsonx", "application/", "+json", "application+json",
        "text/json", "text/plain", "", " ", ";", "application /json", "application/ json", "application/json\u{0B}\u{0C}",
        "applicatIon/json",
        // Not ASCII: Unicode's rules decide (a no-break space is whitespace, the Kelvin sign lower-cases to k).
        "application/json\u{A0}", "\u{2003}application/json", "application/vnd.\u{212A}+json", "application/jsön",
        // A mark joins the ";" before it into another character, which does not end the type.
        "application/json;\u{301}charset=utf-8", "application/json; charset=ütf-8", "application/json\r\n; q=1",
    ])
    func essenceAgreesWithItsDefinition(contentType: String) {
        let type = definedEssence(contentType)
        #expect(MediaRange.essence(contentType) == type, "\(contentType.debugDescription)")
        let json = type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
        #expect(MediaRange.isJSON(contentType) == json, "\(contentType.debugDescription)")
    }

    @Test func valueIsTheSubscriptsValue() {
        let name = HTTPField.Name.contentType
        let fieldLists: [HTTPFields] = [
            [:], [.contentType: "application/json"], [.contentLength: "12", .accept: "*/*"],
            HTTPFields([HTTPField(name: .contentLength, value: "1"), HTTPField(name: name, value: "a"), HTTPField(name: name, value: "b")]),
            HTTPFields([HTTPField(name: HTTPField.Name("CONTENT-TYPE")!, value: "text/plain")]),
        ]
        for fields in fieldLists {
            #expect(fields.value(name) == fields[name], "\(fields)")
        }
        #expect(fieldLists[3].value(name) == "a, b")
    }
}
