/// The failing tests as the summary and the pull-request comment list them: each with its
/// message, where it failed, its cause with what the cause means and what usually fixes it, the
/// element it hit and its screenshots.
enum MarkdownFailures {
    /// The causes of a dashboard by name, for their explanation.
    typealias Causes = [String: DashboardCategoryGroup]

    static func causes(_ dashboard: Dashboard) -> Causes {
        Dictionary(dashboard.categories.map { ($0.category, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// `📷 N: …` said once above a list whose failures have screenshots, else nothing: where they
    /// are, by what `links` knows (the page's URL, the CI build holding it as an artifact, or neither).
    static func screenshotNote(_ failures: [DashboardNewFailure?], links: DashboardLinks = DashboardLinks()) -> String {
        guard failures.contains(where: { $0?.screenshots != nil }) else { return "" }
        if let page = links.dashboardURL {
            return
                "📷 N: the failure's screenshots; the mark opens the test's attempts, with their steps and screenshots, in the "
                + MarkdownText.link("dashboard", url: page) + ".\n\n"
        }
        if let build = links.buildURL.flatMap(SafeURL.http) {
            return
                "📷 N: the failure's screenshots, under the test in the dashboard's Tests view: `site/index.html` in the "
                + MarkdownText.link("CI build", url: build) + "'s artifacts (download it, open `index.html`).\n\n"
        }
        return
            "📷 N: the failure's screenshots, under the test in the dashboard's Tests view (`site/index.html` with `site/attachments/`).\n\n"
    }

    /// One failing test as a list item: the test, its screenshots and location on the first line;
    /// under it `note` (why it is listed there; else the failure's own, for a known-flaky test's
    /// new failure), the message, the cause and the element.
    static func item(
        _ failure: DashboardNewFailure, note: String? = nil, causes: Causes, links: DashboardLinks = DashboardLinks()
    ) -> String {
        var out = "- ❌ " + MarkdownText.code(failure.destinations?.test ?? failure.test, limit: 160)
        if let destinations = failure.destinations { out += " " + MarkdownText.escape(destinations.line, limit: 400) }
        if let shots = failure.screenshots {
            let url = links.screenshots(of: failure.test)
            out += " · " + (url != nil ? MarkdownText.link("📷 \(shots)", url: url) : "📷 \(shots)")
        }
        if let location = failure.location {
            out +=
                " · "
                + (failure.locationURL != nil
                    ? MarkdownText.link(location, url: failure.locationURL) : MarkdownText.code(location, limit: 120))
        }
        out += "\n"
        if let note = note ?? failure.note { out += "  - " + MarkdownText.escape(note, limit: 200) + "\n" }
        if !failure.message.isEmpty { out += "  - " + MarkdownText.escape(failure.message, limit: 300) + "\n" }
        out += "  - " + cause(failure.category, isInfrastructure: failure.isInfrastructure, causes: causes) + "\n"
        if let identifier = failure.identifier {
            var element = "  - element " + MarkdownText.code(identifier, limit: 120)
            var notes: [String] = []
            if let raw = failure.rawIdentifier { notes.append("written " + MarkdownText.code(raw, limit: 120)) }
            if let found = failure.identifierFoundIn {
                notes.append("found in " + (found == "steps" ? "the steps before the failure" : "its output"))
            }
            if !notes.isEmpty { element += " (" + notes.joined(separator: "; ") + ")" }
            out += element + "\n"
        }
        return out
    }

    /// A failing test whose failure is not known in full (a stored run's): its name, why it is
    /// listed, and its message and cause when known.
    static func item(_ excused: DashboardExcusedFailure, causes: Causes, links: DashboardLinks = DashboardLinks())
        -> String
    {
        if var failure = excused.failure {
            failure.destinations = excused.destinations
            return item(failure, note: excused.reason, causes: causes, links: links)
        }
        var out = "- ❌ " + MarkdownText.code(excused.destinations?.test ?? excused.test, limit: 160)
        if let destinations = excused.destinations { out += " " + MarkdownText.escape(destinations.line, limit: 400) }
        out += "\n  - " + MarkdownText.escape(excused.reason, limit: 160) + "\n"
        if let message = excused.message { out += "  - " + MarkdownText.escape(message, limit: 300) + "\n" }
        if let category = excused.category {
            out +=
                "  - " + cause(category, isInfrastructure: causes[category]?.isInfrastructure ?? false, causes: causes)
                + "\n"
        }
        return out
    }

    /// `entries` with each test of a run on several destinations named once: its first entry,
    /// which carries the roll-up line (`DashboardDestinationLine`); other entries as they are.
    static func grouped<Entry>(_ entries: [Entry], by destinations: (Entry) -> DashboardDestinationLine?) -> [Entry] {
        var named: Set<String> = []
        return entries.filter { entry in
            guard let test = destinations(entry)?.test else { return true }
            return named.insert(test).inserted
        }
    }

    /// `cause **notHittable**: The element exists but cannot be tapped …; usually fixed by: …`.
    static func cause(_ category: String, isInfrastructure: Bool, causes: Causes) -> String {
        var text =
            "cause **" + MarkdownText.escape(category, limit: 60) + "**"
            + (isInfrastructure ? " (infrastructure 🏗️)" : "")
        if let description = causes[category]?.description {
            text += ": " + MarkdownText.escape(description, limit: 200)
        }
        if let fix = causes[category]?.fix {
            text += "; usually fixed by: " + MarkdownText.escape(lowercasingFirst(fix), limit: 240)
        }
        return text
    }

    private static func lowercasingFirst(_ text: String) -> String {
        guard let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true else {
            return text
        }
        return first.lowercased() + text.dropFirst()
    }

    static func newFailures(_ failures: [DashboardNewFailure], causes: Causes, links: DashboardLinks = DashboardLinks())
        -> MarkdownSection
    {
        guard !failures.isEmpty else { return MarkdownSection(name: "new failures", head: "", items: []) }
        let head = "### ❌ New failures (\(Format.count(failures.count)))\n\n" + screenshotNote(failures, links: links)
        return MarkdownSection(
            name: "new failures", head: head,
            items: grouped(failures, by: \.destinations).map { item($0, causes: causes, links: links) })
    }

    /// The failing tests that failed in the baseline too; nothing when there are none.
    static func stillFailing(
        _ failures: [DashboardExcusedFailure], causes: Causes, links: DashboardLinks = DashboardLinks()
    ) -> MarkdownSection {
        guard !failures.isEmpty else { return MarkdownSection(name: "still failing", head: "", items: []) }
        let head =
            "### Still failing (\(Format.count(failures.count))), failing in the baseline too\n\n"
            + screenshotNote(failures.map(\.failure), links: links)
        return MarkdownSection(
            name: "still failing", head: head,
            items: grouped(failures, by: \.destinations).map { item($0, causes: causes, links: links) })
    }

    /// The failing tests the new-failures gate left out, with why; nothing when there are none.
    static func excused(_ failures: [DashboardExcusedFailure], causes: Causes, links: DashboardLinks = DashboardLinks())
        -> MarkdownSection
    {
        guard !failures.isEmpty else { return MarkdownSection(name: "failures not counted", head: "", items: []) }
        let head =
            "### Failing, not counted as new (\(Format.count(failures.count)))\n\n"
            + screenshotNote(failures.map(\.failure), links: links)
        return MarkdownSection(
            name: "failures not counted", head: head,
            items: grouped(failures, by: \.destinations).map { item($0, causes: causes, links: links) })
    }
}
