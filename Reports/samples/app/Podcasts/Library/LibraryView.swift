import SwiftUI

/// The library: subscriptions, downloads, queue and history, sortable and editable.
struct LibraryView: View {
    enum Section: String, CaseIterable, Identifiable {
        case shows = "Shows", downloads = "Downloads", queue = "Queue", history = "History"
        var id: Self { self }
    }

    enum SortOrder: String, CaseIterable {
        case recent = "Recently Updated", title = "Title", unplayed = "Most Unplayed"
    }

    @EnvironmentObject private var session: Session
    @State private var section = Section.shows
    @State private var order = SortOrder.recent
    @State private var editMode = EditMode.inactive

    var body: some View {
        NavigationStack {
            VStack {
                Picker("Section", selection: $section) {
                    ForEach(Section.allCases) { Text($0.rawValue).tag($0) }
                }
                .pickerStyle(.segmented)
                .padding(.horizontal)
                .accessibilityIdentifier("Library.Tabs")

                if items.isEmpty {
                    ContentUnavailableView("Nothing here yet", systemImage: "books.vertical")
                        .accessibilityIdentifier("Library.EmptyState")
                } else {
                    List {
                        ForEach(Array(items.enumerated()), id: \.element.id) { index, podcast in
                            PodcastRow(podcast: podcast)
                                .accessibilityIdentifier("Library.Item.\(index)")
                        }
                        .onDelete { offsets in session.subscriptions.remove(atOffsets: offsets) }
                        .onMove { session.subscriptions.move(fromOffsets: $0, toOffset: $1) }
                    }
                    .listStyle(.plain)
                    .environment(\.editMode, $editMode)
                }
            }
            .navigationTitle("Library")
            .toolbar {
                ToolbarItem(placement: .topBarLeading) {
                    Menu {
                        Picker("Sort", selection: $order) {
                            ForEach(SortOrder.allCases, id: \.self) { Text($0.rawValue) }
                        }
                    } label: {
                        Image(systemName: "arrow.up.arrow.down")
                    }
                    .accessibilityLabel("Sort")
                    .accessibilityIdentifier("Library.Sort")
                }
                ToolbarItem(placement: .topBarTrailing) {
                    Button(editMode.isEditing ? "Done" : "Edit") {
                        editMode = editMode.isEditing ? .inactive : .active
                    }
                    .accessibilityIdentifier("Library.Edit")
                }
            }
        }
        .accessibilityIdentifier("Library.Root")
        .tabItem { Label("Library", systemImage: "books.vertical") }
    }

    private var items: [Podcast] {
        let podcasts =
            switch section {
            case .shows: session.subscriptions
            case .downloads: session.subscriptions.filter { $0.episodes.contains(where: \.isDownloaded) }
            case .queue, .history: session.subscriptions.filter { $0.episodes.contains(where: \.isPlayed) }
            }
        switch order {
        case .recent: return podcasts
        case .title: return podcasts.sorted { $0.title < $1.title }
        case .unplayed: return podcasts.sorted { $0.episodes.count > $1.episodes.count }
        }
    }
}
