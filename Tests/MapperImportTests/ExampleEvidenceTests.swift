import Foundation
import MapperKit
import Testing
@testable import MapperImport

/// Examples that contradict their schema's enum, from PagerDuty's description
/// (github.com/PagerDuty/api-schema `reference/REST/openapiv3.json`, commit 91a06fb3, OpenAPI
/// 3.0.2): `IncidentWorkflowAction.action_type` lists `action` and `trigger`, and the examples of
/// both `GET /incident_workflows/actions` and `GET /incident_workflows/actions/{id}` say
/// `"integration"` (trimmed to the properties that matter; the words are the description's).
struct ExampleEvidenceTests {
    static let description = """
        {
          "openapi": "3.0.2",
          "info": { "title": "PagerDuty API", "version": "2.0.0" },
          "paths": {
            "/incident_workflows/actions": {
              "get": {
                "responses": {
                  "200": {
                    "description": "A paginated array of Incident Workflow Actions",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "object",
                          "properties": { "actions": { "type": "array", "items": { "$ref": "#/components/schemas/IncidentWorkflowAction" } } }
                        },
                        "examples": {
                          "response": {
                            "summary": "Response Example",
                            "value": { "actions": [{ "id": "pagerduty.com:test:sample-action:1", "name": "Test: Sample Action", "action_type": "integration" }] }
                          }
                        }
                      }
                    }
                  }
                }
              }
            },
            "/incident_workflows/actions/{id}": {
              "get": {
                "responses": {
                  "200": {
                    "description": "An Incident Workflow Action",
                    "content": {
                      "application/json": {
                        "schema": { "type": "object", "properties": { "action": { "$ref": "#/components/schemas/IncidentWorkflowAction" } } },
                        "examples": {
                          "response": {
                            "summary": "Response Example",
                            "value": { "action": { "id": "pagerduty.com:test:sample-action:1", "name": "Test: Sample Action", "action_type": "integration" } }
                          }
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
              "IncidentWorkflowAction": {
                "type": "object",
                "properties": {
                  "id": { "type": "string" },
                  "name": { "type": "string", "description": "The descriptive name of the Action" },
                  "action_type": { "type": "string", "description": "The type of Action", "enum": ["action", "trigger"] }
                }
              }
            }
          }
        }
        """

    /// Two examples saying the same value add it once: the enum keeps its two cases and the
    /// examples' value (an enum with one value under two cases does not load, and was left out).
    @Test func aValueSeveralExamplesSayIsAddedOnce() throws {
        let imported = try ImportFixture.importing(["openapi.json": Self.description], root: "openapi.json")
        #expect(imported.warnings("language").isEmpty)
        let enumeration = try #require(imported.catalog.enums.values.first { $0.cases.contains { $0.json == "action" } })
        #expect(enumeration.cases.map(\.json) == ["action", "trigger", "integration"])
        let json = #"{"action": {"id": "pagerduty.com:test:sample-action:1", "name": "Test: Sample Action", "action_type": "integration"}}"#
        #expect(try imported.roundtrip(json, route: "/incident_workflows/actions/P1") == (try JSONValue(parsing: json)))
    }
}
