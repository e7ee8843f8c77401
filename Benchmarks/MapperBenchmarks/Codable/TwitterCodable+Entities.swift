import Foundation

// A tweet's entities: hashtags, links, mentions, media (see TwitterCodable.swift).
// `TweetMedia` extends `TweetURL` in the mapping: its properties come first here too.

struct TweetEntities: Codable {
    var hashtags: [Hashtag]?
    var symbols: [Hashtag]?
    var urls: [TweetURL]?
    var userMentions: [UserMention]?
    var media: [TweetMedia]?

    enum Keys: String, CodingKey {
        case hashtags, symbols, urls, userMentions, media
    }
    enum JSONKeys: String, CodingKey {
        case hashtags, symbols, urls, userMentions = "user_mentions", media
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            hashtags = try container.decodeIfPresent([Hashtag].self, forKey: .hashtags)
            symbols = try container.decodeIfPresent([Hashtag].self, forKey: .symbols)
            urls = try container.decodeIfPresent([TweetURL].self, forKey: .urls)
            userMentions = try container.decodeIfPresent([UserMention].self, forKey: .userMentions)
            media = try container.decodeIfPresent([TweetMedia].self, forKey: .media)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            hashtags = try container.decodeIfPresent([Hashtag].self, forKey: .hashtags)
            symbols = try container.decodeIfPresent([Hashtag].self, forKey: .symbols)
            urls = try container.decodeIfPresent([TweetURL].self, forKey: .urls)
            userMentions = try container.decodeIfPresent([UserMention].self, forKey: .userMentions)
            media = try container.decodeIfPresent([TweetMedia].self, forKey: .media)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(hashtags, forKey: .hashtags)
            try container.encodeIfPresent(symbols, forKey: .symbols)
            try container.encodeIfPresent(urls, forKey: .urls)
            try container.encodeIfPresent(userMentions, forKey: .userMentions)
            try container.encodeIfPresent(media, forKey: .media)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(hashtags, forKey: .hashtags)
            try container.encodeIfPresent(symbols, forKey: .symbols)
            try container.encodeIfPresent(urls, forKey: .urls)
            try container.encodeIfPresent(userMentions, forKey: .userMentions)
            try container.encodeIfPresent(media, forKey: .media)
        }
    }
}

struct Hashtag: Codable {
    var text: String
    var indices: [Int]?

    enum Keys: String, CodingKey {
        case text, indices
    }
    enum JSONKeys: String, CodingKey {
        case text, indices
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            text = try container.decode(String.self, forKey: .text)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            text = try container.decode(String.self, forKey: .text)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
        }
        if let value = indices, !(value.count == 2) { throw MappingFailure("indices must hold 2 elements") }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(text, forKey: .text)
            try container.encodeIfPresent(indices, forKey: .indices)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(text, forKey: .text)
            try container.encodeIfPresent(indices, forKey: .indices)
        }
    }
}

struct TweetURL: Codable {
    var url: URL
    var expandedURL: URL?
    var displayURL: String?
    var indices: [Int]?

    enum Keys: String, CodingKey {
        case url, expandedURL, displayURL, indices
    }
    enum JSONKeys: String, CodingKey {
        case url, expandedURL = "expanded_url", displayURL = "display_url", indices
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            url = try container.decode(URL.self, forKey: .url)
            expandedURL = try container.decodeIfPresent(URL.self, forKey: .expandedURL)
            displayURL = try container.decodeIfPresent(String.self, forKey: .displayURL)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            url = try container.decode(URL.self, forKey: .url)
            expandedURL = try container.decodeIfPresent(URL.self, forKey: .expandedURL)
            displayURL = try container.decodeIfPresent(String.self, forKey: .displayURL)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
        }
        if let value = indices, !(value.count == 2) { throw MappingFailure("indices must hold 2 elements") }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(expandedURL, forKey: .expandedURL)
            try container.encodeIfPresent(displayURL, forKey: .displayURL)
            try container.encodeIfPresent(indices, forKey: .indices)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(expandedURL, forKey: .expandedURL)
            try container.encodeIfPresent(displayURL, forKey: .displayURL)
            try container.encodeIfPresent(indices, forKey: .indices)
        }
    }
}

struct UserMention: Codable {
    var screenName: String
    var name: String?
    var id: Int?
    var idStr: String?
    var indices: [Int]?

    enum Keys: String, CodingKey {
        case screenName, name, id, idStr, indices
    }
    enum JSONKeys: String, CodingKey {
        case screenName = "screen_name", name, id, idStr = "id_str", indices
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            screenName = try container.decode(String.self, forKey: .screenName)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            id = try container.decodeIfPresent(Int.self, forKey: .id)
            idStr = try container.decodeIfPresent(String.self, forKey: .idStr)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            screenName = try container.decode(String.self, forKey: .screenName)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            id = try container.decodeIfPresent(Int.self, forKey: .id)
            idStr = try container.decodeIfPresent(String.self, forKey: .idStr)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
        }
        if let value = indices, !(value.count == 2) { throw MappingFailure("indices must hold 2 elements") }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(screenName, forKey: .screenName)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(idStr, forKey: .idStr)
            try container.encodeIfPresent(indices, forKey: .indices)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(screenName, forKey: .screenName)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encodeIfPresent(id, forKey: .id)
            try container.encodeIfPresent(idStr, forKey: .idStr)
            try container.encodeIfPresent(indices, forKey: .indices)
        }
    }
}

struct TweetMedia: Codable {
    var url: URL
    var expandedURL: URL?
    var displayURL: String?
    var indices: [Int]?
    var id: Int
    var idStr: String?
    var mediaURL: URL?
    var mediaURLHTTPS: URL?
    var type: MediaType?
    var sizes: MediaSizes?
    var sourceStatusID: Int?
    var sourceStatusIDStr: String?

    enum Keys: String, CodingKey {
        case url, expandedURL, displayURL, indices, id, idStr, mediaURL, mediaURLHTTPS, type, sizes
        case sourceStatusID, sourceStatusIDStr
    }
    enum JSONKeys: String, CodingKey {
        case url, expandedURL = "expanded_url", displayURL = "display_url", indices, id, idStr = "id_str"
        case mediaURL = "media_url", mediaURLHTTPS = "media_url_https", type, sizes
        case sourceStatusID = "source_status_id", sourceStatusIDStr = "source_status_id_str"
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            url = try container.decode(URL.self, forKey: .url)
            expandedURL = try container.decodeIfPresent(URL.self, forKey: .expandedURL)
            displayURL = try container.decodeIfPresent(String.self, forKey: .displayURL)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
            id = try container.decode(Int.self, forKey: .id)
            idStr = try container.decodeIfPresent(String.self, forKey: .idStr)
            mediaURL = try container.decodeIfPresent(URL.self, forKey: .mediaURL)
            mediaURLHTTPS = try container.decodeIfPresent(URL.self, forKey: .mediaURLHTTPS)
            type = try container.decodeIfPresent(MediaType.self, forKey: .type)
            sizes = try container.decodeIfPresent(MediaSizes.self, forKey: .sizes)
            sourceStatusID = try container.decodeIfPresent(Int.self, forKey: .sourceStatusID)
            sourceStatusIDStr = try container.decodeIfPresent(String.self, forKey: .sourceStatusIDStr)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            url = try container.decode(URL.self, forKey: .url)
            expandedURL = try container.decodeIfPresent(URL.self, forKey: .expandedURL)
            displayURL = try container.decodeIfPresent(String.self, forKey: .displayURL)
            indices = try container.decodeIfPresent([Int].self, forKey: .indices)
            id = try container.decode(Int.self, forKey: .id)
            idStr = try container.decodeIfPresent(String.self, forKey: .idStr)
            mediaURL = try container.decodeIfPresent(URL.self, forKey: .mediaURL)
            mediaURLHTTPS = try container.decodeIfPresent(URL.self, forKey: .mediaURLHTTPS)
            type = try container.decodeIfPresent(MediaType.self, forKey: .type)
            sizes = try container.decodeIfPresent(MediaSizes.self, forKey: .sizes)
            sourceStatusID = try container.decodeIfPresent(Int.self, forKey: .sourceStatusID)
            sourceStatusIDStr = try container.decodeIfPresent(String.self, forKey: .sourceStatusIDStr)
        }
        if let value = indices, !(value.count == 2) { throw MappingFailure("indices must hold 2 elements") }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(expandedURL, forKey: .expandedURL)
            try container.encodeIfPresent(displayURL, forKey: .displayURL)
            try container.encodeIfPresent(indices, forKey: .indices)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(idStr, forKey: .idStr)
            try container.encodeIfPresent(mediaURL, forKey: .mediaURL)
            try container.encodeIfPresent(mediaURLHTTPS, forKey: .mediaURLHTTPS)
            try container.encodeIfPresent(type, forKey: .type)
            try container.encodeIfPresent(sizes, forKey: .sizes)
            try container.encodeIfPresent(sourceStatusID, forKey: .sourceStatusID)
            try container.encodeIfPresent(sourceStatusIDStr, forKey: .sourceStatusIDStr)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(url, forKey: .url)
            try container.encodeIfPresent(expandedURL, forKey: .expandedURL)
            try container.encodeIfPresent(displayURL, forKey: .displayURL)
            try container.encodeIfPresent(indices, forKey: .indices)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(idStr, forKey: .idStr)
            try container.encodeIfPresent(mediaURL, forKey: .mediaURL)
            try container.encodeIfPresent(mediaURLHTTPS, forKey: .mediaURLHTTPS)
            try container.encodeIfPresent(type, forKey: .type)
            try container.encodeIfPresent(sizes, forKey: .sizes)
            try container.encodeIfPresent(sourceStatusID, forKey: .sourceStatusID)
            try container.encodeIfPresent(sourceStatusIDStr, forKey: .sourceStatusIDStr)
        }
    }
}

struct MediaSizes: Codable {
    var thumb: MediaSize?
    var small: MediaSize?
    var medium: MediaSize?
    var large: MediaSize?

    enum Keys: String, CodingKey {
        case thumb, small, medium, large
    }
    enum JSONKeys: String, CodingKey {
        case thumb, small, medium, large
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            thumb = try container.decodeIfPresent(MediaSize.self, forKey: .thumb)
            small = try container.decodeIfPresent(MediaSize.self, forKey: .small)
            medium = try container.decodeIfPresent(MediaSize.self, forKey: .medium)
            large = try container.decodeIfPresent(MediaSize.self, forKey: .large)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            thumb = try container.decodeIfPresent(MediaSize.self, forKey: .thumb)
            small = try container.decodeIfPresent(MediaSize.self, forKey: .small)
            medium = try container.decodeIfPresent(MediaSize.self, forKey: .medium)
            large = try container.decodeIfPresent(MediaSize.self, forKey: .large)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(thumb, forKey: .thumb)
            try container.encodeIfPresent(small, forKey: .small)
            try container.encodeIfPresent(medium, forKey: .medium)
            try container.encodeIfPresent(large, forKey: .large)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(thumb, forKey: .thumb)
            try container.encodeIfPresent(small, forKey: .small)
            try container.encodeIfPresent(medium, forKey: .medium)
            try container.encodeIfPresent(large, forKey: .large)
        }
    }
}

struct MediaSize: Codable {
    var w: Int
    var h: Int
    var resize: MediaResize?

    enum Keys: String, CodingKey {
        case w, h, resize
    }
    enum JSONKeys: String, CodingKey {
        case w, h, resize
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            w = try container.decode(Int.self, forKey: .w)
            h = try container.decode(Int.self, forKey: .h)
            resize = try container.decodeIfPresent(MediaResize.self, forKey: .resize)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            w = try container.decode(Int.self, forKey: .w)
            h = try container.decode(Int.self, forKey: .h)
            resize = try container.decodeIfPresent(MediaResize.self, forKey: .resize)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(w, forKey: .w)
            try container.encode(h, forKey: .h)
            try container.encodeIfPresent(resize, forKey: .resize)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(w, forKey: .w)
            try container.encode(h, forKey: .h)
            try container.encodeIfPresent(resize, forKey: .resize)
        }
    }
}
