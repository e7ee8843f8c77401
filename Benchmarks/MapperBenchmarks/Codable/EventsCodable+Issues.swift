import Foundation

// IssuesEvent and IssueCommentEvent (see EventsCodable.swift).

struct IssueCommentEvent: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date
    var action: CommentAction?
    var issue: EventIssue?
    var comment: EventComment?

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt, action, issue, comment
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at", payload
    }
    enum PayloadKeys: String, CodingKey {
        case action, issue, comment
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            let payload = try container.nestedContainerIfPresent(keyedBy: PayloadKeys.self, forKey: .payload)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            action = try payload?.decodeIfPresent(CommentAction.self, forKey: .action)
            issue = try payload?.decodeIfPresent(EventIssue.self, forKey: .issue)
            comment = try payload?.decodeIfPresent(EventComment.self, forKey: .comment)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            action = try container.decodeIfPresent(CommentAction.self, forKey: .action)
            issue = try container.decodeIfPresent(EventIssue.self, forKey: .issue)
            comment = try container.decodeIfPresent(EventComment.self, forKey: .comment)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            var payload = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try payload.encodeIfPresent(action, forKey: .action)
            try payload.encodeIfPresent(issue, forKey: .issue)
            try payload.encodeIfPresent(comment, forKey: .comment)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(action, forKey: .action)
            try container.encodeIfPresent(issue, forKey: .issue)
            try container.encodeIfPresent(comment, forKey: .comment)
        }
    }
}

struct IssuesEvent: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date
    var action: IssuesEventAction?
    var issue: EventIssue?

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt, action, issue
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at", payload
    }
    enum PayloadKeys: String, CodingKey {
        case action, issue
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            let payload = try container.nestedContainerIfPresent(keyedBy: PayloadKeys.self, forKey: .payload)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            action = try payload?.decodeIfPresent(IssuesEventAction.self, forKey: .action)
            issue = try payload?.decodeIfPresent(EventIssue.self, forKey: .issue)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            action = try container.decodeIfPresent(IssuesEventAction.self, forKey: .action)
            issue = try container.decodeIfPresent(EventIssue.self, forKey: .issue)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            var payload = container.nestedContainer(keyedBy: PayloadKeys.self, forKey: .payload)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try payload.encodeIfPresent(action, forKey: .action)
            try payload.encodeIfPresent(issue, forKey: .issue)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(action, forKey: .action)
            try container.encodeIfPresent(issue, forKey: .issue)
        }
    }
}

struct EventIssue: Codable {
    var url: URL
    var htmlURL: URL?
    var id: Int
    var number: Int
    var title: String
    var user: EventUser?
    var labels: [EventLabel]?
    var state: EventIssueState
    var assignee: EventUser?
    var comments: Int?
    var createdAt: Date?
    var updatedAt: Date?
    var closedAt: Date?
    var body: String?

    enum Keys: String, CodingKey {
        case url, htmlURL, id, number, title, user, labels, state, assignee, comments, createdAt, updatedAt
        case closedAt, body
    }
    enum JSONKeys: String, CodingKey {
        case url, htmlURL = "html_url", id, number, title, user, labels, state, assignee, comments
        case createdAt = "created_at", updatedAt = "updated_at", closedAt = "closed_at", body
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            url = try container.decode(URL.self, forKey: .url)
            htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
            id = try container.decode(Int.self, forKey: .id)
            number = try container.decode(Int.self, forKey: .number)
            title = try container.decode(String.self, forKey: .title)
            user = try container.decodeIfPresent(EventUser.self, forKey: .user)
            labels = try container.decodeIfPresent([EventLabel].self, forKey: .labels)
            state = try container.decode(EventIssueState.self, forKey: .state)
            assignee = try container.decodeIfPresent(EventUser.self, forKey: .assignee)
            comments = try container.decodeIfPresent(Int.self, forKey: .comments)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
            closedAt = try container.decodeIfPresent(Date.self, forKey: .closedAt)
            body = try container.decodeIfPresent(String.self, forKey: .body)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            url = try container.decode(URL.self, forKey: .url)
            htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
            id = try container.decode(Int.self, forKey: .id)
            number = try container.decode(Int.self, forKey: .number)
            title = try container.decode(String.self, forKey: .title)
            user = try container.decodeIfPresent(EventUser.self, forKey: .user)
            labels = try container.decodeIfPresent([EventLabel].self, forKey: .labels)
            state = try container.decode(EventIssueState.self, forKey: .state)
            assignee = try container.decodeIfPresent(EventUser.self, forKey: .assignee)
            comments = try container.decodeIfPresent(Int.self, forKey: .comments)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
            closedAt = try container.decodeIfPresent(Date.self, forKey: .closedAt)
            body = try container.decodeIfPresent(String.self, forKey: .body)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
            try container.encode(id, forKey: .id)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encodeIfPresent(user, forKey: .user)
            try container.encodeIfPresent(labels, forKey: .labels)
            try container.encode(state, forKey: .state)
            try container.encodeIfPresent(assignee, forKey: .assignee)
            try container.encodeIfPresent(comments, forKey: .comments)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
            try container.encodeIfPresent(closedAt, forKey: .closedAt)
            try container.encodeIfPresent(body, forKey: .body)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
            try container.encode(id, forKey: .id)
            try container.encode(number, forKey: .number)
            try container.encode(title, forKey: .title)
            try container.encodeIfPresent(user, forKey: .user)
            try container.encodeIfPresent(labels, forKey: .labels)
            try container.encode(state, forKey: .state)
            try container.encodeIfPresent(assignee, forKey: .assignee)
            try container.encodeIfPresent(comments, forKey: .comments)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
            try container.encodeIfPresent(closedAt, forKey: .closedAt)
            try container.encodeIfPresent(body, forKey: .body)
        }
    }
}

struct EventLabel: Codable {
    var url: URL?
    var name: String
    var color: String?

    enum Keys: String, CodingKey {
        case url, name, color
    }
    enum JSONKeys: String, CodingKey {
        case url, name, color
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            name = try container.decode(String.self, forKey: .name)
            color = try container.decodeIfPresent(String.self, forKey: .color)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            name = try container.decode(String.self, forKey: .name)
            color = try container.decodeIfPresent(String.self, forKey: .color)
        }
        if let value = color, !(isHexColor(value)) { throw MappingFailure("color does not match ^[0-9A-Fa-f]{6}$") }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(color, forKey: .color)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(color, forKey: .color)
        }
    }
}

struct EventComment: Codable {
    var id: Int
    var url: URL?
    var issueURL: URL?
    var user: EventUser?
    var body: String?
    var createdAt: Date?
    var updatedAt: Date?

    enum Keys: String, CodingKey {
        case id, url, issueURL, user, body, createdAt, updatedAt
    }
    enum JSONKeys: String, CodingKey {
        case id, url, issueURL = "issue_url", user, body, createdAt = "created_at", updatedAt = "updated_at"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            issueURL = try container.decodeIfPresent(URL.self, forKey: .issueURL)
            user = try container.decodeIfPresent(EventUser.self, forKey: .user)
            body = try container.decodeIfPresent(String.self, forKey: .body)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            issueURL = try container.decodeIfPresent(URL.self, forKey: .issueURL)
            user = try container.decodeIfPresent(EventUser.self, forKey: .user)
            body = try container.decodeIfPresent(String.self, forKey: .body)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(issueURL, forKey: .issueURL)
            try container.encodeIfPresent(user, forKey: .user)
            try container.encodeIfPresent(body, forKey: .body)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(issueURL, forKey: .issueURL)
            try container.encodeIfPresent(user, forKey: .user)
            try container.encodeIfPresent(body, forKey: .body)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
        }
    }
}
