import Foundation
import MapperKit
import Testing
@testable import MapperImport

/// Shapes real descriptions use, on fragments of them (trimmed to the properties that matter;
/// every schema keeps the real one's words and structure):
///
/// - Asana: github.com/Asana/openapi `defs/asana_oas.yaml` (commit fc9f8dcf), OpenAPI 3.0 —
///   `servers`, `GET /attachments/{attachment_gid}`, `POST /attachments`, `AttachmentCompact`, `AttachmentResponse`
///   (its `parent` is `allOf: [{$ref: TaskCompact}, {type: object, nullable: true, …}]`),
///   `TaskCompact`.
/// - OpenAI: github.com/openai/openai-openapi `openapi.yaml` (commit f85dbe22), OpenAPI 3.1 —
///   `servers`, `POST /organization/projects/{project_id}/service_accounts` and
///   `ProjectServiceAccountCreateResponse` (a required `api_key: anyOf: [{$ref}, {type: "null"}]`;
///   a required `metadata` without a type, as `ConversationResource` has),
///   `ChunkingStrategyRequestParam` (a discriminator without a mapping whose branches fix `type`
///   with a one-value `enum`), `POST /responses` and `POST /responses?beta=true` (JSON next to
///   `text/event-stream`).
struct RealDescriptionTests {
    static let asana = """
        openapi: 3.0.0
        info: { title: Asana, version: '1.0' }
        servers:
          - url: https://app.asana.com/api/1.0
            description: Main endpoint.
        paths:
          /attachments/{attachment_gid}:
            parameters:
              - name: attachment_gid
                in: path
                required: true
                schema: { type: string }
            get:
              operationId: getAttachment
              responses:
                200:
                  description: Successfully retrieved the record for a single attachment.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          data:
                            $ref: '#/components/schemas/AttachmentResponse'
          /attachments:
            post:
              operationId: createAttachmentForObject
              responses:
                200:
                  description: Successfully uploaded the attachment to the parent object.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          data:
                            $ref: '#/components/schemas/AttachmentResponse'
        components:
          schemas:
            AttachmentCompact:
              description: An *attachment* object represents any file attached to a task in Asana.
              type: object
              properties:
                gid: { description: 'Globally unique identifier of the resource, as a string.', type: string, readOnly: true }
                resource_type: { description: The base type of this resource., type: string, readOnly: true }
                name: { description: The name of the file., type: string, readOnly: true }
            AttachmentResponse:
              allOf:
                - $ref: '#/components/schemas/AttachmentCompact'
                - type: object
                  required: [parent]
                  properties:
                    parent:
                      allOf:
                        - $ref: '#/components/schemas/TaskCompact'
                        - type: object
                          nullable: true
                          description: The task this attachment is attached to.
                          readOnly: true
                          properties:
                            resource_subtype:
                              description: The resource subtype of the parent resource that the filter applies to.
                              type: string
                              nullable: true
            TaskCompact:
              description: The *task* is the basic object around which many operations in Asana are centered.
              type: object
              properties:
                gid: { description: 'Globally unique identifier of the resource, as a string.', type: string, readOnly: true }
                name: { description: The name of the task., type: string }
                resource_subtype: { type: string, enum: [default_task, milestone, approval, custom] }
        """

    static let openAI = """
        openapi: 3.1.0
        info: { title: OpenAI API, version: 2.3.0 }
        servers:
          - url: https://api.openai.com/v1
        paths:
          /organization/projects/{project_id}/service_accounts:
            post:
              operationId: create-project-service-account
              parameters:
                - { name: project_id, in: path, description: The ID of the project., required: true, schema: { type: string } }
              responses:
                "200":
                  description: Project service account created successfully.
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/ProjectServiceAccountCreateResponse" }
          /responses:
            post:
              operationId: createResponse
              responses:
                "200":
                  description: OK
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/Response" }
                    text/event-stream:
                      schema: { $ref: "#/components/schemas/ResponseStreamEvent" }
          /responses?beta=true:
            post:
              operationId: beta_createResponse
              responses:
                "200":
                  description: OK
                  content:
                    application/json:
                      schema: { $ref: "#/components/schemas/BetaResponse" }
                    text/event-stream:
                      schema: { $ref: "#/components/schemas/BetaResponseStreamEvent" }
        components:
          schemas:
            ProjectServiceAccountCreateResponse:
              type: object
              properties:
                object: { type: string, enum: [organization.project.service_account] }
                id: { type: string }
                name: { type: string }
                metadata:
                  description: Set of 16 key-value pairs that can be attached to an object.
                api_key:
                  anyOf:
                    - $ref: "#/components/schemas/ProjectServiceAccountApiKey"
                    - type: "null"
              required: [object, id, name, api_key, metadata]
            ProjectServiceAccountApiKey:
              type: object
              properties:
                object: { type: string, enum: [organization.project.service_account.api_key] }
                value: { type: string }
                id: { type: string }
              required: [object, value, id]
            ChunkingStrategyRequestParam:
              type: object
              description: The chunking strategy used to chunk the file(s). If not set, will use the `auto` strategy.
              oneOf:
                - $ref: "#/components/schemas/AutoChunkingStrategyRequestParam"
                - $ref: "#/components/schemas/StaticChunkingStrategyRequestParam"
              discriminator:
                propertyName: type
            AutoChunkingStrategyRequestParam:
              type: object
              title: Auto Chunking Strategy
              additionalProperties: false
              properties:
                type: { type: string, description: Always `auto`., enum: [auto] }
              required: [type]
            StaticChunkingStrategyRequestParam:
              type: object
              title: Static Chunking Strategy
              additionalProperties: false
              properties:
                type: { type: string, description: Always `static`., enum: [static] }
                static:
                  type: object
                  properties:
                    max_chunk_size_tokens: { type: integer, minimum: 100, maximum: 4096 }
                    chunk_overlap_tokens: { type: integer }
                  required: [max_chunk_size_tokens, chunk_overlap_tokens]
              required: [type, static]
            Response:
              type: object
              properties:
                id: { type: string }
                object: { type: string, enum: [response] }
                status: { type: string, enum: [completed, failed, in_progress, cancelled, queued, incomplete] }
                instructions: { anyOf: [{ type: string }, { type: "null" }] }
              required: [id, object]
            BetaResponse:
              type: object
              properties:
                id: { type: string }
                object: { type: string, enum: [response] }
                status: { type: string, enum: [completed, failed, in_progress, cancelled, queued, incomplete] }
                background: { anyOf: [{ type: boolean }, { type: "null" }] }
              required: [id, object]
            ResponseStreamEvent: { type: object, properties: { type: { type: string } } }
            BetaResponseStreamEvent: { type: object, properties: { type: { type: string } } }
        """

    func imported(_ text: String, keepUnreached: Bool = false) throws -> ImportFixture.Imported {
        try ImportFixture.importing(["openapi.yaml": text], root: "openapi.yaml", options: .init(keepUnreached: keepUnreached))
    }

    /// `ChunkingStrategyRequestParam` is only a request body's: no route reaches it.
    @Test func whatNoRouteReachesIsLeftOutUnlessKept() throws {
        let imported = try imported(Self.openAI)
        #expect(imported.catalog.models["ChunkingStrategyRequestParam"] == nil)
        #expect(imported.catalog.models["AutoChunkingStrategyRequestParam"] == nil)
        // The four chunking strategies, the two stream events (text/event-stream only), and
        // Response and BetaResponse, whose properties the merged /responses model holds.
        #expect(imported.result.summary.unreachedModels == 8)
        #expect(imported.catalog.models["ProjectServiceAccountApiKey"] != nil)
        let kept = try self.imported(Self.openAI, keepUnreached: true)
        #expect(kept.catalog.models["ChunkingStrategyRequestParam"] != nil)
        #expect(kept.result.summary.unreachedModels == 0)
    }

    @Test func aNullableReferenceThroughAllOfIsTheModelItselfAndAcceptsNull() throws {
        let imported = try imported(Self.asana)
        // No model per use: the property is TaskCompact, and nothing extends it.
        let response = try #require(imported.catalog.models["AttachmentResponse"])
        #expect(response.properties.first { $0.name == "parent" }?.type.description == "TaskCompact")
        #expect(!imported.catalog.models.values.contains { $0.base == "TaskCompact" })
        // `parent: null` (required, nullable) decodes, stays null (not absent), and encodes back.
        let json = #"{"data": {"gid": "1", "name": "a.png", "parent": null}}"#
        #expect(try imported.roundtrip(json, route: "/attachments/1") == (try JSONValue(parsing: json)))
        let withTask = #"{"data": {"gid": "1", "parent": {"gid": "2", "name": "Bug Task", "resource_subtype": "milestone"}}}"#
        #expect(try imported.roundtrip(withTask, route: "/attachments/1") == (try JSONValue(parsing: withTask)))
        // The annotating member's description is the property's doc.
        #expect(imported.text.contains("The task this attachment is attached to."))
    }

    /// Asana wraps every body in `{data: …}`, inline, once per operation: one model per shape,
    /// named for what it holds; the description's own components are never merged away.
    @Test func identicalEnvelopesAreOneModelNamedForWhatTheyHold() throws {
        let imported = try imported(Self.asana)
        #expect(imported.catalog.routes.match("/attachments/1", method: "GET")?.model == "AttachmentResponseEnvelope")
        #expect(imported.catalog.routes.match("/attachments", method: "POST")?.model == "AttachmentResponseEnvelope")
        #expect(imported.catalog.models["GetAttachmentResponse"] == nil)
        #expect(imported.catalog.models["CreateAttachmentForObjectResponse"] == nil)
        // A component identical to another stays: the description named it.
        let task = try #require(Self.asana.range(of: "    TaskCompact:\n"))
        let twin = Self.asana + "\n" + Self.asana[task.lowerBound...].replacingOccurrences(of: "TaskCompact:", with: "TaskSummary:")
        let withTwin = try self.imported(twin, keepUnreached: true)
        #expect(withTwin.catalog.models["TaskCompact"] != nil && withTwin.catalog.models["TaskSummary"] != nil)
    }

    @Test func theServersPathIsTheRoutesPrefix() throws {
        let imported = try imported(Self.asana)
        #expect(imported.text.contains("routes:\n  prefix: api/1.0\n"))
        for url in ["https://app.asana.com/api/1.0/attachments/123", "/api/1.0/attachments/123", "/attachments/123"] {
            #expect(imported.catalog.routes.match(url, method: "GET")?.model != nil, "\(url)")
        }
    }

    @Test func aRequiredAnyOfWithNullAcceptsNull() throws {
        let imported = try imported(Self.openAI)
        // `metadata` has no type (as `ConversationResource.metadata` in OpenAI's description): null too.
        let json = #"{"object": "organization.project.service_account", "id": "svc_1", "name": "bot", "metadata": null, "api_key": null}"#
        let url = "https://api.openai.com/v1/organization/projects/proj_1/service_accounts"
        #expect(try imported.roundtrip(json, route: url, method: "POST") == (try JSONValue(parsing: json)))
        let property = imported.catalog.models["ProjectServiceAccountCreateResponse"]?.properties.first { $0.name == "apiKey" }
        #expect(property?.type.description == "ProjectServiceAccountApiKey")
    }

    @Test func branchesThatFixTheirTagAreTheDiscriminatorsCases() throws {
        let imported = try imported(Self.openAI, keepUnreached: true)
        var session = MappingSession(catalog: imported.catalog)
        for (json, model) in [
            (#"{"type": "auto"}"#, "AutoChunkingStrategyRequestParam"),
            (
                #"{"type": "static", "static": {"max_chunk_size_tokens": 800, "chunk_overlap_tokens": 400}}"#,
                "StaticChunkingStrategyRequestParam"
            ),
        ] {
            let canonical = try session.decodeToCanonical(Array(json.utf8), as: "ChunkingStrategyRequestParam")
            #expect(try JSONValue(parsing: canonical)["$type"] == .string(model))
            let back = try session.encodeCanonical(canonical, as: "ChunkingStrategyRequestParam")
            #expect(try JSONValue(parsing: back) == (try JSONValue(parsing: json)))
        }
    }

    @Test func aMappingThatContradictsTheBranchIsWarnedAndTheBranchWins() throws {
        let description = Self.openAI.replacingOccurrences(
            of: "      discriminator:\n        propertyName: type\n",
            with: "      discriminator:\n        propertyName: type\n        mapping:\n"
                + "          automatic: \"#/components/schemas/AutoChunkingStrategyRequestParam\"\n")
        #expect(description != Self.openAI)
        let imported = try imported(description, keepUnreached: true)
        let warning = try #require(imported.warnings("discriminator").first)
        #expect(warning.message.contains("'automatic'") || warning.message.contains("\"automatic\""))
        #expect(warning.location.hasSuffix("#/components/schemas/ChunkingStrategyRequestParam/discriminator/mapping"))
        var session = MappingSession(catalog: imported.catalog)
        let canonical = try JSONValue(
            parsing: try session.decodeToCanonical(Array(#"{"type": "auto"}"#.utf8), as: "ChunkingStrategyRequestParam"))
        #expect(canonical["$type"] == "AutoChunkingStrategyRequestParam")
    }

    @Test func jsonNextToAStreamAndASuffixedPathAreOneRouteReadingBothBodies() throws {
        let imported = try imported(Self.openAI)
        let routes = imported.catalog.routes.routes.filter { $0.description.hasSuffix("/responses") }
        #expect(routes.count == 1)
        #expect(imported.warnings("merged-route").count == 1)
        for json in [
            #"{"id": "resp_1", "object": "response", "status": "completed", "instructions": null}"#,
            #"{"id": "resp_2", "object": "response", "background": true}"#,
        ] {
            #expect(
                try imported.roundtrip(json, route: "https://api.openai.com/v1/responses?beta=true", method: "POST")
                    == (try JSONValue(parsing: json)))
        }
    }
}
