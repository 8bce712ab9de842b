import SwiftUI

struct PodcastRow: View {
    let podcast: Podcast

    var body: some View {
        HStack {
            Text(podcast.title)
                .accessibilityIdentifier("Podcast-\(podcast.id)-title")
        }
        .accessibilityIdentifier("Podcast-\(podcast.id)-row")
    }
}

extension PodcastRow {
    struct Badge: View {
        var body: some View {
            Image(systemName: "star").accessibilityIdentifier("\(Self.self).star")
        }
    }
}
