import Foundation

// ForkEvent and GollumEvent (see EventsCodable.swift).

struct ForkEvent: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date
    var forkee: EventForkee?

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt, forkee
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at", payload
    }
    enum PayloadKeys: String, CodingKey {
        case forkee
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
            forkee = try payload?.decodeIfPresent(EventForkee.self, forKey: .forkee)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            forkee = try container.decodeIfPresent(EventForkee.self, forKey: .forkee)
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
            try payload.encodeIfPresent(forkee, forKey: .forkee)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(forkee, forKey: .forkee)
        }
    }
}

struct EventForkee: Codable {
    var id: Int
    var name: String
    var fullName: String?
    var owner: EventUser?
    var `private`: Bool?
    var htmlURL: URL?
    var description: String?
    var fork: Bool?
    var url: URL?
    var createdAt: Date?
    var updatedAt: Date?
    var pushedAt: Date?
    var homepage: String?
    var size: Int?
    var watchers: Int?
    var forks: Int?
    var openIssues: Int?
    var language: String?
    var `public`: Bool?

    enum Keys: String, CodingKey {
        case id, name, fullName, owner, `private`, htmlURL, description, fork, url, createdAt, updatedAt
        case pushedAt, homepage, size, watchers, forks, openIssues, language, `public`
    }
    enum JSONKeys: String, CodingKey {
        case id, name, fullName = "full_name", owner, `private`, htmlURL = "html_url", description, fork
        case url, createdAt = "created_at", updatedAt = "updated_at", pushedAt = "pushed_at", homepage, size
        case watchers, forks, openIssues = "open_issues", language, `public`
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            fullName = try container.decodeIfPresent(String.self, forKey: .fullName)
            owner = try container.decodeIfPresent(EventUser.self, forKey: .owner)
            `private` = try container.decodeIfPresent(Bool.self, forKey: .`private`)
            htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            fork = try container.decodeIfPresent(Bool.self, forKey: .fork)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
            pushedAt = try container.decodeIfPresent(Date.self, forKey: .pushedAt)
            homepage = try container.decodeIfPresent(String.self, forKey: .homepage)
            size = try container.decodeIfPresent(Int.self, forKey: .size)
            watchers = try container.decodeIfPresent(Int.self, forKey: .watchers)
            forks = try container.decodeIfPresent(Int.self, forKey: .forks)
            openIssues = try container.decodeIfPresent(Int.self, forKey: .openIssues)
            language = try container.decodeIfPresent(String.self, forKey: .language)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            fullName = try container.decodeIfPresent(String.self, forKey: .fullName)
            owner = try container.decodeIfPresent(EventUser.self, forKey: .owner)
            `private` = try container.decodeIfPresent(Bool.self, forKey: .`private`)
            htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            fork = try container.decodeIfPresent(Bool.self, forKey: .fork)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            updatedAt = try container.decodeIfPresent(Date.self, forKey: .updatedAt)
            pushedAt = try container.decodeIfPresent(Date.self, forKey: .pushedAt)
            homepage = try container.decodeIfPresent(String.self, forKey: .homepage)
            size = try container.decodeIfPresent(Int.self, forKey: .size)
            watchers = try container.decodeIfPresent(Int.self, forKey: .watchers)
            forks = try container.decodeIfPresent(Int.self, forKey: .forks)
            openIssues = try container.decodeIfPresent(Int.self, forKey: .openIssues)
            language = try container.decodeIfPresent(String.self, forKey: .language)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(fullName, forKey: .fullName)
            try container.encodeIfPresent(owner, forKey: .owner)
            try container.encodeIfPresent(`private`, forKey: .`private`)
            try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(fork, forKey: .fork)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
            try container.encodeIfPresent(pushedAt, forKey: .pushedAt)
            try container.encodeIfPresent(homepage, forKey: .homepage)
            try container.encodeIfPresent(size, forKey: .size)
            try container.encodeIfPresent(watchers, forKey: .watchers)
            try container.encodeIfPresent(forks, forKey: .forks)
            try container.encodeIfPresent(openIssues, forKey: .openIssues)
            try container.encodeIfPresent(language, forKey: .language)
            try container.encodeIfPresent(`public`, forKey: .`public`)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(fullName, forKey: .fullName)
            try container.encodeIfPresent(owner, forKey: .owner)
            try container.encodeIfPresent(`private`, forKey: .`private`)
            try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(fork, forKey: .fork)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(updatedAt, forKey: .updatedAt)
            try container.encodeIfPresent(pushedAt, forKey: .pushedAt)
            try container.encodeIfPresent(homepage, forKey: .homepage)
            try container.encodeIfPresent(size, forKey: .size)
            try container.encodeIfPresent(watchers, forKey: .watchers)
            try container.encodeIfPresent(forks, forKey: .forks)
            try container.encodeIfPresent(openIssues, forKey: .openIssues)
            try container.encodeIfPresent(language, forKey: .language)
            try container.encodeIfPresent(`public`, forKey: .`public`)
        }
    }
}

struct EventUser: Codable {
    var login: String
    var id: Int
    var avatarURL: URL?
    var gravatarID: String?
    var url: URL?
    var type: String?

    enum Keys: String, CodingKey {
        case login, id, avatarURL, gravatarID, url, type
    }
    enum JSONKeys: String, CodingKey {
        case login, id, avatarURL = "avatar_url", gravatarID = "gravatar_id", url, type
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            login = try container.decode(String.self, forKey: .login)
            id = try container.decode(Int.self, forKey: .id)
            avatarURL = try container.decodeIfPresent(URL.self, forKey: .avatarURL)
            gravatarID = try container.decodeIfPresent(String.self, forKey: .gravatarID)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            type = try container.decodeIfPresent(String.self, forKey: .type)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            login = try container.decode(String.self, forKey: .login)
            id = try container.decode(Int.self, forKey: .id)
            avatarURL = try container.decodeIfPresent(URL.self, forKey: .avatarURL)
            gravatarID = try container.decodeIfPresent(String.self, forKey: .gravatarID)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            type = try container.decodeIfPresent(String.self, forKey: .type)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(login, forKey: .login)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(avatarURL, forKey: .avatarURL)
            try container.encodeIfPresent(gravatarID, forKey: .gravatarID)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(type, forKey: .type)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(login, forKey: .login)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(avatarURL, forKey: .avatarURL)
            try container.encodeIfPresent(gravatarID, forKey: .gravatarID)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(type, forKey: .type)
        }
    }
}

struct GollumEvent: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date
    var pages: [WikiPage]?

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt, pages
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at", payload
    }
    enum PayloadKeys: String, CodingKey {
        case pages
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
            pages = try payload?.decodeIfPresent([WikiPage].self, forKey: .pages)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            pages = try container.decodeIfPresent([WikiPage].self, forKey: .pages)
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
            try payload.encodeIfPresent(pages, forKey: .pages)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(pages, forKey: .pages)
        }
    }
}

struct WikiPage: Codable {
    var pageName: String?
    var title: String?
    var summary: String?
    var action: WikiPageAction?
    var sha: String?
    var htmlURL: URL?

    enum Keys: String, CodingKey {
        case pageName, title, summary, action, sha, htmlURL
    }
    enum JSONKeys: String, CodingKey {
        case pageName = "page_name", title, summary, action, sha, htmlURL = "html_url"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            pageName = try container.decodeIfPresent(String.self, forKey: .pageName)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            summary = try container.decodeIfPresent(String.self, forKey: .summary)
            action = try container.decodeIfPresent(WikiPageAction.self, forKey: .action)
            sha = try container.decodeIfPresent(String.self, forKey: .sha)
            htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            pageName = try container.decodeIfPresent(String.self, forKey: .pageName)
            title = try container.decodeIfPresent(String.self, forKey: .title)
            summary = try container.decodeIfPresent(String.self, forKey: .summary)
            action = try container.decodeIfPresent(WikiPageAction.self, forKey: .action)
            sha = try container.decodeIfPresent(String.self, forKey: .sha)
            htmlURL = try container.decodeIfPresent(URL.self, forKey: .htmlURL)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(pageName, forKey: .pageName)
            try container.encodeIfPresent(title, forKey: .title)
            try container.encodeIfPresent(summary, forKey: .summary)
            try container.encodeIfPresent(action, forKey: .action)
            try container.encodeIfPresent(sha, forKey: .sha)
            try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(pageName, forKey: .pageName)
            try container.encodeIfPresent(title, forKey: .title)
            try container.encodeIfPresent(summary, forKey: .summary)
            try container.encodeIfPresent(action, forKey: .action)
            try container.encodeIfPresent(sha, forKey: .sha)
            try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
        }
    }
}
