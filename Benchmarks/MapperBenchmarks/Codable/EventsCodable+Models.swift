import Foundation

// The GitHub events as hand-written Codable models: the same properties, keys, key paths
// (`payload.*`), types and constraints as Resources/events.yaml. `Event` (EventsCodable.swift)
// dispatches on `type`; each variant carries the base event's properties first, as a model that
// `extends: Event` does.

enum RefType: String, Codable {
    case branch, tag, repository, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = RefType(rawValue: text) ?? .unknown
        } else {
            guard let value = RefType(rawValue: text) else { throw MappingFailure("unknown RefType \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

enum IssuesEventAction: String, Codable {
    case opened, edited, deleted, closed, reopened, assigned, unassigned, labeled, unlabeled, locked
    case unlocked, transferred, pinned, unpinned, milestoned, demilestoned, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = IssuesEventAction(rawValue: text) ?? .unknown
        } else {
            guard let value = IssuesEventAction(rawValue: text) else { throw MappingFailure("unknown IssuesEventAction \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

enum CommentAction: String, Codable {
    case created, edited, deleted, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = CommentAction(rawValue: text) ?? .unknown
        } else {
            guard let value = CommentAction(rawValue: text) else { throw MappingFailure("unknown CommentAction \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

enum WatchAction: String, Codable {
    case started, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = WatchAction(rawValue: text) ?? .unknown
        } else {
            guard let value = WatchAction(rawValue: text) else { throw MappingFailure("unknown WatchAction \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

enum WikiPageAction: String, Codable {
    case created, edited, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = WikiPageAction(rawValue: text) ?? .unknown
        } else {
            guard let value = WikiPageAction(rawValue: text) else { throw MappingFailure("unknown WikiPageAction \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

enum EventIssueState: String, Codable {
    case open, closed, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = EventIssueState(rawValue: text) ?? .unknown
        } else {
            guard let value = EventIssueState(rawValue: text) else { throw MappingFailure("unknown EventIssueState \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

struct EventBase: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
        }
    }
}

struct EventActor: Codable {
    var id: Int
    var login: String
    var displayLogin: String?
    var gravatarID: String?
    var url: URL?
    var avatarURL: URL?

    enum Keys: String, CodingKey {
        case id, login, displayLogin, gravatarID, url, avatarURL
    }
    enum JSONKeys: String, CodingKey {
        case id, login, displayLogin = "display_login", gravatarID = "gravatar_id", url
        case avatarURL = "avatar_url"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            login = try container.decode(String.self, forKey: .login)
            displayLogin = try container.decodeIfPresent(String.self, forKey: .displayLogin)
            gravatarID = try container.decodeIfPresent(String.self, forKey: .gravatarID)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            avatarURL = try container.decodeIfPresent(URL.self, forKey: .avatarURL)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
            login = try container.decode(String.self, forKey: .login)
            displayLogin = try container.decodeIfPresent(String.self, forKey: .displayLogin)
            gravatarID = try container.decodeIfPresent(String.self, forKey: .gravatarID)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            avatarURL = try container.decodeIfPresent(URL.self, forKey: .avatarURL)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(login, forKey: .login)
            try container.encodeIfPresent(displayLogin, forKey: .displayLogin)
            try container.encodeIfPresent(gravatarID, forKey: .gravatarID)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(avatarURL, forKey: .avatarURL)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(login, forKey: .login)
            try container.encodeIfPresent(displayLogin, forKey: .displayLogin)
            try container.encodeIfPresent(gravatarID, forKey: .gravatarID)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(avatarURL, forKey: .avatarURL)
        }
    }
}

struct EventRepo: Codable {
    var id: Int
    var name: String
    var url: URL?

    enum Keys: String, CodingKey {
        case id, name, url
    }
    enum JSONKeys: String, CodingKey {
        case id, name, url
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(url, forKey: .url)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(url, forKey: .url)
        }
    }
}
