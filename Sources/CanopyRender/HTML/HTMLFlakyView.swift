import CanopyModel

/// Flaky tests ranked by score, with their evidence and state, after the elements several of them
/// fail on; then the tests newly broken or fixed over the window, apart.
enum HTMLFlakyView {
    /// The view; `window` names the runs the evidence counts (`the history window` without it).
    static func render(
        _ tests: [DashboardFlakyTest], changes: [DashboardFlakyTest] = [], elements: [FlakyElement], rowLimit: Int,
        history: [String: DashboardTestHistory] = [:], quarantine: [String: String] = [:], code: DashboardCode? = nil,
        window: DashboardHistoryWindow? = nil
    ) -> String {
        let over = window.map { HTMLText.escape($0.phrase) } ?? "the history window"
        var out = elementsTable(elements, rowLimit: rowLimit, quarantine: quarantine, code: code, over: over)
        out += "<h2>Flaky tests <span class=\"count\">\(Format.count(tests.count))</span></h2>"
        out +=
            "<p class=\"lede\">Ranked by flakiness score over \(over), with each test's state. Failed runs are the runs with a failed attempt (an infrastructure failure aside). Flips are changes of a commit's verdict "
        out +=
            "(passed, failed, or both) from one commit to the next, two commits in a row that both failed and passed counting as one too; "
        out +=
            "retries are runs where a retry passed after a failure (“infra”: after an infrastructure failure only, counted as a pass); commits are those on which the test both failed and passed.</p>"
        if tests.isEmpty {
            out += "<p class=\"empty\"><span aria-hidden=\"true\">✓</span> No flaky tests.</p>"
        } else {
            out += table(tests, rowLimit: rowLimit, history: history)
        }
        guard !changes.isEmpty else { return out }
        out += "<h2>Newly broken or fixed <span class=\"count\">\(Format.count(changes.count))</span></h2>"
        out +=
            "<p class=\"lede\">Tests whose state changed within \(over): newly broken since a commit, failing since one on too few commits to tell yet, or fixed at one.</p>"
        return out + table(changes, rowLimit: rowLimit, history: history)
    }

    /// `tests` ranked, with their evidence, within `rowLimit` rows.
    private static func table(_ tests: [DashboardFlakyTest], rowLimit: Int, history: [String: DashboardTestHistory])
        -> String
    {
        var out = ""
        out +=
            "<table class=\"grid\"><thead><tr><th scope=\"col\" class=\"n\">#</th><th scope=\"col\">Score</th><th scope=\"col\">Test</th><th scope=\"col\">State</th>"
        out +=
            "<th scope=\"col\" class=\"n\">Runs</th><th scope=\"col\" class=\"n\">Failed runs</th><th scope=\"col\" class=\"n\">Flips</th><th scope=\"col\" class=\"n\">Retries</th>"
        out += "<th scope=\"col\">Commits</th><th scope=\"col\">Last failure</th></tr></thead><tbody>"
        for (rank, test) in tests.prefix(rowLimit).enumerated() {
            let e = test.evidence
            let score = min(1, max(0, test.score))
            out += "<tr><td class=\"n\">\(rank + 1)</td>"
            out +=
                "<td><span class=\"score\"><span class=\"bar fair\" aria-hidden=\"true\"><span style=\"width:\(Format.fixed(score * 100, digits: 0))%\"></span></span>\(Format.score(test.score))</span></td>"
            out +=
                "<td><code>\(HTMLText.escape(test.test))</code>\(HTMLHistoryStrip.render(history[test.test], flakyLink: false))</td><td>\(HTMLParts.state(test.state, since: test.since))\(HTMLParts.quarantine(test.quarantine))</td>"
            out +=
                "<td class=\"n\">\(e.runs)</td><td class=\"n\">\(e.failedRuns)</td><td class=\"n\">\(e.flips)</td><td class=\"n\">\(e.retries)\(e.infrastructureFlakes > 0 ? " <span class=\"muted\">+\(e.infrastructureFlakes) infra</span>" : "")</td>"
            let more =
                e.commits.count > 5 ? " <span class=\"muted\">+\(Format.count(e.commits.count - 5)) more</span>" : ""
            out +=
                "<td>\(e.commits.prefix(5).map { "<code>\(HTMLText.escape($0, limit: 12))</code>" }.joined(separator: " "))\(more)</td>"
            out += "<td class=\"msg\">\(test.lastMessage.map { HTMLText.escape($0) } ?? "–")</td></tr>"
        }
        out += "</tbody></table>"
        return out
            + HTMLParts.more(shown: min(rowLimit, tests.count), of: tests.count, hint: "lower scores are left out")
    }

    /// Elements on which several tests fail flakily over the runs `over` names; nothing when there
    /// are none.
    private static func elementsTable(
        _ elements: [FlakyElement], rowLimit: Int, quarantine: [String: String], code: DashboardCode?, over: String
    ) -> String {
        guard !elements.isEmpty else { return "" }
        var out = "<h2>Flaky elements <span class=\"count\">\(Format.count(elements.count))</span></h2>"
        out +=
            "<p class=\"lede\">Elements on which several tests fail flakily over \(over): fix the element "
        out +=
            "(a wait, its hit region, a stable identifier) rather than each test. Each counts tests: those failing flakily on it, "
        out += "listed, and every test with a failure on it in the window, flaky or not. "
        out +=
            "Its cost is the CI time of the attempts that failed flakily on it and the runs such a test failed outright.</p>"
        out +=
            "<table class=\"grid\"><thead><tr><th scope=\"col\">Identifier</th><th scope=\"col\" class=\"n\">Tests failing flakily</th>"
        out += "<th scope=\"col\" class=\"n\">Tests failing</th><th scope=\"col\">Cost</th>"
        out += "<th scope=\"col\">Failing flakily on it</th></tr></thead><tbody>"
        for element in elements.prefix(rowLimit) {
            out +=
                "<tr><td><code>\(HTMLText.escape(element.identifier))</code>"
                + HTMLFailureItem.codeLine(identifier: element.identifier, test: "", code: code)
                + "</td><td class=\"n\">\(Format.count(element.tests.count))</td>"
            out += "<td class=\"n\">\(Format.count(element.failingTests))</td>"
            out += "<td>\(HTMLText.escape(FixFirstWords.cost(element)))</td>"
            out += "<td>\(HTMLParts.tests(element.tests, total: element.tests.count, quarantine: quarantine))</td></tr>"
        }
        out += "</tbody></table>"
        return out
            + HTMLParts.more(shown: min(rowLimit, elements.count), of: elements.count, hint: "fewer tests are left out")
    }
}
