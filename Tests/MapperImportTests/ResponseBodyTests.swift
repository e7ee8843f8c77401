import Foundation
import MapperKit
import Testing
@testable import MapperImport

/// Success bodies that are not one object, on a fragment of Discord's description
/// (`../shared/data/openapi/discord/openapi.json`, "Discord HTTP API (Preview)" 10, OpenAPI 3.1;
/// schemas trimmed to a few properties, words and structure kept):
///
/// - `GET /voice/regions`: `type: [array, "null"]` of `VoiceRegionResponse`;
/// - `GET /guilds/{guild_id}/roles`: an array of `GuildRoleResponse`;
/// - `GET /channels/{channel_id}`: `oneOf` four channel objects without a discriminator;
/// - `GET /guilds/{guild_id}/channels`: an array of that `oneOf`;
/// - `POST /webhooks/{webhook_id}/{webhook_token}/slack`: `type: [string, "null"]`.
struct ResponseBodyTests {
    static let discord = """
        {
          "openapi": "3.1.0",
          "info": {"title": "Discord HTTP API (Preview)", "version": "10"},
          "servers": [{"url": "https://discord.com/api/v10"}],
          "paths": {
            "/voice/regions": {"get": {"operationId": "list_voice_regions", "responses": {"200": {
              "description": "200 response for list_voice_regions",
              "content": {"application/json": {"schema": {"type": ["array", "null"], "items": {"$ref": "#/components/schemas/VoiceRegionResponse"}}}}}}}},
            "/guilds/{guild_id}/roles": {"get": {"operationId": "list_guild_roles", "responses": {"200": {
              "description": "200 response for list_guild_roles",
              "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/GuildRoleResponse"}}}}}}}},
            "/channels/{channel_id}": {"get": {"operationId": "get_channel", "responses": {"200": {
              "description": "200 response for get_channel",
              "content": {"application/json": {"schema": {"oneOf": [
                {"$ref": "#/components/schemas/GuildChannelResponse"}, {"$ref": "#/components/schemas/PrivateChannelResponse"}]}}}}}}},
            "/guilds/{guild_id}/channels": {"get": {"operationId": "list_guild_channels", "responses": {"200": {
              "description": "200 response for list_guild_channels",
              "content": {"application/json": {"schema": {"type": ["array", "null"], "items": {"oneOf": [
                {"$ref": "#/components/schemas/GuildChannelResponse"}, {"$ref": "#/components/schemas/PrivateChannelResponse"}]}}}}}}}},
            "/webhooks/{webhook_id}/{webhook_token}/slack": {"post": {"operationId": "execute_slack_compatible_webhook", "responses": {"200": {
              "description": "200 response for execute_slack_compatible_webhook",
              "content": {"application/json": {"schema": {"type": ["string", "null"]}}}}}}}
          },
          "components": {"schemas": {
            "VoiceRegionResponse": {"type": "object", "properties": {
              "id": {"type": "string"}, "name": {"type": "string"}, "custom": {"type": "boolean"},
              "deprecated": {"type": "boolean"}, "optimal": {"type": "boolean"}},
              "required": ["id", "name", "custom", "deprecated", "optimal"]},
            "GuildRoleResponse": {"type": "object", "properties": {
              "id": {"type": "string"}, "name": {"type": "string"}, "position": {"type": "integer", "format": "int32"},
              "icon": {"type": ["string", "null"]}}, "required": ["id", "name", "position", "icon"]},
            "GuildChannelResponse": {"type": "object", "properties": {
              "id": {"type": "string"}, "type": {"type": "integer"}, "guild_id": {"type": "string"}, "name": {"type": "string"}},
              "required": ["id", "type", "guild_id", "name"]},
            "PrivateChannelResponse": {"type": "object", "properties": {
              "id": {"type": "string"}, "type": {"type": "integer"}, "last_message_id": {"type": ["string", "null"]}},
              "required": ["id", "type"]}
          }}
        }
        """

    func imported() throws -> ImportFixture.Imported {
        try ImportFixture.importing(["openapi.json": Self.discord], root: "openapi.json")
    }

    @Test func arraysOfAModelRouteToTheModel() throws {
        let imported = try imported()
        let regions = #"[{"id": "rotterdam", "name": "Rotterdam", "custom": false, "deprecated": false, "optimal": true}]"#
        #expect(
            try imported.decode(regions, route: "https://discord.com/api/v10/voice/regions")
                == (try JSONValue(parsing: Array(regions.utf8))))
        let roles = #"[{"id": "41771983423143936", "name": "@everyone", "position": 0, "icon": null}]"#
        #expect(
            try imported.roundtrip(roles, route: "/api/v10/guilds/41771983423143936/roles") == (try JSONValue(parsing: Array(roles.utf8))))
    }

    /// Objects the catalog cannot tell apart still get a route, to a model that keeps every key,
    /// so the body goes through as the API sent it.
    @Test func aUnionOfObjectsWithoutADiscriminatorRoutesToAModelThatKeepsEveryKey() throws {
        let imported = try imported()
        let channel = #"{"id": "41771983423143937", "type": 0, "guild_id": "41771983423143936", "name": "general"}"#
        #expect(
            try imported.roundtrip(channel, route: "/api/v10/channels/41771983423143937") == (try JSONValue(parsing: Array(channel.utf8))))
        let channels = #"[{"id": "1", "type": 1, "last_message_id": null}, {"id": "2", "type": 0, "guild_id": "9", "name": "x"}]"#
        #expect(try imported.roundtrip(channels, route: "/api/v10/guilds/9/channels") == (try JSONValue(parsing: Array(channels.utf8))))
        let warnings = imported.warnings("union-response").map(\.description)
        #expect(
            warnings.contains(
                "openapi.json#/paths/~1channels~1{channel_id}/get/responses/200/content/application~1json/schema: warning: the response is one of GuildChannelResponse, PrivateChannelResponse, which the catalog cannot tell apart; routed to 'GetChannelResponse', a model that keeps every key as it is [union-response]"
            ), "\(warnings)")
    }

    /// A body that is not an object gets a route naming its type: Discord's Slack-compatible
    /// webhook answers `type: [string, "null"]`, so the route is `string`, which reads a string
    /// or null and refuses anything else; no `unroutable-response` warning is left.
    @Test func aScalarBodyRoutesToItsType() throws {
        let imported = try imported()
        let route = "/api/v10/webhooks/1/abc/slack"
        #expect(imported.catalog.routes.match(route, method: "POST")?.model == "string")
        #expect(try imported.roundtrip(#""ok""#, route: route, method: "POST") == .string("ok"))
        #expect(try imported.decode("null", route: route, method: "POST") == .null)
        let error = try #require(throws: MappingErrors.self) { try imported.decode("5", route: route, method: "POST") }
        #expect(error.errors.map(\.pointer) == [""])
        #expect(error.errors.map(\.code) == [.typeMismatch])
        #expect(imported.warnings("unroutable-response").isEmpty)
        #expect(imported.result.summary.routes == 5)
    }

    /// A body that may be null gets a route that takes `null` and gives it back: Discord's
    /// `GET /voice/regions` is `type: [array, "null"]`, so its route is `[VoiceRegionResponse]`
    /// (a route naming the model alone refused a null body); its elements are still checked.
    @Test func aNullableArrayBodyTakesNull() throws {
        let imported = try imported()
        let route = "/api/v10/voice/regions"
        #expect(imported.catalog.routes.match(route, method: "GET")?.model == "[VoiceRegionResponse]")
        #expect(try imported.roundtrip("null", route: route) == .null)
        let error = try #require(throws: MappingErrors.self) { try imported.decode(#"[{"id": "rotterdam"}]"#, route: route) }
        #expect(error.errors.map(\.code).contains(.missingRequired))
        // Its `oneOf` of objects, kept as they are, takes null too.
        #expect(imported.catalog.routes.match("/api/v10/guilds/9/channels", method: "GET")?.model.hasPrefix("[") == true)
        #expect(try imported.roundtrip("null", route: "/api/v10/guilds/9/channels") == .null)
        // A body that is never null still names the model alone.
        #expect(imported.catalog.routes.match("/api/v10/guilds/9/roles", method: "GET")?.model == "GuildRoleResponse")
    }

    /// OpenAPI 3.0's `nullable: true` on the schema a body's `$ref` leads to: the route is the
    /// model with `?`, which reads the object or `null`. (Constructed on Discord's
    /// `VoiceRegionResponse`: neither description here answers a nullable object.)
    @Test func aNullableObjectBodyNamesTheModelWithAQuestionMark() throws {
        let description = """
            openapi: 3.0.3
            info: { title: Regions, version: "1" }
            paths:
              /voice/regions/optimal:
                get:
                  operationId: get_optimal_voice_region
                  responses:
                    "200":
                      description: the optimal region, or null when none is
                      content: { application/json: { schema: { $ref: "#/components/schemas/VoiceRegionResponse" } } }
            components:
              schemas:
                VoiceRegionResponse:
                  type: object
                  nullable: true
                  required: [id, name]
                  properties: { id: { type: string }, name: { type: string } }
            """
        let imported = try ImportFixture.importing(["openapi.yaml": description], root: "openapi.yaml")
        let route = "/voice/regions/optimal"
        #expect(imported.catalog.routes.match(route, method: "GET")?.model == "VoiceRegionResponse?")
        #expect(imported.text.contains("GET /voice/regions/optimal: VoiceRegionResponse?"), "\(imported.text)")
        #expect(try imported.roundtrip("null", route: route) == .null)
        let region = #"{"id": "rotterdam", "name": "Rotterdam"}"#
        #expect(try imported.roundtrip(region, route: route) == (try JSONValue(parsing: Array(region.utf8))))
        let error = try #require(throws: MappingErrors.self) { try imported.decode(#"{"id": "rotterdam"}"#, route: route) }
        #expect(error.errors.map(\.pointer) == ["/name"])
    }
}
