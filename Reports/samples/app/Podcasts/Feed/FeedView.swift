import SwiftUI

/// The home feed: new episodes of every subscription, newest first.
struct FeedView: View {
    @EnvironmentObject private var session: Session
    @Binding var selection: RootTabView.Tab
    @State private var isRefreshing = false

    var body: some View {
        NavigationStack {
            List {
                header
                if session.subscriptions.isEmpty {
                    FeedEmptyState { Task { await refresh() } }
                } else {
                    ForEach(session.subscriptions) { podcast in
                        NavigationLink(value: podcast) { PodcastRow(podcast: podcast) }
                    }
                }
            }
            .listStyle(.plain)
            .refreshable { await refresh() }
            .navigationDestination(for: Podcast.self) { PodcastDetailScreen(podcast: $0) }
            .navigationTitle("Feed")
        }
        .accessibilityIdentifier("Feed.Root")
        .tabItem { Label("Feed", systemImage: "dot.radiowaves.left.and.right") }
    }

    private var header: some View {
        HStack {
            Text("New Episodes")
                .font(.title2.bold())
                .accessibilityIdentifier("Feed.Header.Title")
            Spacer()
            Button { selection = .search } label: { Image(systemName: "magnifyingglass") }
                .accessibilityLabel("Search")
                .accessibilityIdentifier("Feed.Tab.Search")
            Button { selection = .library } label: { Image(systemName: "books.vertical") }
                .accessibilityLabel("Library")
                .accessibilityIdentifier("Feed.Tab.Library")
            Button { Task { await refresh() } } label: { Image(systemName: "arrow.clockwise") }
                .font(.system(size: 17))
                .disabled(isRefreshing)
                .accessibilityLabel("Refresh")
                .accessibilityIdentifier("Feed.Header.Refresh")
        }
        .buttonStyle(.borderless)
    }

    private func refresh() async {
        isRefreshing = true
        defer { isRefreshing = false }
        try? await session.refreshFeed()
    }
}

/// What the feed shows before the first subscription.
struct FeedEmptyState: View {
    var retry: () -> Void

    var body: some View {
        VStack(spacing: 12) {
            Text("Subscribe to a podcast and its new episodes show up here.")
                .multilineTextAlignment(.center)
                .accessibilityIdentifier("Feed.EmptyState.Message")
            Button("Try Again", action: retry)
                .buttonStyle(.bordered)
                .accessibilityIdentifier("Feed.EmptyState.Retry")
        }
        .frame(maxWidth: .infinity)
        .padding(.vertical, 48)
    }
}
