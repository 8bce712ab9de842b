import SwiftUI

/// One podcast in the feed: artwork, title, author and its unplayed count.
struct PodcastRow: View {
    let podcast: Podcast

    private var unplayed: Int { podcast.episodes.filter { !$0.isPlayed }.count }

    var body: some View {
        HStack(spacing: 12) {
            AsyncImage(url: podcast.artworkURL) { image in
                image.resizable().scaledToFill()
            } placeholder: {
                Color.secondary.opacity(0.2)
            }
            .frame(width: 56, height: 56)
            .clipShape(RoundedRectangle(cornerRadius: 8))
            .accessibilityHidden(true)
            .accessibilityIdentifier("Podcast-\(podcast.id)-artwork")

            VStack(alignment: .leading, spacing: 2) {
                Text(podcast.title).font(.headline)
                Text(podcast.author).font(.subheadline).foregroundStyle(.secondary)
            }
            Spacer()
            if unplayed > 0 {
                Text("\(unplayed)")
                    .font(.caption.bold())
                    .padding(6)
                    .background(Capsule().fill(.tint))
                    .foregroundStyle(.white)
                    .accessibilityLabel("\(unplayed) unplayed")
                    .accessibilityIdentifier("Podcast-\(podcast.id)-unplayed")
            }
        }
        .accessibilityElement(children: .combine)
        .accessibilityIdentifier("Podcast-\(podcast.id)-row")
    }
}
