import Foundation
import PropertyBased
import Testing

@testable import MapperKit

/// Round trips through `decode`/`encode` expression pairs over generated records: cents ↔ exact
/// decimal units, JSON held in a string, base64 text. The expected values are worked out here from
/// the generated parts (the units' text by integer division, base64 by Foundation), independently
/// of the engine and of MapperCEL.
struct ExpressionPropertyTests {
    struct Record: CustomStringConvertible {
        var cents: Int64
        var payload: JSONValue
        var note: String

        var external: JSONValue {
            [
                "amount_cents": .number(JSONNumber(cents)), "payload": .string(JSONWriter.write(payload)),
                "sig": .string(Data(note.utf8).base64EncodedString()),
            ]
        }

        /// The units as exact text: cents / 100, two places.
        var units: String {
            let magnitude = cents.magnitude
            let fraction = magnitude % 100
            return (cents < 0 ? "-" : "") + "\(magnitude / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
        }

        var description: String { JSONWriter.write(external) }
    }

    static let characters = Array("aé€😀 \"\\/\n\t{}[]:,0")

    static func json(depth: Int, using rng: inout some RandomNumberGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 1 ? 5 : 7), using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2: return .number(JSONNumber(Int64.random(in: -1_000_000...1_000_000, using: &rng)))
        case 3, 4: return .string(String((0..<Int.random(in: 0..<6, using: &rng)).map { _ in characters.randomElement(using: &rng)! }))
        case 5: return .array((0..<Int.random(in: 0..<4, using: &rng)).map { _ in json(depth: depth + 1, using: &rng) })
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0..<4, using: &rng) { object.append("k\(index)", json(depth: depth + 1, using: &rng)) }
            return .object(object)
        }
    }

    static let records = Generator<Record, Shrink.None<Record>> { rng in
        let magnitude: ClosedRange<Int64> = [0...99, 0...99_999, 0...999_999_999_999_999].randomElement(using: &rng)!
        return Record(
            cents: Int64.random(in: magnitude, using: &rng) * (Bool.random(using: &rng) ? 1 : -1),
            payload: json(depth: 0, using: &rng),
            note: String((0..<Int.random(in: 0..<12, using: &rng)).map { _ in characters.randomElement(using: &rng)! }))
    }

    static let catalog = """
        mapper: 1
        models:
          Record:
            properties:
              amount:
                type: decimal
                key: amount_cents
                decode: "decimal(input.amount_cents).scale(-2)"
                encode: "int(self.amount.scale(2))"
              payload: { type: any, decode: "json.parse(input.payload)", encode: "json.stringify(self.payload)" }
              note: { type: string, key: sig, decode: "string(base64.decode(input.sig))", encode: "base64.encode(self.note)" }
        """

    @Test func decodeEncodeDecodeIsTheIdentity() async throws {
        let catalog = try Catalog(yaml: Self.catalog, name: "expressions.yaml")
        await propertyCheck(count: 300, input: Self.records) { record in
            var session = MappingSession(catalog: catalog)
            let decoded = try session.decodeToCanonical(Array(JSONWriter.write(record.external).utf8), as: "Record")
            let canonical = try JSONValue(parsing: decoded)
            #expect(canonical["amount"] == .number(JSONNumber(record.units)!), "\(record)")
            #expect(canonical["payload"] == record.payload, "\(record)")
            #expect(canonical["note"] == .string(record.note), "\(record)")
            let encoded = try session.encodeCanonical(decoded, as: "Record")
            let external = try JSONValue(parsing: encoded)
            #expect(external["amount_cents"] == .number(JSONNumber(record.cents)), "\(record)")
            #expect(external["sig"] == record.external["sig"], "\(record)")
            if case .string(let payload)? = external["payload"] {
                #expect(try JSONValue(parsing: Array(payload.utf8)) == record.payload, "\(record)")
            } else {
                Issue.record("no payload string in \(String(decoding: encoded, as: UTF8.self))")
            }
            #expect(try session.decodeToCanonical(encoded, as: "Record") == decoded, "\(record)")
        }
    }
}
