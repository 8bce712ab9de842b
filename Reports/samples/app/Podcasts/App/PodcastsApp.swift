import SwiftUI

@main
struct PodcastsApp: App {
    @StateObject private var session = Session()
    @StateObject private var player = PlaybackController()

    var body: some Scene {
        WindowGroup {
            if session.isSignedIn {
                RootTabView()
                    .environmentObject(session)
                    .environmentObject(player)
            } else {
                LoginScreen()
                    .environmentObject(session)
            }
        }
    }
}

/// The four tabs; the mini player sits above the tab bar while something plays.
struct RootTabView: View {
    @EnvironmentObject private var player: PlaybackController
    @State private var selection = Tab.feed

    enum Tab: Hashable { case feed, search, library, settings }

    var body: some View {
        TabView(selection: $selection) {
            FeedView(selection: $selection).tag(Tab.feed)
            SearchView().tag(Tab.search)
            LibraryView().tag(Tab.library)
            SettingsScreen().tag(Tab.settings)
        }
        .safeAreaInset(edge: .bottom) {
            if player.nowPlaying != nil { MiniPlayerRepresentable() }
        }
    }
}
