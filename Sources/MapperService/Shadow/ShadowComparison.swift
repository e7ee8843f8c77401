import Foundation
import MapperKit

/// How the candidate's answer compares with the live one.
enum ShadowComparison: Sendable {
    case agreement
    /// Where the documents differ, first difference first (at most `limit`).
    case difference([Difference], live: JSONValue, candidate: JSONValue)
    case candidateError(MappingErrors)

    static let limit = 20

    struct Difference: Sendable {
        /// A JSON pointer into the output documents.
        var pointer: String
        /// Nil when the member or element is absent on that side.
        var live: JSONValue?
        var candidate: JSONValue?
    }

    /// Maps the job's input with the candidate's session and compares.
    static func run(_ job: ShadowJob, session: inout MappingSession) -> ShadowComparison {
        let output: [UInt8]
        do {
            let request = job.request
            session.omit = request.omit
            session.partial = request.partial
            defer { session.resetRequestSettings() }
            switch request.operation {
            case .decode: output = try session.decodeToCanonical(job.input, as: request.model, now: request.now)
            case .encode: output = try session.encodeCanonical(job.input, as: request.model)
            case .convert:
                output = try session.convert(job.input, from: request.model, to: request.target ?? request.model, now: request.now)
            }
        } catch {
            return .candidateError(error)
        }
        if output == job.live { return .agreement }
        guard let live = try? JSONValue(parsing: job.live), let candidate = try? JSONValue(parsing: output) else {
            // Both are mapper's own output, so both parse; should one not, they differ at the root.
            return .difference([Difference(pointer: "", live: nil, candidate: nil)], live: .null, candidate: .null)
        }
        // JSON equality: key order and number spelling do not count.
        if live == candidate { return .agreement }
        var found: [Difference] = []
        differences(live, candidate, at: "", into: &found)
        if found.isEmpty { return .agreement }
        return .difference(found, live: live, candidate: candidate)
    }

    /// The pointers where `live` and `candidate` differ, in document order (the live document's
    /// members first, then those only the candidate has).
    static func differences(_ live: JSONValue?, _ candidate: JSONValue?, at pointer: String, into found: inout [Difference]) {
        guard found.count < limit, live != candidate else { return }
        switch (live, candidate) {
        case (.object(let a)?, .object(let b)?):
            for member in a.members {
                differences(member.value, b[member.key], at: pointer + "/" + escape(member.key), into: &found)
            }
            for member in b.members where a[member.key] == nil {
                differences(nil, member.value, at: pointer + "/" + escape(member.key), into: &found)
            }
        case (.array(let a)?, .array(let b)?):
            for index in 0..<max(a.count, b.count) {
                differences(index < a.count ? a[index] : nil, index < b.count ? b[index] : nil, at: pointer + "/\(index)", into: &found)
            }
        default:
            found.append(Difference(pointer: pointer, live: live, candidate: candidate))
        }
    }

    /// RFC 6901: `~` → `~0`, `/` → `~1`.
    static func escape(_ token: String) -> String {
        token.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }

    /// The top-level property a pointer starts with, unescaped; `(root)` for the whole document.
    static func property(of pointer: String) -> String {
        guard pointer.hasPrefix("/") else { return "(root)" }
        let token = pointer.dropFirst().split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
    }

    /// `string`, `number`, `boolean`, `null`, `array`, `object`, or `absent`.
    static func kind(_ value: JSONValue?) -> String {
        switch value {
        case nil: return "absent"
        case .null?: return "null"
        case .bool?: return "boolean"
        case .number?: return "number"
        case .string?: return "string"
        case .array?: return "array"
        case .object?: return "object"
        }
    }
}
