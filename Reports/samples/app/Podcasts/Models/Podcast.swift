import Foundation

struct Podcast: Identifiable, Hashable, Codable {
    let id: Int
    var title: String
    var author: String
    var artworkURL: URL?
    var summary: String
    var isSubscribed: Bool
    var episodes: [Episode]
}

struct Episode: Identifiable, Hashable, Codable {
    let id: Int
    var title: String
    var duration: TimeInterval
    var publishedAt: Date
    var isPlayed: Bool
    var isDownloaded: Bool
}

/// A filter chip under the search field: a category or a language, by catalog id.
struct SearchFilter: Identifiable, Hashable, Codable {
    let id: Int
    var title: String
    var isSelected: Bool
}
