import CanopyModel

/// The shrinkable sections of the Markdown summary, one builder per view.
enum MarkdownSections {
    /// The classes with failed tests, tests passed on retry or flaky tests (those of `🔁 Flaky tests`,
    /// by their state over the history window): the suites view of the report tools.
    static func failingClasses(_ classes: [DashboardClassRow]) -> MarkdownSection {
        let notable = classes.filter(\.isNotable)
        guard !notable.isEmpty, classes.count > 1 else { return MarkdownSection(name: "classes", head: "", items: []) }
        let head =
            "### Classes with failed, passed-on-retry or flaky tests (\(Format.count(notable.count)) of \(Format.count(classes.count)))\n\n"
            + "Flaky: the class's tests under 🔁 Flaky tests, whatever their outcome in this run.\n\n"
            + "| class | tests | failed | passed on retry | flaky | skipped | test time |\n|---|---:|---:|---:|---:|---:|---:|\n"
        let items = notable.map { row in
            "| \(MarkdownText.code(row.className, limit: 160, wrap: true)) | \(Format.count(row.tests)) | \(Format.count(row.failed)) | "
                + "\(Format.count(row.passedOnRetry)) | \(Format.count(row.flaky)) | \(Format.count(row.skipped)) | \(Format.duration(row.duration)) |\n"
        }
        return MarkdownSection(name: "classes", head: head, items: items)
    }

    /// ` 🧊 quarantined until …: reason` after a quarantined test's name; nothing otherwise.
    static func quarantineBadge(_ text: String?) -> String {
        text.map { " 🧊 " + MarkdownText.escape($0, limit: 160) } ?? ""
    }

    static func slower(_ tests: [SlowerTest], quarantine: [String: String] = [:]) -> MarkdownSection {
        guard !tests.isEmpty else { return MarkdownSection(name: "slower tests", head: "", items: []) }
        // Collapsed: worth a look, rarely what a developer must act on first.
        let head =
            "<details><summary>🐢 \(SlowerTestsText.heading(tests)) (\(Format.count(tests.count)))</summary>\n\n"
            + (tests.contains { $0.runs != nil } ? SlowerTestsText.lede(tests) + "\n\n" : "")
            + "| test | \(SlowerTestsText.usual(tests).lowercased()) | now | change |\n|---|---:|---:|---:|\n"
        let items = tests.map { test in
            "| \(MarkdownText.code(test.testKey, limit: 160, wrap: true))\(quarantineBadge(quarantine[test.testKey])) | \(Format.duration(test.before))\(test.runs.map { " (\(Format.plural($0, "run")))" } ?? "") | \(Format.duration(test.after)) | "
                + "+\(Format.duration(test.after - test.before)) (×\(Format.fixed(test.after / max(test.before, 0.001), digits: 1))) |\n"
        }
        return MarkdownSection(name: "slower tests", head: head, items: items, tail: "\n</details>\n\n")
    }

    /// The tests flaky by history's rule (`Dashboard.flakyTests`) over `window`.
    static func flaky(_ tests: [DashboardFlakyTest], window: DashboardHistoryWindow? = nil) -> MarkdownSection {
        flakyTable(tests, name: "flaky tests", title: "🔁 Flaky tests", window: window)
    }

    /// The tests newly broken, failing not yet confirmed, or fixed over the window
    /// (`Dashboard.newlyBrokenOrFixed`); a state change is the trend's, from one state to another.
    static func newlyBrokenOrFixed(_ tests: [DashboardFlakyTest], window: DashboardHistoryWindow? = nil)
        -> MarkdownSection
    {
        flakyTable(tests, name: "newly broken or fixed", title: "↕️ Newly broken or fixed", window: window)
    }

    /// `tests` with their state and evidence under `title` and their count, and the runs their
    /// evidence counts (`window`) when known.
    private static func flakyTable(
        _ tests: [DashboardFlakyTest], name: String, title: String, window: DashboardHistoryWindow?
    ) -> MarkdownSection {
        let rows = tests.map { test in
            let e = test.evidence
            let commits =
                e.commits.prefix(5).map { MarkdownText.code($0, limit: 12) }.joined(separator: " ")
                + (e.commits.count > 5 ? " +\(Format.count(e.commits.count - 5)) more" : "")
            var state = state(test)
            if test.isNew { state += " 🆕 new" }
            state += quarantineBadge(test.quarantine)
            if let target = test.onTargetBranch { state += " (" + MarkdownText.escape(target.text, limit: 120) + ")" }
            return [
                Format.score(test.score), MarkdownText.code(test.test, limit: 160, wrap: true), state, "\(e.runs)",
                "\(e.failedRuns)", "\(e.flips)",
                "\(e.retries)\(e.infrastructureFlakes > 0 ? " +\(e.infrastructureFlakes) infra" : "")",
                commits.isEmpty ? "–" : commits,
            ]
        }
        // Too wide for the page: commits go first, then retries, flips and the score.
        let table = MarkdownTable(
            columns: [
                .init(header: "score", alignRight: true, priority: 4), .init(header: "test", priority: 10),
                .init(header: "state", priority: 9),
                .init(header: "runs", alignRight: true, priority: 6),
                .init(header: "failed runs", alignRight: true, priority: 7),
                .init(header: "flips", alignRight: true, priority: 3),
                .init(header: "retries", alignRight: true, priority: 2),
                .init(header: "commits", priority: 1),
            ],
            rows: rows
        ).render()
        return MarkdownSection(
            name: name,
            head: "### \(title) (\(Format.count(tests.count)))\n\n"
                + (window.map { "Over \(MarkdownText.escape($0.phrase, limit: 200)).\n\n" } ?? "") + table.head,
            items: table.rows)
    }

    /// The active quarantine entries, with how much of the run each covers.
    static func quarantine(_ entries: [DashboardQuarantine]) -> MarkdownSection {
        guard !entries.isEmpty else { return MarkdownSection(name: "quarantine", head: "", items: []) }
        let head =
            "### 🧊 Quarantine (\(Format.count(entries.count)))\n\nLeft out of the gates until they expire "
            + "(<code>quarantine:</code> in canopy.yml).\n\n| covers | reason | expires | in this run |\n|---|---|---|---:|\n"
        let items = entries.map { entry in
            "| \(MarkdownText.code(entry.covers, limit: 160, wrap: true)) | \(entry.reason.map { MarkdownText.escape($0, limit: 200) } ?? "–") | "
                + "\(entry.expires ?? "never") | \(Format.count(entry.matches)) |\n"
        }
        // The quarantined tests that passed: a table's rows cannot hold them, so they follow it.
        let passed = entries.flatMap(\.passed)
        guard !passed.isEmpty else { return MarkdownSection(name: "quarantine", head: head, items: items) }
        let shown = passed.prefix(10).map {
            "- \(MarkdownText.code($0.test, limit: 160, wrap: true)) 🧊 quarantined, \(MarkdownText.escape($0.text))\n"
        }
        let more = passed.count > 10 ? "- … and \(Format.count(passed.count - 10)) more\n" : ""
        return MarkdownSection(
            name: "quarantine", head: head, items: items,
            tail: "\nQuarantined tests that passed this run (\(Format.count(passed.count))):\n\n" + shown.joined()
                + more + "\n")
    }

    static func flakyElements(
        _ elements: [FlakyElement], quarantine: [String: String] = [:], code: DashboardCode? = nil
    ) -> MarkdownSection {
        guard !elements.isEmpty else { return MarkdownSection(name: "flaky elements", head: "", items: []) }
        let head =
            "### 🎯 Flaky elements (\(Format.count(elements.count)))\n\nElements on which several tests fail flakily: "
            + "fix the element (a wait, its hit region, a stable identifier) rather than each test. Each counts tests: those "
            + "failing flakily on it, listed, and every test with a failure on it in the window, flaky or not. Its cost is "
            + "the CI time of the attempts that failed flakily on it and the runs such a test failed outright.\n\n"
            + "| identifier | tests failing flakily | tests failing | cost | failing flakily on it |\n|---|---:|---:|---|---|\n"
        let items = elements.map { element in
            let shown = element.tests.prefix(3).map {
                MarkdownText.code($0, limit: 120, wrap: true) + quarantineBadge(quarantine[$0])
            }.joined(separator: " ")
            let more = element.tests.count > 3 ? " and \(Format.count(element.tests.count - 3)) more" : ""
            var declared = ""
            if let declaration = code?.declarations[element.identifier], let place = declaration.places.first {
                let text =
                    place.url != nil ? MarkdownText.link(place.text, url: place.url) : MarkdownText.code(place.text)
                declared = " — " + text
                if !declaration.owners.isEmpty { declared += " " + MarkdownFailures.owners(declaration.owners) }
            }
            return
                "| \(MarkdownText.code(element.identifier, limit: 160, wrap: true))\(declared) | \(Format.count(element.tests.count)) | "
                + "\(Format.count(element.failingTests)) | \(MarkdownText.escape(FixFirstWords.cost(element))) | "
                + "\(shown)\(more) |\n"
        }
        return MarkdownSection(name: "flaky elements", head: head, items: items)
    }

    static func byIdentifier(_ groups: [DashboardIdentifierGroup]) -> MarkdownSection {
        let head =
            "### 🌳 Failed tests by identifier\n\n| identifier | failed tests | causes |\n|---|---:|---|\n"
        let items = groups.map { group in
            "| \(MarkdownText.code(group.identifier, limit: 160, wrap: true)) | \(Format.count(group.failedTests)) | "
                + "\(group.categories.prefix(4).map { MarkdownText.escape($0, limit: 40) }.joined(separator: ", ")) |\n"
        }
        return MarkdownSection(name: "identifiers", head: head, items: items)
    }

    /// The failed tests by cause (each once, under its last attempt's first failure: they add up to
    /// the failed tests), then the clusters of every failure, by the tests they hit.
    static func byCause(categories: [DashboardCategoryGroup], clusters: [DashboardCluster]) -> MarkdownSection {
        // The causes that occurred: the configured ones that did not are no news.
        let categories = categories.filter { $0.failedTests > 0 }
        guard !categories.isEmpty || !clusters.isEmpty else {
            return MarkdownSection(name: "clusters", head: "", items: [])
        }
        var head = "### 🧭 Failed tests by cause\n\n"
        if !categories.isEmpty {
            head += "| cause | failed tests |\n|---|---:|\n"
            for group in categories.prefix(40) {
                let infra = group.isInfrastructure ? " (infrastructure)" : ""
                head +=
                    "| \(MarkdownText.escape(group.category, limit: 60))\(infra) | \(Format.count(group.failedTests)) |\n"
            }
            head += "\n"
        } else {
            head += "No test failed: the failures below are of tests passed on retry.\n\n"
        }
        head +=
            "**Clusters** (same normalised message, in any attempt: tests passed on retry included)\n\n| tests | cause | message | identifier |\n|---:|---|---|---|\n"
        let items = clusters.map { cluster in
            "| \(Format.count(cluster.testCount)) | \(MarkdownText.escape(cluster.category, limit: 40))\(cluster.isInfrastructure ? " 🏗️" : "") | "
                + "\(MarkdownText.escape(cluster.normalizedMessage, limit: 200)) | \(optionalCode(cluster.identifier)) |\n"
        }
        return MarkdownSection(name: "clusters", head: head, items: items)
    }

    static func accessibility(_ issues: [DashboardAuditIssue], resolved: Int? = nil) -> MarkdownSection {
        let errors = issues.filter { $0.severity == .error }.count
        var head =
            "### ♿ Accessibility findings (\(Format.plural(errors, "error")), \(Format.plural(issues.count - errors, "warning")))\n\n"
        if let resolved {
            let new = issues.filter(\.isNew).count
            head +=
                new == 0
                ? "No new issues since the baseline; \(Format.count(resolved)) of its resolved.\n\n"
                : "**\(Format.count(new)) new** since the baseline (🆕, listed first); \(Format.count(resolved)) of its resolved.\n\n"
        }
        head += "| severity | audit | element | screen | issue |\n|---|---|---|---|---|\n"
        let items = (issues.filter(\.isNew) + issues.filter { !$0.isNew }).map { issue in
            let severity =
                (issue.severity == .error ? "❌ error" : "⚠️ warning") + (issue.isNew ? " 🆕 new" : "")
                + quarantineBadge(issue.quarantine)
            var element = issue.identifier.map { MarkdownText.code($0, limit: 120) } ?? "no identifier"
            if let label = issue.label { element += " “\(MarkdownText.escape(label, limit: 60))”" }
            if let type = issue.elementType { element += " (\(MarkdownText.escape(type, limit: 30)))" }
            return "| \(severity) | \(MarkdownText.escape(issue.auditType, limit: 40)) | \(element) | "
                + "\(issue.screen.map { MarkdownText.escape($0, limit: 60) } ?? "–") | \(MarkdownText.escape(issue.description, limit: 200)) |\n"
        }
        return MarkdownSection(name: "accessibility findings", head: head, items: items)
    }

    static func coverageGaps(_ tree: [DashboardTreeNode]) -> MarkdownSection {
        let gaps = tree.filter { $0.childCount == 0 && $0.identified < $0.elements }
            .sorted { ($0.elements - $0.identified, $1.path) > ($1.elements - $1.identified, $0.path) }
        let head =
            "### 🕳️ Coverage gaps (\(Format.count(gaps.count)) branches)\n\n| branch | coverage | identified | elements |\n|---|---:|---:|---:|\n"
        let items = gaps.map { node in
            "| \(MarkdownText.code(node.path, limit: 160, wrap: true)) | \(Format.percent(node.coverage)) | \(Format.count(node.identified)) | \(Format.count(node.elements)) |\n"
        }
        return MarkdownSection(name: "coverage gaps", head: head, items: items)
    }

    static func missingIdentifiers(_ screens: [DashboardScreenGap]) -> MarkdownSection {
        let head =
            "### 🏷️ Elements missing identifiers\n\n| screen | missing | of elements | examples |\n|---|---:|---:|---|\n"
        let items = screens.map { screen in
            let examples = screen.missing.prefix(3).map { element in
                MarkdownText.escape(element.elementType, limit: 30)
                    + (element.label.map { " “\(MarkdownText.escape($0, limit: 40))”" } ?? "")
            }.joined(separator: ", ")
            return
                "| \(MarkdownText.escape(screen.screen, limit: 80)) | \(Format.count(screen.missing.count)) | \(Format.count(screen.elements)) | \(examples) |\n"
        }
        return MarkdownSection(name: "screens", head: head, items: items)
    }

    static func state(_ test: DashboardFlakyTest) -> String {
        state(test.state, since: test.since)
    }

    /// `🔁 flaky`, `❌ newly broken since <commit>`, …: a state as the summary and the trend show it.
    static func state(_ state: DashboardFlakyState, since: String?) -> String {
        let since = since.map { MarkdownText.code($0, limit: 12) }
        switch state {
        case .flaky: return "🔁 flaky"
        case .newlyBroken: return "❌ newly broken" + (since.map { " since \($0)" } ?? "")
        case .unconfirmedFailure: return "❌ failing, not yet confirmed" + (since.map { " since \($0)" } ?? "")
        case .fixed: return "✅ fixed" + (since.map { " at \($0)" } ?? "")
        case .stillFailing: return "❌ failing in every run" + (since.map { " since \($0)" } ?? "")
        case .stable: return "✅ stable"
        }
    }

    private static func optionalCode(_ text: String?) -> String {
        text.map { MarkdownText.code($0, limit: 120) } ?? "–"
    }

    /// The baseline's tests this run lacks, by suite, and why (`Dashboard.missingTests`).
    static func missingTests(_ missing: DashboardMissingTests?) -> MarkdownSection {
        guard let missing else { return MarkdownSection(name: "missing tests", head: "", items: []) }
        let head =
            "### ⚠️ Tests that did not run (\(Format.count(missing.count)))\n\nIn the baseline, not in this run: "
            + MarkdownText.escape(missing.cause, limit: 400) + ".\n\n"
        let items = missing.suites.map { suite in
            "- \(Format.count(suite.count)) of \(MarkdownText.code(suite.name, limit: 160)): "
                + suite.tests.map { MarkdownText.code(String($0.drop { $0 != "/" }.dropFirst()), limit: 120) }
                .joined(separator: ", ") + (suite.count > suite.tests.count ? ", …" : "") + "\n"
        }
        return MarkdownSection(name: "missing tests", head: head, items: items, tail: "\n")
    }
}
