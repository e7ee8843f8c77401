import Foundation

// The issues workload as hand-written Codable models: ../shared/bench/codable's `codable-map`
// peer (CodingKeys renames, a nested container for `user.login`, a String enum, URLs with a
// scheme and host check), extended to read and write both shapes like mapper does with
// Resources/issues.yaml. Dates use `.iso8601`, the faster of the peer's two date strategies.

enum State: String, Codable {
    case open, closed

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = State(rawValue: text) else { throw MappingFailure("unknown state \(text)") }
        self = value
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension KeyedDecodingContainer {
    /// Foundation's URL Decodable accepts any string URL(string:) takes, and on Linux that
    /// includes "not a url", so also require a scheme and a host (as the shared peer does).
    func decodeAbsoluteURL(forKey key: Key) throws -> URL {
        let url = try decode(URL.self, forKey: key)
        guard url.scheme != nil, url.host != nil else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "not an absolute URL")
        }
        return url
    }
}

struct User: Codable {
    let login: String
    let id: Int
    let avatarURL: URL
    let siteAdmin: Bool

    enum JSONKeys: String, CodingKey { case login, id, avatarURL = "avatar_url", siteAdmin = "site_admin" }
    enum Keys: String, CodingKey { case login, id, avatarURL, siteAdmin }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            login = try container.decode(String.self, forKey: .login)
            id = try container.decode(Int.self, forKey: .id)
            avatarURL = try container.decodeAbsoluteURL(forKey: .avatarURL)
            siteAdmin = try container.decode(Bool.self, forKey: .siteAdmin)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            login = try container.decode(String.self, forKey: .login)
            id = try container.decode(Int.self, forKey: .id)
            avatarURL = try container.decodeAbsoluteURL(forKey: .avatarURL)
            siteAdmin = try container.decode(Bool.self, forKey: .siteAdmin)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(login, forKey: .login)
            try container.encode(id, forKey: .id)
            try container.encode(avatarURL, forKey: .avatarURL)
            try container.encode(siteAdmin, forKey: .siteAdmin)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(login, forKey: .login)
            try container.encode(id, forKey: .id)
            try container.encode(avatarURL, forKey: .avatarURL)
            try container.encode(siteAdmin, forKey: .siteAdmin)
        }
    }
}

struct Label: Codable {  // synthesized: the JSON keys and the property names coincide
    let name: String
    let color: String
}

struct Issue: Codable {
    let URL: URL
    let HTMLURL: URL
    let number: Int
    let title: String
    let body: String?
    let state: State
    let locked: Bool
    let comments: Int
    let reporterLogin: String
    let author: User
    let assignee: User?
    let labels: [Label]
    let createdAt: Date
    let updatedAt: Date
    let closedAt: Date?

    enum JSONKeys: String, CodingKey {
        case url, html_url, number, title, body, state, locked, comments, user, assignee, labels
        case created_at, updated_at, closed_at
    }
    enum UserKeys: String, CodingKey { case login }
    enum Keys: String, CodingKey {
        case URL, HTMLURL, number, title, body, state, locked, comments, reporterLogin, author
        case assignee, labels, createdAt, updatedAt, closedAt
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            URL = try container.decodeAbsoluteURL(forKey: .url)
            HTMLURL = try container.decodeAbsoluteURL(forKey: .html_url)
            number = try container.decode(Int.self, forKey: .number)
            title = try container.decode(String.self, forKey: .title)
            body = try container.decodeIfPresent(String.self, forKey: .body)
            state = try container.decode(State.self, forKey: .state)
            locked = try container.decode(Bool.self, forKey: .locked)
            comments = try container.decode(Int.self, forKey: .comments)
            let user = try container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)  // key path user.login
            reporterLogin = try user.decode(String.self, forKey: .login)
            author = try container.decode(User.self, forKey: .user)
            assignee = try container.decodeIfPresent(User.self, forKey: .assignee)
            labels = try container.decode([Label].self, forKey: .labels)
            createdAt = try container.decode(Date.self, forKey: .created_at)
            updatedAt = try container.decode(Date.self, forKey: .updated_at)
            closedAt = try container.decodeIfPresent(Date.self, forKey: .closed_at)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            URL = try container.decodeAbsoluteURL(forKey: .URL)
            HTMLURL = try container.decodeAbsoluteURL(forKey: .HTMLURL)
            number = try container.decode(Int.self, forKey: .number)
            title = try container.decode(String.self, forKey: .title)
            body = try container.decodeIfPresent(String.self, forKey: .body)
            state = try container.decode(State.self, forKey: .state)
            locked = try container.decode(Bool.self, forKey: .locked)
            comments = try container.decode(Int.self, forKey: .comments)
            reporterLogin = try container.decode(String.self, forKey: .reporterLogin)
            author = try container.decode(User.self, forKey: .author)
            assignee = try container.decodeIfPresent(User.self, forKey: .assignee)
            labels = try container.decode([Label].self, forKey: .labels)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            updatedAt = try container.decode(Date.self, forKey: .updatedAt)
            closedAt = try container.decodeIfPresent(Date.self, forKey: .closedAt)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            // `reporterLogin` and `author` both write `user`; mapper merges them into one object,
            // whose `login` is the author's (they are the same value after a decode).
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(URL, forKey: .url)
            try container.encode(HTMLURL, forKey: .html_url)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encode(body, forKey: .body)
            try container.encode(state, forKey: .state)
            try container.encode(locked, forKey: .locked)
            try container.encode(comments, forKey: .comments)
            try container.encode(author, forKey: .user)
            try container.encode(assignee, forKey: .assignee)
            try container.encode(labels, forKey: .labels)
            try container.encode(createdAt, forKey: .created_at)
            try container.encode(updatedAt, forKey: .updated_at)
            try container.encode(closedAt, forKey: .closed_at)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(URL, forKey: .URL)
            try container.encode(HTMLURL, forKey: .HTMLURL)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encode(body, forKey: .body)  // explicit null when nil, as mapper writes
            try container.encode(state, forKey: .state)
            try container.encode(locked, forKey: .locked)
            try container.encode(comments, forKey: .comments)
            try container.encode(reporterLogin, forKey: .reporterLogin)
            try container.encode(author, forKey: .author)
            try container.encode(assignee, forKey: .assignee)
            try container.encode(labels, forKey: .labels)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(updatedAt, forKey: .updatedAt)
            try container.encode(closedAt, forKey: .closedAt)
        }
    }
}
