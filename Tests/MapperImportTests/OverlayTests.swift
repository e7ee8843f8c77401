import Foundation
import MapperKit
import Testing
@testable import MapperImport
import MapperYAML

/// Overlays applied to descriptions, with the results the Overlay Specification gives: its 1.1.0
/// Traits example (github.com/OAI/Overlay-Specification `versions/1.1.0.md`, input, overlay and
/// result as written there), and the merge rules of its Action Object section (a property only in
/// the update is added, objects merge, arrays concatenate, a primitive replaces a primitive; an
/// update on an array appends).
struct OverlayTests {
    func yaml(_ text: String) throws -> JSONValue {
        let document = YAML.parse(text, file: "doc.yaml")
        return try JSONValue.fromYAML(#require(document.root)).get()
    }

    /// Applies the overlays (texts) in order to `document`.
    func apply(_ overlays: [String], to document: String) throws -> (JSONValue, [ImportWarning]) {
        try Overlay.applying(written(overlays), to: yaml(document), describing: "openapi.yaml")
    }

    /// The overlays written to files `overlay0.yaml`, … of a fresh folder.
    func written(_ overlays: [String]) throws -> [(path: String, display: String)] {
        var files: [String: String] = [:]
        for (index, text) in overlays.enumerated() { files["overlay\(index).yaml"] = text }
        let folder = try ImportFixture.folder(files)
        return overlays.indices.map { (path: folder.appendingPathComponent("overlay\($0).yaml").path, display: "overlay\($0).yaml") }
    }

    func failure(_ overlay: String, on document: String = "openapi: 3.1.0\npaths: {}\n") throws -> ImportError {
        let paths = try written([overlay])
        let value = try yaml(document)
        do {
            _ = try Overlay.applying(paths, to: value, describing: "openapi.yaml")
        } catch {
            return error
        }
        Issue.record("the overlay applied")
        return ImportError(code: .unreadable, message: "", location: .source(""))
    }

    @Test func theSpecificationsTraitsExampleGivesItsResult() throws {
        let document = """
            openapi: 3.1.0
            info: { title: API with a paged collection, version: 1.0.0 }
            paths:
              /items:
                get:
                  x-oai-traits: ['paged']
                  responses: { '200': { description: OK } }
              /items/{id}/subitems:
                get:
                  x-oai-traits: ['paged']
                  parameters:
                    - { name: id, in: path, required: true }
                  responses: { '200': { description: OK } }
              /other:
                get:
                  responses: { '200': { description: OK } }
            """
        let overlay = """
            overlay: 1.0.0
            info: { title: Apply Traits, version: 1.0.0 }
            actions:
              - target: $.paths[?(@.get['x-oai-traits'][?(@ == 'paged')])].get
                update:
                  parameters:
                    - { name: top, in: query }
                    - { name: skip, in: query }
            """
        let expected = """
            openapi: 3.1.0
            info: { title: API with a paged collection, version: 1.0.0 }
            paths:
              /items:
                get:
                  x-oai-traits: ["paged"]
                  responses: { '200': { description: OK } }
                  parameters:
                    - { name: top, in: query }
                    - { name: skip, in: query }
              /items/{id}/subitems:
                get:
                  x-oai-traits: ["paged"]
                  parameters:
                    - { name: id, in: path, required: true }
                    - { name: top, in: query }
                    - { name: skip, in: query }
                  responses: { '200': { description: OK } }
              /other:
                get:
                  responses: { '200': { description: OK } }
            """
        let (result, warnings) = try apply([overlay], to: document)
        #expect(result == (try yaml(expected)))
        #expect(warnings.isEmpty)
    }

    /// The Wildcard, Array Modification and Structured examples of the specification (1.0.0), on
    /// one document: `update` on objects merges, on an array appends, `remove` deletes array items
    /// a filter selects, and the structured example's empty `components:` changes nothing.
    @Test func wildcardsFiltersAppendsAndRemovalsFollowTheSpecification() throws {
        let document = """
            openapi: 3.1.0
            info: { title: Pets, version: 1.0.0 }
            paths:
              /pets:
                get:
                  summary: List pets
                  parameters:
                    - { name: filter, in: query, schema: { type: string } }
                    - { name: dummy, in: query }
              /pets/{id}:
                get:
                  parameters: [{ name: filter, in: header }]
                delete: {}
            components: { schemas: { Pet: { type: object } } }
            """
        let overlay = """
            overlay: 1.0.0
            info: { title: Update many objects at once, version: 1.0.0 }
            actions:
              - target: $.paths.*.get
                update: { x-safe: true }
              - target: $.paths.*.get.parameters[?@.name=='filter' && @.in=='query']
                update:
                  schema: { $ref: '#/components/schemas/filterSchema' }
              - target: $.paths.*.get.parameters
                update: { name: newParam, in: query }
              - target: $.paths.*.get.parameters[?@.name == 'dummy']
                remove: true
              - target: '$'
                update:
                  info: { x-overlay-applied: structured-overlay }
                  paths: { /pets: { get: { summary: Retrieve a list of pets } } }
                  components:
            """
        let (result, _) = try apply([overlay], to: document)
        let expected = """
            openapi: 3.1.0
            info: { title: Pets, version: 1.0.0, x-overlay-applied: structured-overlay }
            paths:
              /pets:
                get:
                  summary: Retrieve a list of pets
                  x-safe: true
                  parameters:
                    - { name: filter, in: query, schema: { type: string, $ref: '#/components/schemas/filterSchema' } }
                    - { name: newParam, in: query }
              /pets/{id}:
                get:
                  x-safe: true
                  parameters: [{ name: filter, in: header }, { name: newParam, in: query }]
                delete: {}
            components: { schemas: { Pet: { type: object } } }
            """
        #expect(result == (try yaml(expected)))
    }

    /// Overlays apply in order, each action to the result of the one before: the specification's
    /// way to replace a value is to remove it, then add it again.
    @Test func severalOverlaysApplyInOrderAndRemoveThenUpdateReplaces() throws {
        let document = """
            openapi: 3.1.0
            components:
              schemas:
                Status: { type: string, enum: [active, archived] }
            """
        let first = """
            overlay: 1.0.0
            info: { title: Drop the old values, version: 1.0.0 }
            actions:
              - target: $.components.schemas.Status.enum
                remove: true
            """
        let second = """
            overlay: 1.0.0
            info: { title: The values the API sends, version: 1.0.0 }
            actions:
              - target: $.components.schemas.Status
                update: { enum: [active, archived, deleted], default: active }
            """
        let (result, _) = try apply([first, second], to: document)
        #expect(
            result["components"]?["schemas"]?["Status"] == [
                "type": "string", "enum": ["active", "archived", "deleted"], "default": "active",
            ])
        // Without the removal the update's array is appended to the description's.
        let (appended, _) = try apply([second], to: document)
        #expect(appended["components"]?["schemas"]?["Status"]?["enum"] == ["active", "archived", "active", "archived", "deleted"])
    }

    @Test func aTargetThatSelectsNothingIsAWarningNamingTheAction() throws {
        let overlay = """
            overlay: 1.0.0
            info: { title: Fixes, version: 1.0.0 }
            actions:
              - target: $.paths
                update: { /health: { get: { operationId: health } } }
              - target: $.paths['/users'].get
                update: { deprecated: true }
            """
        let (result, warnings) = try apply([overlay], to: "openapi: 3.1.0\npaths: {}\n")
        #expect(result["paths"]?["/health"]?["get"]?["operationId"] == "health")
        #expect(
            warnings.map(\.description) == [
                "overlay0.yaml:6:13: warning: actions[1] of overlay0.yaml: the target '$.paths['/users'].get' selects nothing in openapi.yaml; the action changed nothing [overlay-target-unmatched]"
            ])
    }

    @Test func anUpdateThatIsNotAnObjectOnAnObjectIsAnErrorAtItsPlace() throws {
        let error = try failure(
            """
            overlay: 1.0.0
            info: { title: Fixes, version: 1.0.0 }
            actions:
              - target: $.info
                update: A better title
            """, on: "openapi: 3.1.0\ninfo: { title: T, version: '1' }\n")
        #expect(
            error.description
                == "overlay0.yaml:5:13: error: actions[0]: the update is a string but the target $['info'] is an object; an update merged into an object must be an object of the properties to change [overlay-update]"
        )
        let nested = try failure(
            """
            overlay: 1.0.0
            info: { title: Fixes, version: 1.0.0 }
            actions:
              - target: $.info
                update:
                  title: { text: nested }
            """, on: "openapi: 3.1.0\ninfo: { title: T, version: '1' }\n")
        #expect(nested.location == .position(Mark(file: "overlay0.yaml", line: 6, column: 14)))
        #expect(nested.message.contains("the update's ['title'] is an object but $['info']['title'] is a string"))
        let primitive = try failure(
            """
            overlay: 1.0.0
            info: { title: Fixes, version: 1.0.0 }
            actions:
              - target: $.info.title
                update: New
            """, on: "openapi: 3.1.0\ninfo: { title: T, version: '1' }\n")
        #expect(primitive.message.contains("an Overlay 1.0 target must select objects or arrays"))
    }

    @Test(arguments: [
        ("info: { title: T, version: '1' }\nactions: [{ target: $, remove: true }]", "overlay0.yaml:1:1", "no 'overlay' field"),
        ("overlay: 2.0.0\ninfo: { title: T, version: '1' }\nactions: []", "overlay0.yaml:1:10", "Overlay 2.0.0 is not supported"),
        ("overlay: 1.0.0\ninfo: { version: '1' }\nactions: [{ target: $.a, remove: true }]", "overlay0.yaml:2:7", "'info' has no 'title'"),
        ("overlay: 1.0.0\ninfo: { title: T, version: '1' }\nactions: []", "overlay0.yaml:3:10", "at least one action"),
        (
            "overlay: 1.0.0\ninfo: { title: T, version: '1' }\nactions:\n  - target: $.a\n    updates: {}", "overlay0.yaml:5:5",
            "unknown field 'updates'"
        ),
        (
            "overlay: 1.0.0\ninfo: { title: T, version: '1' }\nactions:\n  - target: $.a", "overlay0.yaml:4:5",
            "neither 'update' nor 'remove: true'"
        ),
        (
            "overlay: 1.0.0\ninfo: { title: T, version: '1' }\nactions:\n  - target: \"$.paths[?@.x ==]\"\n    remove: true",
            "overlay0.yaml:4:29", "column 16 of '$.paths[?@.x ==]'"
        ),
        (
            "overlay: 1.1.0\ninfo: { title: T, version: '1' }\nactions:\n  - target: $.a\n    copy: $.b", "overlay0.yaml:5:5",
            "'copy' (Overlay 1.1) is not supported"
        ),
    ])
    func malformedOverlaysAreErrorsWithTheirPlace(overlay: String, location: String, words: String) throws {
        let error = try failure(overlay)
        #expect(error.location.description == location, "\(error)")
        #expect(error.message.contains(words), "\(error)")
    }

    /// Fixes to a real description (the Discord fragment of `ResponseBodyTests`) that the catalog
    /// then follows: a property the description forgot, a required field the API leaves out, an
    /// operation taken away.
    @Test func theImportReadsTheOverlaidDescription() throws {
        let overlay = """
            overlay: 1.0.0
            info: { title: Discord fixes, version: 1.0.0 }
            actions:
              - target: $.components.schemas.VoiceRegionResponse.properties
                description: The API sends sample_hostname too.
                update: { sample_hostname: { type: string } }
              - target: $.components.schemas.VoiceRegionResponse.required
                remove: true
              - target: $.components.schemas.VoiceRegionResponse
                update: { required: [id, name, custom, deprecated] }
              - target: $["paths"]["/webhooks/{webhook_id}/{webhook_token}/slack"]
                remove: true
            """
        let folder = try ImportFixture.folder(["openapi.json": ResponseBodyTests.discord, "fixes.yaml": overlay])
        let root = folder.appendingPathComponent("openapi.json").path
        let plain = try ImportFixture.importing(path: root)
        let fixed = try ImportFixture.importing(path: root, options: .init(overlays: [folder.appendingPathComponent("fixes.yaml").path]))
        let region =
            #"[{"id": "rotterdam", "name": "Rotterdam", "custom": false, "deprecated": false, "sample_hostname": "rotterdam1.discord.gg"}]"#
        #expect(throws: (any Error).self) { try plain.decode(region, route: "/voice/regions") }
        #expect(try fixed.roundtrip(region, route: "/voice/regions") == (try JSONValue(parsing: Array(region.utf8))))
        #expect(plain.catalog.routes.match("/webhooks/1/abc/slack", method: "POST")?.model == "string")
        #expect(fixed.catalog.routes.match("/webhooks/1/abc/slack", method: "POST") == nil)
        #expect(fixed.result.summary.operations == plain.result.summary.operations - 1)
    }

    /// Two actions of a real overlay, Speakeasy's as documenso publishes it
    /// (github.com/documenso/sdk-typescript `.speakeasy/speakeasy-modifications-overlay.yaml`, commit
    /// 09f3a97f): double-quoted bracket names, `x-` extensions on `info` and on an action.
    @Test func aSpeakeasyOverlayApplies() throws {
        let overlay = """
            overlay: 1.0.0
            info:
              title: Speakeasy Modifications
              version: 0.0.2
              x-speakeasy-metadata:
                after: ""
                before: ""
                type: speakeasy-modifications
            actions:
              - target: $["paths"]["/document/recipient/{recipientId}"]["get"]
                update:
                  x-speakeasy-group: documents.recipients
                  x-speakeasy-name-override: get
              - target: $["paths"]["/template/direct/create"]["post"]
                update:
                  x-speakeasy-group: templates.directLink
                  x-speakeasy-name-override: create
                x-speakeasy-metadata:
                  type: method-name
                  before: sdk.Template.template-createTemplateDirectLink()
                  after: sdk.templates.directLink.create()
                  reviewed_at: 1737284371636
                  created_at: 1737284351918
            """
        let document = """
            openapi: 3.0.3
            paths:
              /document/recipient/{recipientId}:
                get: { operationId: recipient-getDocumentRecipient }
              /template/direct/create:
                post: { operationId: template-createTemplateDirectLink }
            """
        let (result, warnings) = try apply([overlay], to: document)
        #expect(warnings.isEmpty)
        #expect(
            result["paths"]?["/document/recipient/{recipientId}"]?["get"]
                == [
                    "operationId": "recipient-getDocumentRecipient", "x-speakeasy-group": "documents.recipients",
                    "x-speakeasy-name-override": "get",
                ])
        #expect(result["paths"]?["/template/direct/create"]?["post"]?["x-speakeasy-group"] == "templates.directLink")
    }
}
