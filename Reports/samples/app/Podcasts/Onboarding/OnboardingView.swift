import SwiftUI

/// First launch: welcome, pick interests, done. Skippable from every page.
struct OnboardingView: View {
    /// The onboarding's identifiers, as raw values so the pages can name their own.
    enum Element: String {
        case root = "Onboarding.Root"
        case welcome = "Onboarding.Welcome"
        case interests = "Onboarding.Interests"
        case continueButton = "Onboarding.Continue"
        case skip = "Onboarding.Skip"
    }

    var finish: () -> Void
    @State private var page = 0
    @State private var interests: Set<String> = []

    private let topics = ["News", "Comedy", "Technology", "True Crime", "Science", "History", "Sports"]

    var body: some View {
        VStack(spacing: 24) {
            TabView(selection: $page) {
                Text("Welcome to Podcasts")
                    .font(.largeTitle.bold())
                    .tag(0)
                    .accessibilityIdentifier(Element.welcome.rawValue)
                ScrollView {
                    LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
                        ForEach(topics, id: \.self) { topic in
                            Toggle(topic, isOn: binding(for: topic))
                                .toggleStyle(.button)
                                .accessibilityIdentifier("Onboarding.Interest.\(topic)")
                        }
                    }
                }
                .tag(1)
                .accessibilityIdentifier(Element.interests.rawValue)
            }
            .tabViewStyle(.page)

            Button(page == 1 ? "Done" : "Continue") {
                if page == 1 { finish() } else { withAnimation { page += 1 } }
            }
            .buttonStyle(.borderedProminent)
            .accessibilityIdentifier(Element.continueButton.rawValue)
            Button("Skip", action: finish)
                .accessibilityIdentifier(Element.skip.rawValue)
        }
        .padding()
        .accessibilityIdentifier(Element.root.rawValue)
    }

    private func binding(for topic: String) -> Binding<Bool> {
        Binding(
            get: { interests.contains(topic) },
            set: { if $0 { interests.insert(topic) } else { interests.remove(topic) } })
    }
}
