import MapperYAML
import Testing

@testable import MapperLanguageServer

/// Where the language server finds a model's uses (for references and rename).
struct CatalogIndexTests {
    /// A route names a model, a model with `?` (a body that may be null) or a type expression:
    /// the model's name inside each is a use of it, at the column where the name is written.
    @Test func routeTargetsUseTheModelsTheyName() {
        let text = """
            mapper: 1
            models:
              User: { properties: { login: string } }
            routes:
              paths:
                /users/*: User
                /me: User?
                /team: "[User]"
            """
        let index = CatalogIndex(files: [FileReader(file: "a.yaml", document: YAML.parse(text, file: "a.yaml"))])
        let uses = index.occurrences.filter { $0.name == "User" && !$0.isDeclaration }.map { [$0.line, $0.column] }
        #expect(uses == [[6, 15], [7, 10], [8, 14]])
    }
}
