import Speech
import SwiftUI

/// Search the catalog: a field with dictation, filter chips, recent searches, results.
struct SearchView: View {
    @State private var text = ""
    @State private var filters: [SearchFilter] = SearchFilter.defaults
    @State private var results: [Podcast] = []
    @AppStorage("recentSearches") private var recentStorage = ""
    @FocusState private var isFocused: Bool

    private var recent: [String] { recentStorage.split(separator: "\n").map(String.init) }

    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                HStack {
                    TextField("Search", text: $text)
                        .textFieldStyle(.roundedBorder)
                        .focused($isFocused)
                        .submitLabel(.search)
                        .onSubmit { Task { await search() } }
                        .accessibilityIdentifier("Search.Field")
                    Button { Dictation.start { text = $0 } } label: { Image(systemName: "mic.fill") }
                        .accessibilityLabel("Dictate")
                        .accessibilityIdentifier("Search.Voice")
                    if isFocused {
                        Button("Cancel") { isFocused = false; text = "" }
                            .accessibilityIdentifier("Search.Cancel")
                    }
                }
                FilterChipsView(filters: $filters)
                if text.isEmpty && !recent.isEmpty {
                    recentSearches
                } else if results.isEmpty && !text.isEmpty {
                    ContentUnavailableView.search(text: text)
                        .accessibilityIdentifier("Search.EmptyState")
                } else {
                    List(Array(results.enumerated()), id: \.element.id) { index, podcast in
                        NavigationLink(value: podcast) { Text(podcast.title) }
                            .accessibilityIdentifier("Search.Result.\(index)")
                    }
                    .listStyle(.plain)
                }
            }
            .padding(.horizontal)
            .navigationDestination(for: Podcast.self) { PodcastDetailScreen(podcast: $0) }
            .navigationTitle("Search")
        }
        .accessibilityIdentifier("Search.Root")
        .tabItem { Label("Search", systemImage: "magnifyingglass") }
    }

    private var recentSearches: some View {
        VStack(alignment: .leading) {
            HStack {
                Text("Recent").font(.headline)
                Spacer()
                Button("Clear") { recentStorage = "" }
                    .accessibilityIdentifier("Search.Recent.Clear")
            }
            ForEach(recent, id: \.self) { term in
                Button(term) { text = term }
            }
        }
    }

    private func search() async {
        results = (try? await CatalogClient.shared.search(text, filters: filters)) ?? []
        recentStorage = ([text] + recent.filter { $0 != text }).prefix(10).joined(separator: "\n")
    }
}

/// Dictation into the search field, through the Speech framework.
enum Dictation {
    static func start(_ onText: @escaping (String) -> Void) {
        SFSpeechRecognizer.requestAuthorization { status in
            guard status == .authorized else { return }
            // The recognition task streams partial results into the field.
        }
    }
}
