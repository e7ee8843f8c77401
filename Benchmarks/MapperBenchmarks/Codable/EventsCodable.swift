import Foundation

/// A GitHub event: the variant its `type` names, or the plain event for any other type (the
/// mapping's `variants: { by: type, fallback: Event }`). The canonical shape names the variant in
/// `$type`, as mapper writes it.
enum Event: Codable {
    case push(PushEvent)
    case create(CreateEvent)
    case fork(ForkEvent)
    case gollum(GollumEvent)
    case issueComment(IssueCommentEvent)
    case issues(IssuesEvent)
    case watch(WatchEvent)
    case other(EventBase)

    enum DispatchKeys: String, CodingKey {
        case type
        case canonicalType = "$type"
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DispatchKeys.self)
        let type = try container.decode(String.self, forKey: decoder.readsExternalJSON ? .type : .canonicalType)
        switch type {
        case "PushEvent": self = .push(try PushEvent(from: decoder))
        case "CreateEvent": self = .create(try CreateEvent(from: decoder))
        case "ForkEvent": self = .fork(try ForkEvent(from: decoder))
        case "GollumEvent": self = .gollum(try GollumEvent(from: decoder))
        case "IssueCommentEvent": self = .issueComment(try IssueCommentEvent(from: decoder))
        case "IssuesEvent": self = .issues(try IssuesEvent(from: decoder))
        case "WatchEvent": self = .watch(try WatchEvent(from: decoder))
        default: self = .other(try EventBase(from: decoder))
        }
    }

    func encode(to encoder: any Encoder) throws {
        let event: any Encodable
        let name: String
        switch self {
        case .push(let value): (event, name) = (value, "PushEvent")
        case .create(let value): (event, name) = (value, "CreateEvent")
        case .fork(let value): (event, name) = (value, "ForkEvent")
        case .gollum(let value): (event, name) = (value, "GollumEvent")
        case .issueComment(let value): (event, name) = (value, "IssueCommentEvent")
        case .issues(let value): (event, name) = (value, "IssuesEvent")
        case .watch(let value): (event, name) = (value, "WatchEvent")
        case .other(let value): (event, name) = (value, "Event")
        }
        if !encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: DispatchKeys.self)
            try container.encode(name, forKey: .canonicalType)
        }
        try event.encode(to: encoder)
    }
}
