import Foundation

// The Twitter search result as hand-written Codable models: the same properties, keys, types and
// constraints as Mappings/twitter.yaml (the benchmark decodes `TwitterSearchResult` with it).
// Dates are `EEE MMM dd HH:mm:ss Z yyyy` through a DateFormatter; enums fall back to `unknown`.

enum TweetResultType: String, Codable {
    case recent, popular, mixed, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = TweetResultType(rawValue: text) ?? .unknown
        } else {
            guard let value = TweetResultType(rawValue: text) else { throw MappingFailure("unknown TweetResultType \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

enum MediaType: String, Codable {
    case photo, video, animatedGIF = "animated_gif", unknown

    var name: String {
        switch self {
        case .photo: "photo"
        case .video: "video"
        case .animatedGIF: "animatedGIF"
        case .unknown: "unknown"
        }
    }

    init?(name: String) {
        switch name {
        case "photo": self = .photo
        case "video": self = .video
        case "animatedGIF": self = .animatedGIF
        case "unknown": self = .unknown
        default: return nil
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = MediaType(rawValue: text) ?? .unknown
        } else {
            guard let value = MediaType(name: text) else { throw MappingFailure("unknown MediaType \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.writesExternalJSON ? rawValue : name)
    }
}

enum MediaResize: String, Codable {
    case fit, crop, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        if decoder.readsExternalJSON {
            self = MediaResize(rawValue: text) ?? .unknown
        } else {
            guard let value = MediaResize(rawValue: text) else { throw MappingFailure("unknown MediaResize \(text)") }
            self = value
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

struct TwitterSearchResult: Codable {
    var statuses: [Tweet]
    var searchMetadata: TwitterSearchMetadata

    enum Keys: String, CodingKey {
        case statuses, searchMetadata
    }
    enum JSONKeys: String, CodingKey {
        case statuses, searchMetadata = "search_metadata"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            statuses = try container.decode([Tweet].self, forKey: .statuses)
            searchMetadata = try container.decode(TwitterSearchMetadata.self, forKey: .searchMetadata)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            statuses = try container.decode([Tweet].self, forKey: .statuses)
            searchMetadata = try container.decode(TwitterSearchMetadata.self, forKey: .searchMetadata)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(statuses, forKey: .statuses)
            try container.encode(searchMetadata, forKey: .searchMetadata)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(statuses, forKey: .statuses)
            try container.encode(searchMetadata, forKey: .searchMetadata)
        }
    }
}

struct TwitterSearchMetadata: Codable {
    var completedIn: Double?
    var maxID: Int?
    var maxIDStr: String?
    var nextResults: String?
    var query: String?
    var refreshURL: String?
    var count: Int?
    var sinceID: Int?
    var sinceIDStr: String?

    enum Keys: String, CodingKey {
        case completedIn, maxID, maxIDStr, nextResults, query, refreshURL, count, sinceID, sinceIDStr
    }
    enum JSONKeys: String, CodingKey {
        case completedIn = "completed_in", maxID = "max_id", maxIDStr = "max_id_str"
        case nextResults = "next_results", query, refreshURL = "refresh_url", count, sinceID = "since_id"
        case sinceIDStr = "since_id_str"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            completedIn = try container.decodeIfPresent(Double.self, forKey: .completedIn)
            maxID = try container.decodeIfPresent(Int.self, forKey: .maxID)
            maxIDStr = try container.decodeIfPresent(String.self, forKey: .maxIDStr)
            nextResults = try container.decodeIfPresent(String.self, forKey: .nextResults)
            query = try container.decodeIfPresent(String.self, forKey: .query)
            refreshURL = try container.decodeIfPresent(String.self, forKey: .refreshURL)
            count = try container.decodeIfPresent(Int.self, forKey: .count)
            sinceID = try container.decodeIfPresent(Int.self, forKey: .sinceID)
            sinceIDStr = try container.decodeIfPresent(String.self, forKey: .sinceIDStr)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            completedIn = try container.decodeIfPresent(Double.self, forKey: .completedIn)
            maxID = try container.decodeIfPresent(Int.self, forKey: .maxID)
            maxIDStr = try container.decodeIfPresent(String.self, forKey: .maxIDStr)
            nextResults = try container.decodeIfPresent(String.self, forKey: .nextResults)
            query = try container.decodeIfPresent(String.self, forKey: .query)
            refreshURL = try container.decodeIfPresent(String.self, forKey: .refreshURL)
            count = try container.decodeIfPresent(Int.self, forKey: .count)
            sinceID = try container.decodeIfPresent(Int.self, forKey: .sinceID)
            sinceIDStr = try container.decodeIfPresent(String.self, forKey: .sinceIDStr)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(completedIn, forKey: .completedIn)
            try container.encodeIfPresent(maxID, forKey: .maxID)
            try container.encodeIfPresent(maxIDStr, forKey: .maxIDStr)
            try container.encodeIfPresent(nextResults, forKey: .nextResults)
            try container.encodeIfPresent(query, forKey: .query)
            try container.encodeIfPresent(refreshURL, forKey: .refreshURL)
            try container.encodeIfPresent(count, forKey: .count)
            try container.encodeIfPresent(sinceID, forKey: .sinceID)
            try container.encodeIfPresent(sinceIDStr, forKey: .sinceIDStr)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(completedIn, forKey: .completedIn)
            try container.encodeIfPresent(maxID, forKey: .maxID)
            try container.encodeIfPresent(maxIDStr, forKey: .maxIDStr)
            try container.encodeIfPresent(nextResults, forKey: .nextResults)
            try container.encodeIfPresent(query, forKey: .query)
            try container.encodeIfPresent(refreshURL, forKey: .refreshURL)
            try container.encodeIfPresent(count, forKey: .count)
            try container.encodeIfPresent(sinceID, forKey: .sinceID)
            try container.encodeIfPresent(sinceIDStr, forKey: .sinceIDStr)
        }
    }
}

final class Tweet: Codable {
    var metadata: TweetMetadata?
    var createdAt: Date
    var id: Int
    var idStr: String
    var text: String
    var source: String?
    var truncated: Bool?
    var inReplyToStatusID: Int?
    var inReplyToStatusIDStr: String?
    var inReplyToUserID: Int?
    var inReplyToUserIDStr: String?
    var inReplyToScreenName: String?
    var user: TwitterUser
    var geo: AnyJSON?
    var coordinates: AnyJSON?
    var place: AnyJSON?
    var contributors: AnyJSON?
    var retweetedStatus: Tweet?
    var retweetCount: Int?
    var favoriteCount: Int?
    var entities: TweetEntities?
    var favorited: Bool?
    var retweeted: Bool?
    var possiblySensitive: Bool?
    var lang: String?

    enum Keys: String, CodingKey {
        case metadata, createdAt, id, idStr, text, source, truncated, inReplyToStatusID
        case inReplyToStatusIDStr, inReplyToUserID, inReplyToUserIDStr, inReplyToScreenName, user, geo
        case coordinates, place, contributors, retweetedStatus, retweetCount, favoriteCount, entities
        case favorited, retweeted, possiblySensitive, lang
    }
    enum JSONKeys: String, CodingKey {
        case metadata, createdAt = "created_at", id, idStr = "id_str", text, source, truncated
        case inReplyToStatusID = "in_reply_to_status_id", inReplyToStatusIDStr = "in_reply_to_status_id_str"
        case inReplyToUserID = "in_reply_to_user_id", inReplyToUserIDStr = "in_reply_to_user_id_str"
        case inReplyToScreenName = "in_reply_to_screen_name", user, geo, coordinates, place, contributors
        case retweetedStatus = "retweeted_status", retweetCount = "retweet_count"
        case favoriteCount = "favorite_count", entities, favorited, retweeted
        case possiblySensitive = "possibly_sensitive", lang
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            metadata = try container.decodeIfPresent(TweetMetadata.self, forKey: .metadata)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            id = try container.decode(Int.self, forKey: .id)
            idStr = try container.decode(String.self, forKey: .idStr)
            text = try container.decode(String.self, forKey: .text)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            truncated = try container.decodeIfPresent(Bool.self, forKey: .truncated)
            inReplyToStatusID = try container.decodeIfPresent(Int.self, forKey: .inReplyToStatusID)
            inReplyToStatusIDStr = try container.decodeIfPresent(String.self, forKey: .inReplyToStatusIDStr)
            inReplyToUserID = try container.decodeIfPresent(Int.self, forKey: .inReplyToUserID)
            inReplyToUserIDStr = try container.decodeIfPresent(String.self, forKey: .inReplyToUserIDStr)
            inReplyToScreenName = try container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
            user = try container.decode(TwitterUser.self, forKey: .user)
            geo = try container.decodeIfPresent(AnyJSON.self, forKey: .geo)
            coordinates = try container.decodeIfPresent(AnyJSON.self, forKey: .coordinates)
            place = try container.decodeIfPresent(AnyJSON.self, forKey: .place)
            contributors = try container.decodeIfPresent(AnyJSON.self, forKey: .contributors)
            retweetedStatus = try container.decodeIfPresent(Tweet.self, forKey: .retweetedStatus)
            retweetCount = try container.decodeIfPresent(Int.self, forKey: .retweetCount)
            favoriteCount = try container.decodeIfPresent(Int.self, forKey: .favoriteCount)
            entities = try container.decodeIfPresent(TweetEntities.self, forKey: .entities)
            favorited = try container.decodeIfPresent(Bool.self, forKey: .favorited)
            retweeted = try container.decodeIfPresent(Bool.self, forKey: .retweeted)
            possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
            lang = try container.decodeIfPresent(String.self, forKey: .lang)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            metadata = try container.decodeIfPresent(TweetMetadata.self, forKey: .metadata)
            createdAt = try container.decode(Date.self, forKey: .createdAt)
            id = try container.decode(Int.self, forKey: .id)
            idStr = try container.decode(String.self, forKey: .idStr)
            text = try container.decode(String.self, forKey: .text)
            source = try container.decodeIfPresent(String.self, forKey: .source)
            truncated = try container.decodeIfPresent(Bool.self, forKey: .truncated)
            inReplyToStatusID = try container.decodeIfPresent(Int.self, forKey: .inReplyToStatusID)
            inReplyToStatusIDStr = try container.decodeIfPresent(String.self, forKey: .inReplyToStatusIDStr)
            inReplyToUserID = try container.decodeIfPresent(Int.self, forKey: .inReplyToUserID)
            inReplyToUserIDStr = try container.decodeIfPresent(String.self, forKey: .inReplyToUserIDStr)
            inReplyToScreenName = try container.decodeIfPresent(String.self, forKey: .inReplyToScreenName)
            user = try container.decode(TwitterUser.self, forKey: .user)
            geo = try container.decodeIfPresent(AnyJSON.self, forKey: .geo)
            coordinates = try container.decodeIfPresent(AnyJSON.self, forKey: .coordinates)
            place = try container.decodeIfPresent(AnyJSON.self, forKey: .place)
            contributors = try container.decodeIfPresent(AnyJSON.self, forKey: .contributors)
            retweetedStatus = try container.decodeIfPresent(Tweet.self, forKey: .retweetedStatus)
            retweetCount = try container.decodeIfPresent(Int.self, forKey: .retweetCount)
            favoriteCount = try container.decodeIfPresent(Int.self, forKey: .favoriteCount)
            entities = try container.decodeIfPresent(TweetEntities.self, forKey: .entities)
            favorited = try container.decodeIfPresent(Bool.self, forKey: .favorited)
            retweeted = try container.decodeIfPresent(Bool.self, forKey: .retweeted)
            possiblySensitive = try container.decodeIfPresent(Bool.self, forKey: .possiblySensitive)
            lang = try container.decodeIfPresent(String.self, forKey: .lang)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(metadata, forKey: .metadata)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(id, forKey: .id)
            try container.encode(idStr, forKey: .idStr)
            try container.encode(text, forKey: .text)
            try container.encodeIfPresent(source, forKey: .source)
            try container.encodeIfPresent(truncated, forKey: .truncated)
            try container.encodeIfPresent(inReplyToStatusID, forKey: .inReplyToStatusID)
            try container.encodeIfPresent(inReplyToStatusIDStr, forKey: .inReplyToStatusIDStr)
            try container.encodeIfPresent(inReplyToUserID, forKey: .inReplyToUserID)
            try container.encodeIfPresent(inReplyToUserIDStr, forKey: .inReplyToUserIDStr)
            try container.encodeIfPresent(inReplyToScreenName, forKey: .inReplyToScreenName)
            try container.encode(user, forKey: .user)
            try container.encodeIfPresent(geo, forKey: .geo)
            try container.encodeIfPresent(coordinates, forKey: .coordinates)
            try container.encodeIfPresent(place, forKey: .place)
            try container.encodeIfPresent(contributors, forKey: .contributors)
            try container.encodeIfPresent(retweetedStatus, forKey: .retweetedStatus)
            try container.encodeIfPresent(retweetCount, forKey: .retweetCount)
            try container.encodeIfPresent(favoriteCount, forKey: .favoriteCount)
            try container.encodeIfPresent(entities, forKey: .entities)
            try container.encodeIfPresent(favorited, forKey: .favorited)
            try container.encodeIfPresent(retweeted, forKey: .retweeted)
            try container.encodeIfPresent(possiblySensitive, forKey: .possiblySensitive)
            try container.encodeIfPresent(lang, forKey: .lang)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(metadata, forKey: .metadata)
            try container.encode(createdAt, forKey: .createdAt)
            try container.encode(id, forKey: .id)
            try container.encode(idStr, forKey: .idStr)
            try container.encode(text, forKey: .text)
            try container.encodeIfPresent(source, forKey: .source)
            try container.encodeIfPresent(truncated, forKey: .truncated)
            try container.encodeIfPresent(inReplyToStatusID, forKey: .inReplyToStatusID)
            try container.encodeIfPresent(inReplyToStatusIDStr, forKey: .inReplyToStatusIDStr)
            try container.encodeIfPresent(inReplyToUserID, forKey: .inReplyToUserID)
            try container.encodeIfPresent(inReplyToUserIDStr, forKey: .inReplyToUserIDStr)
            try container.encodeIfPresent(inReplyToScreenName, forKey: .inReplyToScreenName)
            try container.encode(user, forKey: .user)
            try container.encodeIfPresent(geo, forKey: .geo)
            try container.encodeIfPresent(coordinates, forKey: .coordinates)
            try container.encodeIfPresent(place, forKey: .place)
            try container.encodeIfPresent(contributors, forKey: .contributors)
            try container.encodeIfPresent(retweetedStatus, forKey: .retweetedStatus)
            try container.encodeIfPresent(retweetCount, forKey: .retweetCount)
            try container.encodeIfPresent(favoriteCount, forKey: .favoriteCount)
            try container.encodeIfPresent(entities, forKey: .entities)
            try container.encodeIfPresent(favorited, forKey: .favorited)
            try container.encodeIfPresent(retweeted, forKey: .retweeted)
            try container.encodeIfPresent(possiblySensitive, forKey: .possiblySensitive)
            try container.encodeIfPresent(lang, forKey: .lang)
        }
    }
}

struct TweetMetadata: Codable {
    var resultType: TweetResultType?
    var isoLanguageCode: String?

    enum Keys: String, CodingKey {
        case resultType, isoLanguageCode
    }
    enum JSONKeys: String, CodingKey {
        case resultType = "result_type", isoLanguageCode = "iso_language_code"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            resultType = try container.decodeIfPresent(TweetResultType.self, forKey: .resultType)
            isoLanguageCode = try container.decodeIfPresent(String.self, forKey: .isoLanguageCode)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            resultType = try container.decodeIfPresent(TweetResultType.self, forKey: .resultType)
            isoLanguageCode = try container.decodeIfPresent(String.self, forKey: .isoLanguageCode)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(resultType, forKey: .resultType)
            try container.encodeIfPresent(isoLanguageCode, forKey: .isoLanguageCode)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(resultType, forKey: .resultType)
            try container.encodeIfPresent(isoLanguageCode, forKey: .isoLanguageCode)
        }
    }
}
