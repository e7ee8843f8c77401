import Testing

@testable import MapperKit

extension RuntimeTests {
    /// Expressions over properties that may be null or absent: the load-time `unguarded-null`
    /// warning, and run-time messages in mapper's type names. Expected texts follow the rules of
    /// docs/language/expressions.md ("Null and absent in self").
    struct NullSafeExpressionTests {
        static let yaml = """
            mapper: 1
            models:
              Task:
                properties:
                  name: { type: string, required: true }
                  dueAt: { type: date, required: true }
                  completedAt: { type: date, default: "2020-01-01T00:00:00Z" }
                rules:
                  - rule: "has(self.completedAt) && self.completedAt > self.dueAt"
                    message: late
              Checked:
                properties:
                  dueAt: { type: date, required: true }
                  completedAt: date
                rules:
                  - rule: "!has(self.completedAt) || self.completedAt == null || self.completedAt <= self.dueAt"
                    message: late
            """

        @Test func anOperatorOnANullablePropertyIsAWarningWithTheTestToWrite() throws {
            let catalog = try Catalog(yaml: Self.yaml, name: "test.yaml")
            let warnings = catalog.warnings.filter { $0.code == Diagnostic.Code.unguardedNull.rawValue }
            // Task's rule has no null test; Checked's has every test it needs.
            #expect(warnings.count == 1)
            let warning = try #require(warnings.first)
            #expect(warning.mark.line == 9)
            #expect(warning.message.contains("the rule of model 'Task' applies '>' to self.completedAt, which may be null"))
            #expect(warning.hint?.contains("self.completedAt != null") == true)
            // completedAt has a default, so it is never absent (but JSON null stays null): has() is not asked for.
            #expect(warning.hint?.contains("has(self.completedAt) &&") == false)
        }

        @Test func loadTimeMessagesNameMappersTypesToo() throws {
            let yaml = """
                mapper: 1
                models:
                  P:
                    properties:
                      born: { type: date, required: true }
                      tags: { type: "[string]", required: true }
                      n: { type: int, decode: "self.born" }
                      m: { type: int, decode: "self.born + 1" }
                      k: { type: int, decode: "self.tags + 1" }
                """
            let messages = Catalog.check(sources: [Catalog.Source(name: "test.yaml", text: yaml)]).diagnostics.map(\.message)
            #expect(messages.contains { $0.contains("gives date, which 'P.n' of type int cannot hold") }, "\(messages)")
            #expect(messages.contains { $0.contains("no such overload: date + int") }, "\(messages)")
            #expect(messages.contains { $0.contains("no such overload: [string] + int") }, "\(messages)")
            #expect(!messages.contains { $0.contains("google.protobuf") })
        }

        @Test func runTimeMessagesNameMappersTypes() throws {
            let mapper = try Mapper(Self.yaml)
            let errors = mapper.errors(#"{"name":"a","dueAt":"2026-01-01T00:00:00Z","completedAt":null}"#, as: "Task")
            #expect(errors.count == 1)
            #expect(errors.first?.contains("no such overload: null > date") == true, "\(errors)")
            #expect(errors.first?.contains("google.protobuf") == false)
            #expect(errors.first?.contains("null_type") == false)
            // Guarded, the same document passes.
            #expect(mapper.errors(#"{"dueAt":"2026-01-01T00:00:00Z","completedAt":null}"#, as: "Checked") == [])
            #expect(mapper.errors(#"{"dueAt":"2026-01-01T00:00:00Z"}"#, as: "Checked") == [])
        }
    }
}
