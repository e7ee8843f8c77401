import Foundation
import MapperKit
import Testing
@testable import MapperImport

/// What `script/check-import --full` found on real descriptions, on fragments of them (trimmed to
/// the properties that matter; every schema keeps the real one's words and structure):
///
/// - PagerDuty: github.com/PagerDuty/api-schema `reference/REST/openapiv3.json` (commit 91a06fb3),
///   OpenAPI 3.0.2 — `GET /notifications`, its response example, `Notification` (a property named
///   `""`) and `Pagination`; `GET /incidents/custom_fields/{field_id}/field_options` and
///   `CustomFieldsEditableFieldOption` (a discriminator mapping to a place the description does not have).
/// - Asana: github.com/Asana/openapi `defs/asana_oas.yaml` (commit fc9f8dcf), OpenAPI 3.0 —
///   `GET /events` (its 412 has a schema of its own), `components/responses/BadRequest` and
///   `Unauthorized`, `ErrorResponse`.
struct MeasuredDescriptionTests {
    static let pagerDuty = """
        {
          "openapi": "3.0.2",
          "info": { "title": "PagerDuty API", "version": "2.0.0" },
          "servers": [{ "url": "https://api.pagerduty.com", "description": "PagerDuty V2 API." }],
          "paths": {
            "/notifications": {
              "get": {
                "operationId": "listNotifications",
                "responses": {
                  "200": {
                    "description": "A paginated array of notifications.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "allOf": [
                            { "$ref": "#/components/schemas/Pagination" },
                            {
                              "type": "object",
                              "properties": {
                                "notifications": { "type": "array", "items": { "$ref": "#/components/schemas/Notification" } }
                              },
                              "required": ["notifications"]
                            }
                          ]
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "Pagination": {
                "type": "object",
                "properties": {
                  "offset": { "type": "integer", "description": "Echoes offset pagination property.", "readOnly": true },
                  "limit": { "type": "integer", "description": "Echoes limit pagination property.", "readOnly": true },
                  "more": { "type": "boolean", "description": "Indicates if there are additional records to return", "readOnly": true },
                  "total": { "type": "integer", "nullable": true, "readOnly": true }
                }
              },
              "Notification": {
                "type": "object",
                "properties": {
                  "id": { "type": "string", "readOnly": true },
                  "type": {
                    "type": "string",
                    "description": "The type of notification.",
                    "enum": ["sms_notification", "email_notification", "phone_notification", "push_notification"],
                    "readOnly": true
                  },
                  "started_at": {
                    "type": "string", "format": "date-time",
                    "description": "The time at which the notification was sent", "readOnly": true
                  },
                  "address": { "type": "string", "readOnly": true },
                  "conferenceAddress": { "type": "string", "description": "The address of the conference bridge" },
                  "status": { "type": "string" },
                  "": { "type": "string" }
                }
              }
            }
          }
        }
        """

    func imported(_ text: String, name: String = "openapi.json") throws -> ImportFixture.Imported {
        try ImportFixture.importing([name: text], root: name)
    }

    /// A property named `""` has no key path in the language; the import left it in and wrote a
    /// catalog that did not load, so the whole description failed.
    @Test func aPropertyNamedTheEmptyStringIsLeftOutAndItsKeyKept() throws {
        let imported = try imported(Self.pagerDuty)
        let warning = try #require(imported.warnings("language").first)
        #expect(warning.location == "openapi.json#/components/schemas/Notification/properties/")
        #expect(warning.message.contains("left out"))
        #expect(imported.catalog.models["Notification"]?.properties.map(\.name).contains("status") == true)
        // The response example of `GET /notifications`, with a value for the "" key: the model
        // keeps unknown keys, so it comes back as it was.
        let json = """
            {"notifications": [{"id": "PWL7QXS", "type": "phone_notification",
            "address": "+15555551234", "": "x"}], "limit": 100, "offset": 0, "more": false, "total": null}
            """
        #expect(try imported.roundtrip(json, route: "/notifications") == (try JSONValue(parsing: json)))
    }

    static let pagerDutyFieldOptions = """
        {
          "openapi": "3.0.2",
          "info": { "title": "PagerDuty API", "version": "2.0.0" },
          "paths": {
            "/incidents/custom_fields/{field_id}/field_options/{field_option_id}": {
              "get": {
                "parameters": [
                  { "name": "field_id", "in": "path", "required": true, "schema": { "type": "string" } },
                  { "name": "field_option_id", "in": "path", "required": true, "schema": { "type": "string" } }
                ],
                "responses": {
                  "200": {
                    "description": "The field option.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": { "field_option": { "$ref": "#/components/schemas/CustomFieldsEditableFieldOption" } }
                        }
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "schemas": {
              "CustomFieldsEditableFieldOption": {
                "type": "object",
                "properties": {
                  "data": {
                    "oneOf": [
                      {
                        "type": "object",
                        "properties": {
                          "data_type": {
                            "type": "string",
                            "description": "The kind of data represented by this option. Must match the Field's `data_type`.",
                            "enum": ["string"]
                          },
                          "value": { "type": "string", "maxLength": 100 }
                        },
                        "required": ["data_type", "value"]
                      }
                    ],
                    "discriminator": {
                      "propertyName": "data_type",
                      "mapping": {
                        "string": "#/paths/~1incidents~1custom_fields/get/responses/200/content/application~1json/schema/allOf/0/properties/fields/items/allOf/0/properties/field_options/items/allOf/0/properties/data/oneOf/0"
                      }
                    }
                  },
                  "id": { "type": "string", "readOnly": true, "description": "The ID of the resource." },
                  "type": { "type": "string", "enum": ["field_option"], "readOnly": true }
                },
                "required": ["id", "type"],
                "description": ""
              }
            }
          }
        }
        """

    static let asanaEvents = """
        openapi: 3.0.0
        info: { title: Asana, version: '1.0' }
        paths:
          /events:
            get:
              operationId: getEvents
              responses:
                200:
                  description: Successfully retrieved events.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          sync: { description: A sync token to be used with the next call to the /events endpoint., type: string }
                          has_more: { description: Indicates whether there are more events to pull., type: boolean }
                400: { $ref: '#/components/responses/BadRequest' }
                401: { $ref: '#/components/responses/Unauthorized' }
                412:
                  description: The request is missing or has an expired sync token.
                  content:
                    application/json:
                      schema:
                        type: object
                        properties:
                          errors:
                            type: array
                            items:
                              type: object
                              properties:
                                message: { type: string, readOnly: true }
                          sync: { type: string, readOnly: true }
        components:
          responses:
            BadRequest:
              description: This usually occurs because of a missing or malformed parameter.
              content: { application/json: { schema: { $ref: '#/components/schemas/ErrorResponse' } } }
            Unauthorized:
              description: A valid authentication token was not provided with the request.
              content: { application/json: { schema: { $ref: '#/components/schemas/ErrorResponse' } } }
          schemas:
            ErrorResponse:
              description: Sadly, sometimes requests to the API are not successful.
              type: object
              properties:
                errors:
                  type: array
                  items:
                    type: object
                    properties:
                      message: { type: string, readOnly: true }
        """

    /// A reference that leads nowhere says what became of the place it was in: here the mapping
    /// entry is left out (not "typed as any", which it was said to be).
    @Test func aDanglingDiscriminatorMappingSaysTheEntryIsLeftOut() throws {
        let imported = try imported(Self.pagerDutyFieldOptions)
        let warning = try #require(imported.warnings("dangling-ref").first)
        #expect(
            warning.location
                == "openapi.json#/components/schemas/CustomFieldsEditableFieldOption/properties/data/discriminator/mapping/string")
        #expect(warning.message.hasSuffix("; the mapping of 'string' is left out"))
        // The rest of the description is imported: the route reads a field option.
        let json = #"{"field_option": {"id": "PT4KHEI", "type": "field_option", "data": {"data_type": "string", "value": "medium"}}}"#
        #expect(try imported.roundtrip(json, route: "/incidents/custom_fields/F1/field_options/O1") == (try JSONValue(parsing: json)))
    }

    /// `error-models` named the written file (`events.yaml`), not a place in the description.
    @Test func errorModelsNamesTheResponseWhoseSchemaIsNotTheErrorModel() throws {
        let imported = try imported(Self.asanaEvents, name: "openapi.yaml")
        let warning = try #require(imported.warnings("error-models").first)
        #expect(warning.location == "openapi.yaml#/paths/~1events/get/responses/412")
        #expect(warning.message.contains("error_model is ErrorResponse"))
        #expect(imported.text.contains("error_model: ErrorResponse"))
    }

    /// "Every warning names the schema path and what was done instead" (issue 36), on the
    /// DigitalOcean subset and the fragments above: each location is `file#/pointer`, and each
    /// message ends by saying what the catalog does instead.
    @Test func everyWarningNamesItsPlaceAndWhatWasDoneInstead() throws {
        let subset = ImportFixture.fixtures.appendingPathComponent("openapi/digitalocean/DigitalOcean-subset.yaml")
        let warnings =
            try ImportFixture.importing(path: subset.path).result.warnings
            + imported(Self.pagerDuty).result.warnings + imported(Self.pagerDutyFieldOptions).result.warnings
            + imported(Self.asanaEvents, name: "openapi.yaml").result.warnings
        #expect(Set(warnings.map(\.kind)).count >= 8)
        let instead = [
            "typed as", "left out", "kept", "keeps", "no route", "instead", "the case is", "error_model is", "route maps",
            "routed to", "prefix", "added to enum", "read as",
        ]
        for warning in warnings {
            #expect(warning.location.wholeMatch(of: /[^#]+\.(yaml|yml|json)#\/.*/) != nil, "\(warning)")
            let last = warning.message.split(separator: ";").last.map(String.init) ?? ""
            #expect(instead.contains { last.contains($0) }, "\(warning)")
        }
    }
}
