import SwiftUI

/// The horizontally scrolling filter chips under the search field, one per catalog category.
/// Chips are named by their catalog id, which is stable across languages and releases.
struct FilterChipsView: View {
    @Binding var filters: [SearchFilter]

    var body: some View {
        ScrollView(.horizontal, showsIndicators: false) {
            HStack(spacing: 8) {
                ForEach($filters) { $filter in
                    Button { filter.isSelected.toggle() } label: {
                        Text(filter.title)
                            .padding(.horizontal, 12)
                            .padding(.vertical, 6)
                            .background(Capsule().fill(filter.isSelected ? Color.accentColor : Color.secondary.opacity(0.15)))
                    }
                    .buttonStyle(.plain)
                    .accessibilityAddTraits(filter.isSelected ? .isSelected : [])
                    .accessibilityIdentifier("Search.Filter.Chip-\(filter.id)")
                }
            }
        }
    }
}

extension SearchFilter {
    static let defaults: [SearchFilter] = [
        SearchFilter(id: 4001, title: "News", isSelected: false),
        SearchFilter(id: 4002, title: "Comedy", isSelected: false),
        SearchFilter(id: 4003, title: "Technology", isSelected: false),
        SearchFilter(id: 4010, title: "True Crime", isSelected: false),
        SearchFilter(id: 4011, title: "Science", isSelected: false),
    ]
}
