import Foundation

// PushEvent, CreateEvent and WatchEvent (see EventsCodable.swift).

struct PushEvent: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date
    var pushID: Int?
    var size: Int?
    var distinctSize: Int?
    var ref: String?
    var head: String?
    var before: String?
    var commits: [PushCommit]?

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt, pushID, size, distinctSize, ref, head, before
        case commits
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at", payload
    }
    enum PayloadKeys: String, CodingKey {
        case pushID = "push_id", size, distinctSize = "distinct_size", ref, head, before, commits
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
            pushID = try payload?.decodeIfPresent(Int.self, forKey: .pushID)
            size = try payload?.decodeIfPresent(Int.self, forKey: .size)
            distinctSize = try payload?.decodeIfPresent(Int.self, forKey: .distinctSize)
            ref = try payload?.decodeIfPresent(String.self, forKey: .ref)
            head = try payload?.decodeIfPresent(String.self, forKey: .head)
            before = try payload?.decodeIfPresent(String.self, forKey: .before)
            commits = try payload?.decodeIfPresent([PushCommit].self, forKey: .commits)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            pushID = try container.decodeIfPresent(Int.self, forKey: .pushID)
            size = try container.decodeIfPresent(Int.self, forKey: .size)
            distinctSize = try container.decodeIfPresent(Int.self, forKey: .distinctSize)
            ref = try container.decodeIfPresent(String.self, forKey: .ref)
            head = try container.decodeIfPresent(String.self, forKey: .head)
            before = try container.decodeIfPresent(String.self, forKey: .before)
            commits = try container.decodeIfPresent([PushCommit].self, forKey: .commits)
        }
        if let value = size, !(value >= 0) { throw MappingFailure("size below 0") }
        if let value = distinctSize, !(value >= 0) { throw MappingFailure("distinctSize below 0") }
        if let value = head, !(isSHA1(value)) { throw MappingFailure("head does not match ^[0-9a-f]{40}$") }
        if let value = before, !(isSHA1(value)) { throw MappingFailure("before does not match ^[0-9a-f]{40}$") }
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
            try payload.encodeIfPresent(pushID, forKey: .pushID)
            try payload.encodeIfPresent(size, forKey: .size)
            try payload.encodeIfPresent(distinctSize, forKey: .distinctSize)
            try payload.encodeIfPresent(ref, forKey: .ref)
            try payload.encodeIfPresent(head, forKey: .head)
            try payload.encodeIfPresent(before, forKey: .before)
            try payload.encodeIfPresent(commits, forKey: .commits)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(pushID, forKey: .pushID)
            try container.encodeIfPresent(size, forKey: .size)
            try container.encodeIfPresent(distinctSize, forKey: .distinctSize)
            try container.encodeIfPresent(ref, forKey: .ref)
            try container.encodeIfPresent(head, forKey: .head)
            try container.encodeIfPresent(before, forKey: .before)
            try container.encodeIfPresent(commits, forKey: .commits)
        }
    }
}

struct PushCommit: Codable {
    var sha: String
    var author: CommitAuthor?
    var message: String?
    var distinct: Bool?
    var url: URL?

    enum Keys: String, CodingKey {
        case sha, author, message, distinct, url
    }
    enum JSONKeys: String, CodingKey {
        case sha, author, message, distinct, url
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            sha = try container.decode(String.self, forKey: .sha)
            author = try container.decodeIfPresent(CommitAuthor.self, forKey: .author)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            distinct = try container.decodeIfPresent(Bool.self, forKey: .distinct)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            sha = try container.decode(String.self, forKey: .sha)
            author = try container.decodeIfPresent(CommitAuthor.self, forKey: .author)
            message = try container.decodeIfPresent(String.self, forKey: .message)
            distinct = try container.decodeIfPresent(Bool.self, forKey: .distinct)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
        }
        guard isSHA1(sha) else { throw MappingFailure("sha does not match ^[0-9a-f]{40}$") }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(sha, forKey: .sha)
            try container.encodeIfPresent(author, forKey: .author)
            try container.encodeIfPresent(message, forKey: .message)
            try container.encodeIfPresent(distinct, forKey: .distinct)
            try container.encodeIfPresent(url, forKey: .url)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(sha, forKey: .sha)
            try container.encodeIfPresent(author, forKey: .author)
            try container.encodeIfPresent(message, forKey: .message)
            try container.encodeIfPresent(distinct, forKey: .distinct)
            try container.encodeIfPresent(url, forKey: .url)
        }
    }
}

struct CommitAuthor: Codable {
    var name: String?
    var email: String?

    enum Keys: String, CodingKey {
        case name, email
    }
    enum JSONKeys: String, CodingKey {
        case name, email
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            email = try container.decodeIfPresent(String.self, forKey: .email)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            email = try container.decodeIfPresent(String.self, forKey: .email)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(email, forKey: .email)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(email, forKey: .email)
        }
    }
}

struct CreateEvent: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date
    var ref: String?
    var refType: RefType?
    var masterBranch: String?
    var description: String?
    var pusherType: String?

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt, ref, refType, masterBranch, description
        case pusherType
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at", payload
    }
    enum PayloadKeys: String, CodingKey {
        case ref, refType = "ref_type", masterBranch = "master_branch", description
        case pusherType = "pusher_type"
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
            ref = try payload?.decodeIfPresent(String.self, forKey: .ref)
            refType = try payload?.decodeIfPresent(RefType.self, forKey: .refType)
            masterBranch = try payload?.decodeIfPresent(String.self, forKey: .masterBranch)
            description = try payload?.decodeIfPresent(String.self, forKey: .description)
            pusherType = try payload?.decodeIfPresent(String.self, forKey: .pusherType)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            ref = try container.decodeIfPresent(String.self, forKey: .ref)
            refType = try container.decodeIfPresent(RefType.self, forKey: .refType)
            masterBranch = try container.decodeIfPresent(String.self, forKey: .masterBranch)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            pusherType = try container.decodeIfPresent(String.self, forKey: .pusherType)
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
            try payload.encodeIfPresent(ref, forKey: .ref)
            try payload.encodeIfPresent(refType, forKey: .refType)
            try payload.encodeIfPresent(masterBranch, forKey: .masterBranch)
            try payload.encodeIfPresent(description, forKey: .description)
            try payload.encodeIfPresent(pusherType, forKey: .pusherType)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(type, forKey: .type)
            try container.encode(actor, forKey: .actor)
            try container.encode(repo, forKey: .repo)
            try container.encodeIfPresent(org, forKey: .org)
            try container.encodeIfPresent(`public`, forKey: .`public`)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(ref, forKey: .ref)
            try container.encodeIfPresent(refType, forKey: .refType)
            try container.encodeIfPresent(masterBranch, forKey: .masterBranch)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(pusherType, forKey: .pusherType)
        }
    }
}

struct WatchEvent: Codable {
    var id: String
    var type: String
    var actor: EventActor
    var repo: EventRepo
    var org: EventActor?
    var `public`: Bool?
    var createdAt: Date
    var action: WatchAction?

    enum Keys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt, action
    }
    enum JSONKeys: String, CodingKey {
        case id, type, actor, repo, org, `public`, createdAt = "created_at", payload
    }
    enum PayloadKeys: String, CodingKey {
        case action
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
            action = try payload?.decodeIfPresent(WatchAction.self, forKey: .action)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(String.self, forKey: .id)
            type = try container.decode(String.self, forKey: .type)
            actor = try container.decode(EventActor.self, forKey: .actor)
            repo = try container.decode(EventRepo.self, forKey: .repo)
            org = try container.decodeIfPresent(EventActor.self, forKey: .org)
            `public` = try container.decodeIfPresent(Bool.self, forKey: .`public`)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            action = try container.decodeIfPresent(WatchAction.self, forKey: .action)
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
        }
    }
}
