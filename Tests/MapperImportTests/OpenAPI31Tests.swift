import Foundation
import MapperKit
import Testing
@testable import MapperImport

/// OpenAPI 3.1 in JSON, with the constructs Discord's description uses: type arrays with null,
/// `oneOf` of `const`s, unions told apart by a property each member fixes, `allOf`, discriminators.
struct OpenAPI31Tests {
    static let description = #"""
        {
          "openapi": "3.1.0",
          "info": {"title": "Chat", "version": "10"},
          "paths": {
            "/channels/{channel_id}": {
              "get": {
                "operationId": "get_channel",
                "parameters": [{"name": "channel_id", "in": "path", "required": true, "schema": {"$ref": "#/components/schemas/Snowflake"}}],
                "responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Channel"}}}},
                  "4XX": {"description": "error", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                }
              }
            },
            "/channels/{channel_id}/messages": {
              "get": {
                "operationId": "list_messages",
                "responses": {
                  "200": {"description": "ok", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Message"}}}}}
                }
              }
            },
            "/pets/{id}": {
              "get": {
                "operationId": "get_pet",
                "parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "integer"}}],
                "responses": {"200": {"description": "ok", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Pet"}}}}}
              }
            }
          },
          "components": {
            "schemas": {
              "Snowflake": {"type": "string", "pattern": "^(0|[1-9][0-9]*)$"},
              "ChannelTypes": {"type": "integer", "oneOf": [
                {"title": "GUILD_TEXT", "const": 0}, {"title": "DM", "const": 1}, {"title": "GROUP_DM", "const": 3}]},
              "Channel": {
                "type": "object",
                "required": ["id", "type"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Snowflake"},
                  "type": {"$ref": "#/components/schemas/ChannelTypes"},
                  "topic": {"type": ["string", "null"], "maxLength": 1024},
                  "last_pin_timestamp": {"type": ["string", "null"], "format": "date-time"},
                  "permissions": {"type": ["string", "null"]}
                }
              },
              "Message": {
                "type": "object",
                "properties": {
                  "id": {"$ref": "#/components/schemas/Snowflake"},
                  "components": {"type": "array", "items": {"oneOf": [
                    {"$ref": "#/components/schemas/ButtonComponent"}, {"$ref": "#/components/schemas/TextComponent"}]}}
                }
              },
              "ButtonComponent": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "integer", "enum": [2]}, "label": {"type": "string"}}},
              "TextComponent": {"type": "object", "required": ["type"], "properties": {
                "type": {"type": "integer", "enum": [4]}, "content": {"type": "string"}}},
              "Pet": {
                "type": "object",
                "required": ["kind"],
                "properties": {"kind": {"type": "string"}, "name": {"type": "string"}},
                "discriminator": {"propertyName": "kind", "mapping": {"cat": "#/components/schemas/Cat", "dog": "#/components/schemas/Dog"}}
              },
              "Cat": {"allOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "object", "properties": {"lives": {"type": "integer"}}}]},
              "Dog": {"allOf": [{"$ref": "#/components/schemas/Pet"}, {"type": "object", "properties": {"good": {"type": "boolean"}}}]},
              "Error": {"type": "object", "properties": {"code": {"type": "integer"}, "message": {"type": "string"}}}
            }
          }
        }
        """#

    func imported() throws -> ImportFixture.Imported {
        try ImportFixture.importing(["openapi.json": Self.description], root: "openapi.json")
    }

    @Test func constOneOfIsAnEnumNamedByTitles() throws {
        let imported = try imported()
        #expect(imported.text.contains("ChannelTypes:\n    cases: { GUILD_TEXT: 0, DM: 1, GROUP_DM: 3 }"))
        let channel = try imported.decode(#"{"id": "41771983423143937", "type": 1, "topic": null}"#, route: "/channels/41771983423143937")
        #expect(channel == ["id": "41771983423143937", "type": "DM", "topic": nil])
    }

    @Test func nullableTypesAreNotRequiredAndPrimitiveComponentsAreInlined() throws {
        let imported = try imported()
        #expect(imported.text.contains("id: { type: string, required: true, pattern: \"^(0|[1-9][0-9]*)$\" }"))
        #expect(imported.text.contains("topic: { type: string, max_length: 1024 }"))
        #expect(imported.text.contains("lastPinTimestamp: date"))
        #expect(imported.catalog.models["Snowflake"] == nil)
        // A string parameter is `*`, and an error status (4XX) maps to the error model.
        #expect(imported.catalog.routes.match("/channels/abc", method: "GET")?.model == "Channel")
        #expect(imported.catalog.routes.match("/channels/1", method: "GET", status: 404)?.model == "Error")
    }

    @Test func membersThatFixAPropertyAreVariants() throws {
        let imported = try imported()
        let messages = try imported.decode(
            #"[{"id": "1", "components": [{"type": 2, "label": "OK"}, {"type": 4, "content": "hi"}]}]"#,
            route: "/channels/1/messages")
        #expect(
            messages == [
                [
                    "id": "1",
                    "components": [
                        ["$type": "ButtonComponent", "type": "_2", "label": "OK"],
                        ["$type": "TextComponent", "type": "_4", "content": "hi"],
                    ],
                ]
            ])
        let json = #"[{"id": "1", "components": [{"type": 4, "content": "hi", "extra": [1]}]}]"#
        #expect(try imported.roundtrip(json, route: "/channels/1/messages") == (try JSONValue(parsing: json)))
    }

    @Test func aDiscriminatorWithAllOfSubtypesIsVariants() throws {
        let imported = try imported()
        #expect(imported.catalog.models["Cat"]?.base == "Pet")
        let pet = try imported.decode(#"{"kind": "dog", "name": "Rex", "good": true}"#, route: "/pets/1")
        #expect(pet == ["$type": "Dog", "kind": "dog", "name": "Rex", "good": true])
        #expect(imported.catalog.routes.match("/pets/x", method: "GET") == nil)
    }

    @Test func unionsByJSONKind() throws {
        let description = Self.description.replacingOccurrences(
            of: #""permissions": {"type": ["string", "null"]}"#,
            with: ##""permissions": {"oneOf": [{"type": "string"}, {"$ref": "#/components/schemas/Error"}, {"type": "null"}]}"##)
        let imported = try ImportFixture.importing(["openapi.json": description], root: "openapi.json")
        if ImportFixture.languageHasUnions {
            #expect(imported.text.contains("permissions: string | Error"))
            let both = try imported.decode(#"{"id": "1", "type": 0, "permissions": {"code": 5}}"#, route: "/channels/1")
            #expect(both["permissions"] == ["code": 5])
        } else {
            // Until the language has unions, the import writes them and its check types them as any.
            let warning = try #require(imported.warnings("language").first)
            #expect(warning.location == "openapi.json#/components/schemas/Channel/properties/permissions")
            #expect(imported.text.contains("permissions: any"))
        }
    }

    @Test func ambiguousUnionsAreAnyWithAWarning() throws {
        let description = Self.description.replacingOccurrences(
            of: #""permissions": {"type": ["string", "null"]}"#,
            with: ##""permissions": {"anyOf": [{"$ref": "#/components/schemas/Error"}, {"$ref": "#/components/schemas/Channel"}]}"##)
        let imported = try ImportFixture.importing(["openapi.json": description], root: "openapi.json")
        let warning = try #require(imported.warnings("ambiguous-union").first)
        #expect(warning.location == "openapi.json#/components/schemas/Channel/properties/permissions")
        #expect(warning.message.contains("not told apart by JSON kind"))
        #expect(imported.text.contains("permissions: any"))
    }
}
