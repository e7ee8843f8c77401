import Testing

@testable import MapperJSON

/// Every file of JSONTestSuite (Fixtures/JSONTestSuite): `y_` must be accepted (except duplicate
/// keys, which SPEC §3 rejects), `n_` rejected, `i_` either way as recorded below, never a crash.
struct JSONTestSuiteTests {
    /// The implementation-defined cases this tokenizer accepts; every other `i_` file is rejected.
    static let acceptedImplementationDefined: Set<String> = [
        "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json", "i_structure_500_nested_arrays.json",
    ]

    @Test func suiteIsComplete() {
        #expect(JSONTestSupport.suiteFiles.count == 318)
        #expect(JSONTestSupport.suiteFiles.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(JSONTestSupport.suiteFiles.filter { $0.hasPrefix("n_") }.count == 188)
    }

    @Test(arguments: JSONTestSupport.suiteFiles.filter { $0.hasPrefix("y_") })
    func accepts(_ name: String) throws {
        let bytes = try JSONTestSupport.suiteBytes(name)
        if name.hasPrefix("y_object_duplicated_key") {
            let error = try #require(JSONTestSupport.syntaxError(bytes))
            #expect(error.message == #"duplicate key "a" in object"#)
            return
        }
        let value = try JSONTestSupport.withDocument(bytes) { document in
            JSONTestSupport.checkInvariants(document)
            return document.jsonValue(at: 0)
        }
        // Round trip: DOM → text → tape → DOM, and the tape's own writer agrees with the DOM's.
        let written = JSONWriter.write(value)
        let reparsed = try JSONValue(parsing: written)
        #expect(reparsed == value)
        #expect(JSONWriter.write(reparsed) == written)
        let copied = try JSONTestSupport.withDocument(bytes) { document in
            var output = JSONOutput()
            document.write(valueAt: 0, to: &output)
            return output.string
        }
        #expect(copied == written)
    }

    @Test(arguments: JSONTestSupport.suiteFiles.filter { $0.hasPrefix("n_") })
    func rejects(_ name: String) throws {
        let bytes = try JSONTestSupport.suiteBytes(name)
        let error = try #require(JSONTestSupport.syntaxError(bytes))
        #expect(error.offset >= 0 && error.offset <= bytes.count)
        #expect(error.line >= 1 && error.column >= 1)
        #expect(!error.message.isEmpty)
    }

    @Test(arguments: JSONTestSupport.suiteFiles.filter { $0.hasPrefix("i_") })
    func decidesImplementationDefined(_ name: String) throws {
        let bytes = try JSONTestSupport.suiteBytes(name)
        let error = JSONTestSupport.syntaxError(bytes)
        if Self.acceptedImplementationDefined.contains(name) {
            #expect(error == nil, "\(name): \(error?.description ?? "")")
        } else {
            #expect(error != nil, "\(name) should be rejected")
        }
    }
}
