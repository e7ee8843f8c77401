import Testing

@testable import MapperKit

struct CatalogCompilerTests {
    @Test func inheritedPropertiesComeFirstAndRedefinitionsKeepTheirPlace() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Base:
                    key_style: snake_case
                    unknown_keys: reject
                    properties:
                      id: int
                      createdAt: date
                      name: string
                  Derived:
                    extends: Base
                    properties:
                      extra: bool
                      name: { type: string, required: true }
                """)
        let derived = try #require(catalog.models["Derived"])
        #expect(derived.properties.map(\.name) == ["id", "createdAt", "name", "extra"])
        #expect(derived.property(named: "name")?.required == true)
        #expect(derived.property(named: "name")?.declaredIn == "Derived")
        #expect(derived.property(named: "createdAt")?.declaredIn == "Base")
        #expect(derived.keyStyle == .snakeCase)
        #expect(derived.unknownKeys == .reject)
        #expect(derived.property(named: "createdAt")?.key?.segments == ["created_at"])
        #expect(derived.property(named: "extra")?.key?.segments == ["extra"])
    }

    @Test func everyGenerationMergesItsAncestorsInOrder() throws {
        // Descendants first in the file, two models extending one, a redefinition in the middle.
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Manager:
                    extends: Employee
                    properties:
                      reports: "[string]"
                      title: { type: string, required: true }
                  Employee:
                    extends: Person
                    properties:
                      title: string
                      id: string
                  Contractor:
                    extends: Person
                    properties: { agency: string }
                  Person:
                    extends: Entity
                    properties: { name: string }
                  Entity:
                    key_style: snake_case
                    unknown_keys: reject
                    properties:
                      id: int
                      createdAt: date
                """)
        let person = try #require(catalog.models["Person"])
        let employee = try #require(catalog.models["Employee"])
        let manager = try #require(catalog.models["Manager"])
        let contractor = try #require(catalog.models["Contractor"])
        #expect(person.properties.map(\.name) == ["id", "createdAt", "name"])
        #expect(employee.properties.map(\.name) == ["id", "createdAt", "name", "title"])
        #expect(manager.properties.map(\.name) == ["id", "createdAt", "name", "title", "reports"])
        #expect(contractor.properties.map(\.name) == ["id", "createdAt", "name", "agency"])
        #expect(employee.property(named: "id")?.type == .string)
        #expect(manager.property(named: "id")?.declaredIn == "Employee")
        #expect(contractor.property(named: "id")?.type == .int)
        #expect(manager.property(named: "title")?.declaredIn == "Manager")
        #expect(manager.property(named: "title")?.required == true)
        #expect(employee.property(named: "title")?.required == false)
        for model in [person, employee, manager, contractor] {
            #expect(model.keyStyle == .snakeCase)
            #expect(model.unknownKeys == .reject)
            #expect(model.property(named: "createdAt")?.key?.description == "created_at")
        }
    }

    @Test func keysFollowTheDeclaringModelsStyle() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Base: { key_style: snake_case, properties: { createdAt: date } }
                  Shouty: { extends: Base, key_style: SCREAMING_SNAKE_CASE, properties: { updatedAt: date } }
                """)
        let shouty = try #require(catalog.models["Shouty"])
        #expect(shouty.property(named: "createdAt")?.key?.description == "created_at")
        #expect(shouty.property(named: "updatedAt")?.key?.description == "UPDATED_AT")
    }

    @Test func recursiveModelsLoad() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Group: { properties: { users: "[User]", parent: Group } }
                  User: { properties: { groups: "[Group]", friends: "[string: User]" } }
                """)
        #expect(catalog.models["Group"]?.property(named: "users")?.type == .array(.model("User")))
        #expect(catalog.models["User"]?.property(named: "friends")?.type == .dictionary(.model("User")))
    }

    @Test func unquotedCollectionTypesAreUnderstood() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Label: { properties: { name: string } }
                  Issue:
                    properties:
                      labels: [Label]
                      counts: [string: int]
                      nested: { type: [[Label]] }
                """)
        let issue = try #require(catalog.models["Issue"])
        #expect(issue.property(named: "labels")?.type == .array(.model("Label")))
        #expect(issue.property(named: "counts")?.type == .dictionary(.int))
        #expect(issue.property(named: "nested")?.type == .array(.array(.model("Label"))))
    }

    @Test func longFormFieldsAreRead() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                formats:
                  money: { number: decimal, locale: en_US }
                models:
                  Item:
                    properties:
                      login: { type: string, key: user.login, required: true, min_length: 1, max_length: 39, pattern: "^[a-z]+$" }
                      dotted: { type: string, key: 'a\\.b.c' }
                      price: { type: decimal, format: money, minimum: 0, maximum: 1e6, merge: sum }
                      count: { type: int, json: string, default: 0, compare: false, archive: false }
                      seen: { type: date, computed: now }
                      tags: { type: "[string]", merge: union, default: [] }
                      id: { type: uuid, computed: uuid }
                      flag: { type: bool, json: int, transient: true, default: false }
                """)
        let item = try #require(catalog.models["Item"])
        let login = try #require(item.property(named: "login"))
        #expect(login.key?.segments == ["user", "login"])
        #expect(login.constraints.maxLength == 39)
        #expect(login.constraints.pattern?.source == "^[a-z]+$")
        #expect(item.property(named: "dotted")?.key?.segments == ["a.b", "c"])
        #expect(item.property(named: "price")?.format == .number("money"))
        #expect(item.property(named: "price")?.constraints.maximum == JSONNumber("1000000"))
        #expect(item.property(named: "price")?.merge == .sum)
        let count = try #require(item.property(named: "count"))
        #expect(count.representation == .string)
        #expect(count.defaultValue == 0)
        #expect(!count.compare && !count.archive)
        let seen = try #require(item.property(named: "seen"))
        #expect(seen.computed == .now && seen.transient && seen.key == nil)
        #expect(item.property(named: "tags")?.defaultValue == [])
        #expect(item.property(named: "flag")?.key == nil)
        #expect(catalog.formats["money"]?.style == .number)
        #expect(catalog.warnings.isEmpty)
    }

    @Test func mergeKeysShareProperties() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  A:
                    properties: &common
                      id: int
                      name: string
                  B:
                    properties:
                      <<: *common
                      name: { type: string, required: true }
                      extra: bool
                """)
        let b = try #require(catalog.models["B"])
        #expect(b.properties.map(\.name) == ["id", "name", "extra"])
        #expect(b.property(named: "name")?.required == true)
        #expect(b.property(named: "id")?.mark.line == 5)  // the definition's position, not the alias's
    }

    @Test func variantsAndMigrationsCompile() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Event:
                    properties: { id: string, type: string }
                    variants:
                      by: type
                      cases: { PushEvent: PushEvent, 7: NumberedEvent }
                      fallback: Event
                  PushEvent: { extends: Event, properties: { ref: { type: string, key: payload.ref } } }
                  NumberedEvent: { extends: Event }
                  Message:
                    properties: { kind: string }
                    variants:
                      when:
                        - { has: image_url, model: PictureMessage }
                        - { equals: { kind: text, meta.v: 2 }, model: TextMessage }
                  PictureMessage: { extends: Message }
                  TextMessage: { extends: Message }
                  Profile:
                    version: 3
                    properties: { name: string, title: string, count: int }
                    migrations:
                      - from: 2
                        set: { count: 1 }
                      - from: 1
                        rename: { mtl_name: name }
                        template: { title: "M: ${name} costs $$5" }
                        drop: [legacy]
                """)
        let discriminator = try #require(catalog.models["Event"]?.variants?.discriminator)
        #expect(discriminator.by.segments == ["type"])
        #expect(discriminator.cases.map(\.model) == ["PushEvent", "NumberedEvent"])
        #expect(discriminator.cases.map(\.value) == ["PushEvent", 7])
        #expect(catalog.models["Event"]?.variants?.predicates.isEmpty == true)
        #expect(catalog.models["Event"]?.variants?.fallback == "Event")
        #expect(catalog.models["PushEvent"]?.variants == nil)  // variants are not inherited
        let predicates = try #require(catalog.models["Message"]?.variants?.predicates)
        #expect(predicates.map(\.model) == ["PictureMessage", "TextMessage"])
        #expect(catalog.models["Message"]?.variants?.discriminator == nil)
        let migrations = try #require(catalog.models["Profile"]?.migrations)
        #expect(migrations.map(\.from) == [1, 2])
        #expect(migrations[0].rename.first?.value == "name")
        #expect(migrations[0].template.first?.value.parts == [.literal("M: "), .field("name"), .literal(" costs $5")])
        #expect(migrations[0].drop == ["legacy"])
        #expect(migrations[1].set.first?.value == 1)
    }

    @Test func namesAreGlobalAcrossFilesInOrder() throws {
        let catalog = try Catalog(sources: [
            .init(name: "a.yaml", text: "mapper: 1\nmodels: { B: { properties: { a: Color } } }\n"),
            .init(name: "b.yaml", text: "mapper: 1\nenums: { Color: { cases: { red: r } } }\nmodels: { A: { extends: B } }\n"),
        ])
        #expect(catalog.modelNames == ["B", "A"])
        #expect(catalog.models["A"]?.property(named: "a")?.type == .enumeration("Color"))
        #expect(catalog.files == ["a.yaml", "b.yaml"])
    }

    @Test func unusedDefinitionsWarnButLoad() throws {
        let check = Catalog.check(sources: [
            .init(
                name: "w.yaml",
                text: """
                    mapper: 1
                    enums: { Color: { cases: { red: r } } }
                    formats: { day: { date: yyyy-MM-dd } }
                    models: { A: { properties: { a: string } } }
                    """)
        ])
        #expect(check.catalog != nil)
        #expect(check.diagnostics.map(\.code) == ["unused", "unused"])
        #expect(check.diagnostics.map(\.line) == [2, 3])
        #expect(check.catalog?.warnings.count == 2)
    }

    @Test func revisionFollowsContent() throws {
        let a = try Catalog(yaml: "mapper: 1\nmodels: { A: { properties: { a: string } } }\n")
        let b = try Catalog(yaml: "mapper: 1\nmodels: { A: { properties: { a: string } } }\n")
        let c = try Catalog(yaml: "mapper: 1\nmodels: { A: { properties: { a: int } } }\n")
        #expect(a.revision == b.revision)
        #expect(a.revision != c.revision)
        #expect(a.revision.count == 16)
    }

    @Test func transformersMustBeRegisteredOrAssumed() throws {
        let yaml = "mapper: 1\nmodels: { A: { properties: { a: { type: string, transform: upper } } } }\n"
        #expect(throws: CatalogError.self) { try Catalog(yaml: yaml) }
        let assumed = try Catalog(yaml: yaml, options: LoadOptions(assumedTransformers: ["upper"]))
        #expect(assumed.models["A"]?.property(named: "a")?.transform == "upper")
        let registered = try Catalog(yaml: yaml, options: LoadOptions(transformers: ["upper": Transformer(forward: { $0 })]))
        #expect(registered.transformers["upper"] != nil)
    }

    /// Date patterns written alike are built once per load: each format still gets the pattern, and
    /// each is reported on its own when the pattern cannot read back what it writes.
    @Test func formatsWrittenAlikeAreEachCompiledAndReported() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Event: { properties: { at: { type: date, format: first }, until: { type: date, format: second } } }
                formats:
                  first: { date: "dd.MM.yyyy HH:mm", time_zone: Europe/Berlin }
                  second: { date: "dd.MM.yyyy HH:mm", time_zone: Europe/Berlin }
                """)
        var session = MappingSession(catalog: catalog)
        let decoded = try session.decode(Array(#"{"at":"01.07.2024 12:00","until":"02.07.2024 08:30"}"#.utf8), as: "Event")
        #expect(
            String(decoding: try session.canonicalJSON(decoded, as: "Event"), as: UTF8.self)
                == #"{"at":"2024-07-01T10:00:00Z","until":"2024-07-02T06:30:00Z"}"#)

        let check = Catalog.check(sources: [
            .init(
                name: "q.yaml",
                text: """
                    mapper: 1
                    models: { R: { properties: { a: { type: date, format: q1 }, b: { type: date, format: q2 } } } }
                    formats:
                      q1: { date: "yyyy-QQ" }
                      q2: { date: "yyyy-QQ" }
                    """)
        ])
        #expect(check.diagnostics.map(\.code) == ["invalid-date-pattern", "invalid-date-pattern"])
        #expect(check.diagnostics.map(\.line) == [4, 5])
        #expect(check.diagnostics.map { $0.message.hasPrefix("format 'q\($0.line - 3)':") } == [true, true])
    }

    /// Regular expressions written alike are compiled once per batch of models: every property still checks
    /// its values, and each bad one is reported where it is written.
    @Test func patternsWrittenAlikeAreEachCheckedAndReported() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  A: { properties: { code: { type: string, pattern: "^[0-9]{3}$" } } }
                  B: { properties: { zip: { type: string, pattern: "^[0-9]{3}$" }, also: { type: string, pattern: "^[0-9]{3}$" } } }
                """)
        var session = MappingSession(catalog: catalog)
        #expect(throws: MappingErrors.self) { try session.decode(Array(#"{"code":"12"}"#.utf8), as: "A") }
        #expect(throws: MappingErrors.self) { try session.decode(Array(#"{"zip":"123","also":"1234"}"#.utf8), as: "B") }
        #expect(throws: Never.self) { try session.decode(Array(#"{"zip":"123","also":"456"}"#.utf8), as: "B") }

        let check = Catalog.check(sources: [
            .init(
                name: "p.yaml",
                text: """
                    mapper: 1
                    models:
                      R: { properties: { a: { type: string, pattern: '(a)\\1' } } }
                      S: { properties: { b: { type: string, pattern: '(a)\\1' } } }
                    """)
        ])
        #expect(check.diagnostics.map(\.code) == ["invalid-pattern", "invalid-pattern"])
        #expect(check.diagnostics.map(\.line) == [3, 4])
    }

    /// `true` (a boolean key) and "true" (a string key) are distinct YAML keys that name one
    /// property: the later declaration takes the earlier one's place.
    @Test func keysNamingOnePropertyKeepTheLaterDeclarationInTheEarliersPlace() throws {
        let catalog = try Catalog(
            yaml: """
                mapper: 1
                models:
                  Flags:
                    properties:
                      true: string
                      other: bool
                      "true": int
                """)
        let flags = try #require(catalog.models["Flags"])
        #expect(flags.properties.map(\.name) == ["true", "other"])
        #expect(flags.property(named: "true")?.type == .int)
    }

    @Test func errorsCarryEveryDiagnostic() {
        do {
            _ = try Catalog(yaml: "mapper: 2\nmodels: { a: { properties: { x: Strin } } }\nextra: 1\n")
            Issue.record("expected the load to fail")
        } catch {
            #expect(error.diagnostics.map(\.code) == ["unsupported-version", "invalid-name", "unknown-key"])
            #expect(error.description.hasSuffix("3 errors, 0 warnings"))
        }
    }
}
