import CanopyModel

/// The comment's short lists, one line a test: what a reviewer needs to see that a test is not
/// this change's doing, or to look at it. The summary and the page list the same tests in full.
enum MarkdownCommentLists {
    /// `- ❌ `test`` with why under it (`failing on main since 672df74bcfe0`, quarantined, known
    /// flaky) and its message cut short: a failing test the gate did not count as new. On a run on
    /// several destinations with its roll-up line, a test failing on several named once
    /// (`MarkdownFailures.items`).
    static func otherFailing(_ failures: [DashboardExcusedFailure]) -> MarkdownSection {
        let listed = MarkdownFailures.items(
            failures, key: \.test, destinations: \.destinations,
            message: { $0.failure?.message ?? $0.message ?? "" },
            render: { failure, across in
                var out = "- ❌ "
                switch across {
                case .alone: out += MarkdownText.code(failure.test, limit: 160)
                case .line(let rollUp):
                    out +=
                        MarkdownText.code(failure.test, limit: 160) + "\n  - " + MarkdownText.escape(rollUp, limit: 200)
                case .grouped(let test, let rollUp, _):
                    out += MarkdownText.code(test, limit: 160) + " " + MarkdownText.escape(rollUp, limit: 200)
                }
                out += "\n  - " + MarkdownText.escape(failure.reason, limit: 160) + "\n"
                let message = failure.failure?.message ?? failure.message ?? ""
                if !message.isEmpty { out += "  - " + MarkdownText.escape(message, limit: 120) + "\n" }
                // A grouped test's other destinations' messages, where they differ.
                return out + across.otherMessages(than: message)
            })
        return MarkdownSection(name: "other failing tests", head: "", items: listed.items, counts: listed.counts)
    }

    /// `- 🔁 `test` — flaky on main: 5 of the last 13 runs · 🧊 quarantined until …`: a flaky
    /// test with what history says of it (the target branch's count on a pull request's run, else
    /// its failed runs of `window`).
    static func flaky(_ tests: [DashboardFlakyTest], window: DashboardHistoryWindow?) -> MarkdownSection {
        MarkdownSection(
            name: "flaky tests", head: "",
            items: tests.map { test in
                var line = "- 🔁 " + MarkdownText.code(test.test, limit: 160) + " — "
                if let target = test.onTargetBranch {
                    line += MarkdownText.escape(target.text, limit: 120)
                } else if let window {
                    line +=
                        "flaky: "
                        + MarkdownText.escape(window.failedIn(test.evidence.failedRuns, of: test.evidence.runs))
                } else {
                    line +=
                        "flaky: failed in \(Format.count(test.evidence.failedRuns)) of "
                        + Format.plural(test.evidence.runs, "run")
                }
                if let quarantine = test.quarantine { line += " · 🧊 " + MarkdownText.escape(quarantine, limit: 120) }
                return line + "\n"
            })
    }

    /// `| `test` | 3.2s | 13.9s (+10.7s) |`: a test slower than usual, against its usual time; a
    /// quarantined one with its quarantine (reason and expiry), as every list shows it.
    static func slower(_ tests: [SlowerTest], quarantine: [String: String]) -> MarkdownSection {
        guard !tests.isEmpty else { return MarkdownSection(name: "slower tests", head: "", items: []) }
        return MarkdownSection(
            name: "slower tests",
            head: "| test | \(SlowerTestsText.usual(tests).lowercased()) | now |\n|---|---:|---:|\n",
            items: tests.map { test in
                "| " + MarkdownText.code(test.testKey, limit: 120)
                    + MarkdownSections.quarantineBadge(quarantine[test.testKey]) + " | "
                    + Format.duration(test.before) + " | " + Format.duration(test.after) + " (+"
                    + Format.duration(test.after - test.before) + ") |\n"
            })
    }
}
