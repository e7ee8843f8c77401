import Foundation

// Twitter's user object (see TwitterCodable.swift).

struct TwitterUser: Codable {
    var id: Int
    var idStr: String
    var name: String?
    var screenName: String
    var location: String?
    var description: String?
    var url: URL?
    var entities: TwitterUserEntities?
    var protected: Bool?
    var followersCount: Int?
    var friendsCount: Int?
    var listedCount: Int?
    var createdAt: Date?
    var favouritesCount: Int?
    var utcOffset: Int?
    var timeZone: String?
    var geoEnabled: Bool?
    var verified: Bool?
    var statusesCount: Int?
    var lang: String?
    var contributorsEnabled: Bool?
    var isTranslator: Bool?
    var isTranslationEnabled: Bool?
    var profileBackgroundColor: String?
    var profileBackgroundImageURL: URL?
    var profileBackgroundImageURLHTTPS: URL?
    var profileBackgroundTile: Bool?
    var profileImageURL: URL?
    var profileImageURLHTTPS: URL?
    var profileBannerURL: URL?
    var profileLinkColor: String?
    var profileSidebarBorderColor: String?
    var profileSidebarFillColor: String?
    var profileTextColor: String?
    var profileUseBackgroundImage: Bool?
    var defaultProfile: Bool?
    var defaultProfileImage: Bool?
    var following: Bool?
    var followRequestSent: Bool?
    var notifications: Bool?

    enum Keys: String, CodingKey {
        case id, idStr, name, screenName, location, description, url, entities, protected, followersCount
        case friendsCount, listedCount, createdAt, favouritesCount, utcOffset, timeZone, geoEnabled
        case verified, statusesCount, lang, contributorsEnabled, isTranslator, isTranslationEnabled
        case profileBackgroundColor, profileBackgroundImageURL, profileBackgroundImageURLHTTPS
        case profileBackgroundTile, profileImageURL, profileImageURLHTTPS, profileBannerURL
        case profileLinkColor, profileSidebarBorderColor, profileSidebarFillColor, profileTextColor
        case profileUseBackgroundImage, defaultProfile, defaultProfileImage, following, followRequestSent
        case notifications
    }
    enum JSONKeys: String, CodingKey {
        case id, idStr = "id_str", name, screenName = "screen_name", location, description, url, entities
        case protected, followersCount = "followers_count", friendsCount = "friends_count"
        case listedCount = "listed_count", createdAt = "created_at", favouritesCount = "favourites_count"
        case utcOffset = "utc_offset", timeZone = "time_zone", geoEnabled = "geo_enabled", verified
        case statusesCount = "statuses_count", lang, contributorsEnabled = "contributors_enabled"
        case isTranslator = "is_translator", isTranslationEnabled = "is_translation_enabled"
        case profileBackgroundColor = "profile_background_color"
        case profileBackgroundImageURL = "profile_background_image_url"
        case profileBackgroundImageURLHTTPS = "profile_background_image_url_https"
        case profileBackgroundTile = "profile_background_tile", profileImageURL = "profile_image_url"
        case profileImageURLHTTPS = "profile_image_url_https", profileBannerURL = "profile_banner_url"
        case profileLinkColor = "profile_link_color"
        case profileSidebarBorderColor = "profile_sidebar_border_color"
        case profileSidebarFillColor = "profile_sidebar_fill_color", profileTextColor = "profile_text_color"
        case profileUseBackgroundImage = "profile_use_background_image", defaultProfile = "default_profile"
        case defaultProfileImage = "default_profile_image", following
        case followRequestSent = "follow_request_sent", notifications
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            idStr = try container.decode(String.self, forKey: .idStr)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            screenName = try container.decode(String.self, forKey: .screenName)
            location = try container.decodeIfPresent(String.self, forKey: .location)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            entities = try container.decodeIfPresent(TwitterUserEntities.self, forKey: .entities)
            protected = try container.decodeIfPresent(Bool.self, forKey: .protected)
            followersCount = try container.decodeIfPresent(Int.self, forKey: .followersCount)
            friendsCount = try container.decodeIfPresent(Int.self, forKey: .friendsCount)
            listedCount = try container.decodeIfPresent(Int.self, forKey: .listedCount)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            favouritesCount = try container.decodeIfPresent(Int.self, forKey: .favouritesCount)
            utcOffset = try container.decodeIfPresent(Int.self, forKey: .utcOffset)
            timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
            geoEnabled = try container.decodeIfPresent(Bool.self, forKey: .geoEnabled)
            verified = try container.decodeIfPresent(Bool.self, forKey: .verified)
            statusesCount = try container.decodeIfPresent(Int.self, forKey: .statusesCount)
            lang = try container.decodeIfPresent(String.self, forKey: .lang)
            contributorsEnabled = try container.decodeIfPresent(Bool.self, forKey: .contributorsEnabled)
            isTranslator = try container.decodeIfPresent(Bool.self, forKey: .isTranslator)
            isTranslationEnabled = try container.decodeIfPresent(Bool.self, forKey: .isTranslationEnabled)
            profileBackgroundColor = try container.decodeIfPresent(String.self, forKey: .profileBackgroundColor)
            profileBackgroundImageURL = try container.decodeIfPresent(URL.self, forKey: .profileBackgroundImageURL)
            profileBackgroundImageURLHTTPS = try container.decodeIfPresent(URL.self, forKey: .profileBackgroundImageURLHTTPS)
            profileBackgroundTile = try container.decodeIfPresent(Bool.self, forKey: .profileBackgroundTile)
            profileImageURL = try container.decodeIfPresent(URL.self, forKey: .profileImageURL)
            profileImageURLHTTPS = try container.decodeIfPresent(URL.self, forKey: .profileImageURLHTTPS)
            profileBannerURL = try container.decodeIfPresent(URL.self, forKey: .profileBannerURL)
            profileLinkColor = try container.decodeIfPresent(String.self, forKey: .profileLinkColor)
            profileSidebarBorderColor = try container.decodeIfPresent(String.self, forKey: .profileSidebarBorderColor)
            profileSidebarFillColor = try container.decodeIfPresent(String.self, forKey: .profileSidebarFillColor)
            profileTextColor = try container.decodeIfPresent(String.self, forKey: .profileTextColor)
            profileUseBackgroundImage = try container.decodeIfPresent(Bool.self, forKey: .profileUseBackgroundImage)
            defaultProfile = try container.decodeIfPresent(Bool.self, forKey: .defaultProfile)
            defaultProfileImage = try container.decodeIfPresent(Bool.self, forKey: .defaultProfileImage)
            following = try container.decodeIfPresent(Bool.self, forKey: .following)
            followRequestSent = try container.decodeIfPresent(Bool.self, forKey: .followRequestSent)
            notifications = try container.decodeIfPresent(Bool.self, forKey: .notifications)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            id = try container.decode(Int.self, forKey: .id)
            idStr = try container.decode(String.self, forKey: .idStr)
            name = try container.decodeIfPresent(String.self, forKey: .name)
            screenName = try container.decode(String.self, forKey: .screenName)
            location = try container.decodeIfPresent(String.self, forKey: .location)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            url = try container.decodeIfPresent(URL.self, forKey: .url)
            entities = try container.decodeIfPresent(TwitterUserEntities.self, forKey: .entities)
            protected = try container.decodeIfPresent(Bool.self, forKey: .protected)
            followersCount = try container.decodeIfPresent(Int.self, forKey: .followersCount)
            friendsCount = try container.decodeIfPresent(Int.self, forKey: .friendsCount)
            listedCount = try container.decodeIfPresent(Int.self, forKey: .listedCount)
            createdAt = try container.decodeIfPresent(Date.self, forKey: .createdAt)
            favouritesCount = try container.decodeIfPresent(Int.self, forKey: .favouritesCount)
            utcOffset = try container.decodeIfPresent(Int.self, forKey: .utcOffset)
            timeZone = try container.decodeIfPresent(String.self, forKey: .timeZone)
            geoEnabled = try container.decodeIfPresent(Bool.self, forKey: .geoEnabled)
            verified = try container.decodeIfPresent(Bool.self, forKey: .verified)
            statusesCount = try container.decodeIfPresent(Int.self, forKey: .statusesCount)
            lang = try container.decodeIfPresent(String.self, forKey: .lang)
            contributorsEnabled = try container.decodeIfPresent(Bool.self, forKey: .contributorsEnabled)
            isTranslator = try container.decodeIfPresent(Bool.self, forKey: .isTranslator)
            isTranslationEnabled = try container.decodeIfPresent(Bool.self, forKey: .isTranslationEnabled)
            profileBackgroundColor = try container.decodeIfPresent(String.self, forKey: .profileBackgroundColor)
            profileBackgroundImageURL = try container.decodeIfPresent(URL.self, forKey: .profileBackgroundImageURL)
            profileBackgroundImageURLHTTPS = try container.decodeIfPresent(URL.self, forKey: .profileBackgroundImageURLHTTPS)
            profileBackgroundTile = try container.decodeIfPresent(Bool.self, forKey: .profileBackgroundTile)
            profileImageURL = try container.decodeIfPresent(URL.self, forKey: .profileImageURL)
            profileImageURLHTTPS = try container.decodeIfPresent(URL.self, forKey: .profileImageURLHTTPS)
            profileBannerURL = try container.decodeIfPresent(URL.self, forKey: .profileBannerURL)
            profileLinkColor = try container.decodeIfPresent(String.self, forKey: .profileLinkColor)
            profileSidebarBorderColor = try container.decodeIfPresent(String.self, forKey: .profileSidebarBorderColor)
            profileSidebarFillColor = try container.decodeIfPresent(String.self, forKey: .profileSidebarFillColor)
            profileTextColor = try container.decodeIfPresent(String.self, forKey: .profileTextColor)
            profileUseBackgroundImage = try container.decodeIfPresent(Bool.self, forKey: .profileUseBackgroundImage)
            defaultProfile = try container.decodeIfPresent(Bool.self, forKey: .defaultProfile)
            defaultProfileImage = try container.decodeIfPresent(Bool.self, forKey: .defaultProfileImage)
            following = try container.decodeIfPresent(Bool.self, forKey: .following)
            followRequestSent = try container.decodeIfPresent(Bool.self, forKey: .followRequestSent)
            notifications = try container.decodeIfPresent(Bool.self, forKey: .notifications)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(idStr, forKey: .idStr)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encode(screenName, forKey: .screenName)
            try container.encodeIfPresent(location, forKey: .location)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(entities, forKey: .entities)
            try container.encodeIfPresent(protected, forKey: .protected)
            try container.encodeIfPresent(followersCount, forKey: .followersCount)
            try container.encodeIfPresent(friendsCount, forKey: .friendsCount)
            try container.encodeIfPresent(listedCount, forKey: .listedCount)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(favouritesCount, forKey: .favouritesCount)
            try container.encodeIfPresent(utcOffset, forKey: .utcOffset)
            try container.encodeIfPresent(timeZone, forKey: .timeZone)
            try container.encodeIfPresent(geoEnabled, forKey: .geoEnabled)
            try container.encodeIfPresent(verified, forKey: .verified)
            try container.encodeIfPresent(statusesCount, forKey: .statusesCount)
            try container.encodeIfPresent(lang, forKey: .lang)
            try container.encodeIfPresent(contributorsEnabled, forKey: .contributorsEnabled)
            try container.encodeIfPresent(isTranslator, forKey: .isTranslator)
            try container.encodeIfPresent(isTranslationEnabled, forKey: .isTranslationEnabled)
            try container.encodeIfPresent(profileBackgroundColor, forKey: .profileBackgroundColor)
            try container.encodeIfPresent(profileBackgroundImageURL, forKey: .profileBackgroundImageURL)
            try container.encodeIfPresent(profileBackgroundImageURLHTTPS, forKey: .profileBackgroundImageURLHTTPS)
            try container.encodeIfPresent(profileBackgroundTile, forKey: .profileBackgroundTile)
            try container.encodeIfPresent(profileImageURL, forKey: .profileImageURL)
            try container.encodeIfPresent(profileImageURLHTTPS, forKey: .profileImageURLHTTPS)
            try container.encodeIfPresent(profileBannerURL, forKey: .profileBannerURL)
            try container.encodeIfPresent(profileLinkColor, forKey: .profileLinkColor)
            try container.encodeIfPresent(profileSidebarBorderColor, forKey: .profileSidebarBorderColor)
            try container.encodeIfPresent(profileSidebarFillColor, forKey: .profileSidebarFillColor)
            try container.encodeIfPresent(profileTextColor, forKey: .profileTextColor)
            try container.encodeIfPresent(profileUseBackgroundImage, forKey: .profileUseBackgroundImage)
            try container.encodeIfPresent(defaultProfile, forKey: .defaultProfile)
            try container.encodeIfPresent(defaultProfileImage, forKey: .defaultProfileImage)
            try container.encodeIfPresent(following, forKey: .following)
            try container.encodeIfPresent(followRequestSent, forKey: .followRequestSent)
            try container.encodeIfPresent(notifications, forKey: .notifications)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(id, forKey: .id)
            try container.encode(idStr, forKey: .idStr)
            try container.encodeIfPresent(name, forKey: .name)
            try container.encode(screenName, forKey: .screenName)
            try container.encodeIfPresent(location, forKey: .location)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(entities, forKey: .entities)
            try container.encodeIfPresent(protected, forKey: .protected)
            try container.encodeIfPresent(followersCount, forKey: .followersCount)
            try container.encodeIfPresent(friendsCount, forKey: .friendsCount)
            try container.encodeIfPresent(listedCount, forKey: .listedCount)
            try container.encodeIfPresent(createdAt, forKey: .createdAt)
            try container.encodeIfPresent(favouritesCount, forKey: .favouritesCount)
            try container.encodeIfPresent(utcOffset, forKey: .utcOffset)
            try container.encodeIfPresent(timeZone, forKey: .timeZone)
            try container.encodeIfPresent(geoEnabled, forKey: .geoEnabled)
            try container.encodeIfPresent(verified, forKey: .verified)
            try container.encodeIfPresent(statusesCount, forKey: .statusesCount)
            try container.encodeIfPresent(lang, forKey: .lang)
            try container.encodeIfPresent(contributorsEnabled, forKey: .contributorsEnabled)
            try container.encodeIfPresent(isTranslator, forKey: .isTranslator)
            try container.encodeIfPresent(isTranslationEnabled, forKey: .isTranslationEnabled)
            try container.encodeIfPresent(profileBackgroundColor, forKey: .profileBackgroundColor)
            try container.encodeIfPresent(profileBackgroundImageURL, forKey: .profileBackgroundImageURL)
            try container.encodeIfPresent(profileBackgroundImageURLHTTPS, forKey: .profileBackgroundImageURLHTTPS)
            try container.encodeIfPresent(profileBackgroundTile, forKey: .profileBackgroundTile)
            try container.encodeIfPresent(profileImageURL, forKey: .profileImageURL)
            try container.encodeIfPresent(profileImageURLHTTPS, forKey: .profileImageURLHTTPS)
            try container.encodeIfPresent(profileBannerURL, forKey: .profileBannerURL)
            try container.encodeIfPresent(profileLinkColor, forKey: .profileLinkColor)
            try container.encodeIfPresent(profileSidebarBorderColor, forKey: .profileSidebarBorderColor)
            try container.encodeIfPresent(profileSidebarFillColor, forKey: .profileSidebarFillColor)
            try container.encodeIfPresent(profileTextColor, forKey: .profileTextColor)
            try container.encodeIfPresent(profileUseBackgroundImage, forKey: .profileUseBackgroundImage)
            try container.encodeIfPresent(defaultProfile, forKey: .defaultProfile)
            try container.encodeIfPresent(defaultProfileImage, forKey: .defaultProfileImage)
            try container.encodeIfPresent(following, forKey: .following)
            try container.encodeIfPresent(followRequestSent, forKey: .followRequestSent)
            try container.encodeIfPresent(notifications, forKey: .notifications)
        }
    }
}

struct TwitterUserEntities: Codable {
    var url: TwitterURLList?
    var description: TwitterURLList?

    enum Keys: String, CodingKey {
        case url, description
    }
    enum JSONKeys: String, CodingKey {
        case url, description
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            url = try container.decodeIfPresent(TwitterURLList.self, forKey: .url)
            description = try container.decodeIfPresent(TwitterURLList.self, forKey: .description)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            url = try container.decodeIfPresent(TwitterURLList.self, forKey: .url)
            description = try container.decodeIfPresent(TwitterURLList.self, forKey: .description)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(description, forKey: .description)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(url, forKey: .url)
            try container.encodeIfPresent(description, forKey: .description)
        }
    }
}

struct TwitterURLList: Codable {
    var urls: [TweetURL]?

    enum Keys: String, CodingKey {
        case urls
    }
    enum JSONKeys: String, CodingKey {
        case urls
    }

    init(from decoder: any Decoder) throws {
        if decoder.readsExternalJSON {
            let container = try decoder.container(keyedBy: JSONKeys.self)
            urls = try container.decodeIfPresent([TweetURL].self, forKey: .urls)
        } else {
            let container = try decoder.container(keyedBy: Keys.self)
            urls = try container.decodeIfPresent([TweetURL].self, forKey: .urls)
        }
    }

    func encode(to encoder: any Encoder) throws {
        if encoder.writesExternalJSON {
            var container = encoder.container(keyedBy: JSONKeys.self)
            try container.encodeIfPresent(urls, forKey: .urls)
        } else {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encodeIfPresent(urls, forKey: .urls)
        }
    }
}
