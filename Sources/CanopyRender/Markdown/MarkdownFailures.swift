/// The failing tests as the summary and the pull-request comment list them: each with its
/// message, where it failed, its cause with what the cause means and what usually fixes it, the
/// element it hit and its screenshots.
enum MarkdownFailures {
    /// What an item looks up beside its failure: the dashboard's causes by name, for their
    /// explanation, and what the sources say of elements and tests (`Dashboard.code`).
    struct Causes {
        var byName: [String: DashboardCategoryGroup] = [:]
        var code: DashboardCode?

        subscript(category: String) -> DashboardCategoryGroup? { byName[category] }
    }

    static func causes(_ dashboard: Dashboard) -> Causes {
        Causes(
            byName: Dictionary(dashboard.categories.map { ($0.category, $0) }, uniquingKeysWith: { first, _ in first }),
            code: dashboard.code)
    }

    /// `  - declared in `CheckoutView.swift:42` (+1 more) · owners @payments-ios · test owners @qa`
    /// under an item, from `Dashboard.code`; nothing when the sources say nothing of it.
    /// `linked`: the evidence line links the declaration already, so the place is not repeated.
    static func codeLine(identifier: String?, test: String, code: DashboardCode?, linked: Bool = false) -> String {
        guard let code else { return "" }
        var parts: [String] = []
        if let identifier, let declaration = code.declarations[identifier], let first = declaration.places.first {
            if !linked || declaration.places.count > 1 {
                var declared =
                    "declared in "
                    + (first.url != nil
                        ? MarkdownText.link(first.text, url: first.url) : MarkdownText.code(first.text, limit: 120))
                if declaration.places.count > 1 { declared += " (+\(declaration.places.count - 1) more)" }
                parts.append(declared)
            }
            if !declaration.owners.isEmpty { parts.append("owners " + owners(declaration.owners)) }
        }
        if let testOwners = code.testOwners[test], testOwners != code.declarations[identifier ?? ""]?.owners {
            parts.append("test owners " + owners(testOwners))
        }
        return parts.isEmpty ? "" : "  - " + parts.joined(separator: " · ") + "\n"
    }

    /// Owners as written (`@org/team`, an email address), at most five named: in code spans, so a
    /// comment updated on every push never mentions (and notifies) a team.
    static func owners(_ owners: [String]) -> String {
        let named = owners.prefix(5).map { MarkdownText.code($0, limit: 80) }.joined(separator: " ")
        return owners.count > 5 ? named + " +\(owners.count - 5)" : named
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
        _ failure: DashboardNewFailure, note: String? = nil, causes: Causes, links: DashboardLinks = DashboardLinks(),
        across: Across = .alone, messageLimit: Int = 300
    ) -> String {
        var out = "- ❌ " + head(failure.test, across: across)
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
        out += "\n" + across.note + evidence(failure.evidence)
        if let note = note ?? failure.note { out += "  - " + MarkdownText.escape(note, limit: 200) + "\n" }
        if !failure.message.isEmpty {
            out += "  - " + MarkdownText.escape(failure.message, limit: messageLimit) + "\n"
        }
        out += across.otherMessages(than: failure.message)
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
        let linked = failure.evidence?.changes.contains { $0.kind == .declares(identifier: failure.identifier ?? "") }
        out += codeLine(
            identifier: failure.identifier, test: failure.test, code: causes.code, linked: linked ?? false)
        return out
    }

    /// A failing test whose failure is not known in full (a stored run's): its name, why it is
    /// listed, and its message and cause when known.
    static func item(
        _ excused: DashboardExcusedFailure, causes: Causes, links: DashboardLinks = DashboardLinks(),
        across: Across = .alone
    ) -> String {
        if let failure = excused.failure {
            return item(failure, note: excused.reason, causes: causes, links: links, across: across)
        }
        var out = "- ❌ " + head(excused.test, across: across) + "\n" + across.note
        out += "  - " + MarkdownText.escape(excused.reason, limit: 160) + "\n"
        if let message = excused.message { out += "  - " + MarkdownText.escape(message, limit: 300) + "\n" }
        out += across.otherMessages(than: excused.message ?? "")
        if let category = excused.category {
            out +=
                "  - " + cause(category, isInfrastructure: causes[category]?.isInfrastructure ?? false, causes: causes)
                + "\n"
        }
        out += codeLine(identifier: nil, test: excused.test, code: causes.code)
        return out
    }

    /// `  - passes on `main` in the last 12 runs (since `ea2d9284`) · this pull request changes
    /// `Login.swift`, which declares `Login.Submit`` under a new failure; nothing without evidence.
    static func evidence(_ evidence: DashboardFailureEvidence?) -> String {
        guard let evidence, !evidence.isEmpty else { return "" }
        let sentence = evidence.sentence(
            text: { MarkdownText.escape($0) }, code: { MarkdownText.code($0, limit: 160) },
            link: { file, url in url != nil ? MarkdownText.link(file, url: url) : MarkdownText.code(file, limit: 160) })
        return "  - " + sentence + "\n"
    }

    /// What an item says of its test's other destinations, on a run on several.
    enum Across {
        /// A run on one destination: the item names its test's key.
        case alone
        /// The item names its test on one destination (its key), the roll-up line under it: its
        /// test fails on other destinations listed elsewhere.
        case line(String)
        /// The item names the test once for every destination it fails on, with the roll-up line
        /// (`fails on A, B; passes on 2 others`), and the messages of the other destinations'
        /// failures where they differ from the one shown, each with its destination.
        case grouped(test: String, line: String, others: [(destination: String, message: String)])

        /// Under the item's first line: the roll-up line, when the line does not say it.
        var note: String {
            guard case .line(let line) = self else { return "" }
            return "  - " + MarkdownText.escape(line, limit: 400) + "\n"
        }

        /// `  - on iPhone SE (17.5): message` for each other destination failing otherwise.
        func otherMessages(than shown: String) -> String {
            guard case .grouped(_, _, let others) = self else { return "" }
            var out = ""
            var said: Set<String> = [shown]
            for other in others where !other.message.isEmpty && said.insert(other.message).inserted {
                out +=
                    "  - on " + MarkdownText.escape(other.destination, limit: 120) + ": "
                    + MarkdownText.escape(other.message, limit: 300) + "\n"
            }
            return out
        }
    }

    /// The item's test: its key, or for a group the test and the roll-up line.
    private static func head(_ key: String, across: Across) -> String {
        guard case .grouped(let test, let line, _) = across else { return MarkdownText.code(key, limit: 160) }
        return MarkdownText.code(test, limit: 160) + " " + MarkdownText.escape(line, limit: 400)
    }

    /// The items of a failing list. On a run on several destinations, a test whose every failing
    /// destination is in the list is one item, named once with the roll-up line (its first entry's
    /// failure shown); a test failing on destinations listed elsewhere too keeps an item per
    /// destination, the line under each.
    static func items<Entry>(
        _ entries: [Entry], key: (Entry) -> String, destinations: (Entry) -> DashboardDestinationLine?,
        message: (Entry) -> String, render: (Entry, Across) -> String
    ) -> (items: [String], counts: [Int]) {
        var keysByTest: [String: Set<String>] = [:]
        var entriesByTest: [String: [Entry]] = [:]
        for entry in entries {
            guard let line = destinations(entry) else { continue }
            keysByTest[line.test, default: []].insert(key(entry))
            entriesByTest[line.test, default: []].append(entry)
        }
        var named: Set<String> = []
        var items: [String] = []
        var counts: [Int] = []
        for entry in entries {
            guard let line = destinations(entry) else {
                items.append(render(entry, .alone))
                counts.append(1)
                continue
            }
            guard keysByTest[line.test] == Set(line.failing.map(\.key)) else {
                items.append(render(entry, .line(line.line)))
                counts.append(1)
                continue
            }
            guard named.insert(line.test).inserted else { continue }
            counts.append(entriesByTest[line.test]?.count ?? 1)
            let labels = Dictionary(
                line.failing.map { ($0.key, $0.destination) }, uniquingKeysWith: { first, _ in first })
            let others = (entriesByTest[line.test] ?? []).dropFirst().map {
                (destination: labels[key($0)] ?? key($0), message: message($0))
            }
            items.append(render(entry, .grouped(test: line.test, line: line.line, others: others)))
        }
        return (items, counts)
    }

    /// The items of a list of new failures, and the failures each stands for (`items`).
    static func items(
        _ failures: [DashboardNewFailure], causes: Causes, links: DashboardLinks, messageLimit: Int = 300
    ) -> (items: [String], counts: [Int]) {
        items(
            failures, key: \.test, destinations: \.destinations, message: \.message,
            render: { item($0, causes: causes, links: links, across: $1, messageLimit: messageLimit) })
    }

    /// The items of a list of failing tests named with why, and the failures each stands for (`items`).
    static func items(_ failures: [DashboardExcusedFailure], causes: Causes, links: DashboardLinks) -> (
        items: [String], counts: [Int]
    ) {
        items(
            failures, key: \.test, destinations: \.destinations, message: { $0.failure?.message ?? $0.message ?? "" },
            render: { item($0, causes: causes, links: links, across: $1) })
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

    /// `messageLimit`: the characters of each message shown (the comment's are shorter).
    static func newFailures(
        _ failures: [DashboardNewFailure], causes: Causes, links: DashboardLinks = DashboardLinks(),
        messageLimit: Int = 300
    ) -> MarkdownSection {
        guard !failures.isEmpty else { return MarkdownSection(name: "new failures", head: "", items: []) }
        let head =
            "### ❌ New failures (\(Format.count(failures.count)))\n\n"
            // One failure's owners are on its item.
            + (failures.count > 1 ? byOwner(causes.code) : "")
            + screenshotNote(failures, links: links)
        let listed = items(failures, causes: causes, links: links, messageLimit: messageLimit)
        return MarkdownSection(name: "new failures", head: head, items: listed.items, counts: listed.counts)
    }

    /// `By owner: `@payments-ios`: 2 new failures · no owner: 1 new failure`, from
    /// `DashboardCode.newFailuresByOwner`; nothing without owners.
    static func byOwner(_ code: DashboardCode?) -> String {
        guard let code, !code.newFailuresByOwner.isEmpty else { return "" }
        var parts = code.newFailuresByOwner.prefix(10).map {
            MarkdownText.code($0.owner, limit: 80) + ": " + Format.plural($0.newFailures, "new failure")
        }
        if code.newFailuresByOwner.count > 10 { parts.append("\(code.newFailuresByOwner.count - 10) more owners") }
        if code.unownedNewFailures > 0 {
            parts.append("no owner: " + Format.plural(code.unownedNewFailures, "new failure"))
        }
        return "**By owner:** " + parts.joined(separator: " · ") + "\n\n"
    }

    /// The failing tests that failed in the baseline too; nothing when there are none.
    static func stillFailing(
        _ failures: [DashboardExcusedFailure], causes: Causes, links: DashboardLinks = DashboardLinks()
    ) -> MarkdownSection {
        guard !failures.isEmpty else { return MarkdownSection(name: "still failing", head: "", items: []) }
        let head =
            "### Still failing (\(Format.count(failures.count))), failing in the baseline too\n\n"
            + screenshotNote(failures.map(\.failure), links: links)
        let listed = items(failures, causes: causes, links: links)
        return MarkdownSection(name: "still failing", head: head, items: listed.items, counts: listed.counts)
    }

    /// The failing tests the new-failures gate left out, with why; nothing when there are none.
    static func excused(_ failures: [DashboardExcusedFailure], causes: Causes, links: DashboardLinks = DashboardLinks())
        -> MarkdownSection
    {
        guard !failures.isEmpty else { return MarkdownSection(name: "failures not counted", head: "", items: []) }
        let head =
            "### Failing, not counted as new (\(Format.count(failures.count)))\n\n"
            + screenshotNote(failures.map(\.failure), links: links)
        let listed = items(failures, causes: causes, links: links)
        return MarkdownSection(name: "failures not counted", head: head, items: listed.items, counts: listed.counts)
    }
}
