import CanopyModel
import Foundation

/// The words of `canopy flaky-issues`' drafts: one issue per flaky test and per flaky element, each
/// body led by its marker. The cost is `FixFirstWords.cost`'s, as on the trend.
package enum FlakyIssueWords {
    /// The body's markup: GitHub's (the last message in `<details>`), GitLab's (quick actions for
    /// the label and assignees), or plain for JSON consumers.
    package enum Markup: Sendable {
        case github, gitlab, plain
    }

    /// What a flaky test's draft says.
    package struct TestFacts: Sendable {
        package var test: String
        package var score: Double
        package var failedRuns: Int
        package var runs: Int
        package var retries: Int
        package var flips: Int
        package var firstFlaky: String?
        package var cost: FlakyCost?
        package var message: String?
        package var owners: [String]
        package var quarantined: Bool

        package init(
            test: String, score: Double, failedRuns: Int, runs: Int, retries: Int, flips: Int, firstFlaky: String?,
            cost: FlakyCost?, message: String?, owners: [String], quarantined: Bool
        ) {
            self.test = test
            self.score = score
            self.failedRuns = failedRuns
            self.runs = runs
            self.retries = retries
            self.flips = flips
            self.firstFlaky = firstFlaky
            self.cost = cost
            self.message = message
            self.owners = owners
            self.quarantined = quarantined
        }
    }

    package static func title(test: String) -> String { "Flaky test: \(test)" }

    package static func title(element: String) -> String { "Flaky element: \(element)" }

    package static func body(_ facts: TestFacts, marker: String, markup: Markup) -> String {
        var lines = [
            marker,
            "`\(facts.test)` is flaky: it passed and failed on the same commit, or flipped more than one change explains.",
            "",
            "- score \(String(format: "%.2f", facts.score)); failed \(facts.failedRuns) of \(facts.runs) runs, "
                + "passed on retry in \(facts.retries), \(facts.flips) flips",
        ]
        if let first = facts.firstFlaky { lines.append("- first flaky commit: `\(String(first.prefix(12)))`") }
        if let cost = facts.cost { lines.append("- cost: " + FixFirstWords.cost(cost)) }
        lines.append(ownersLine(facts.owners))
        if facts.quarantined { lines.append("- quarantined: its failures do not block, but it still costs") }
        if let message = facts.message {
            let quoted = ["```", String(message.prefix(2_000)), "```"]
            lines +=
                markup == .github
                ? ["", "<details><summary>Last failure</summary>", ""] + quoted + ["", "</details>"]
                : ["", "Last failure:", ""] + quoted
        }
        return finish(lines, owners: facts.owners, markup: markup)
    }

    /// A flaky element's draft: the tests that fail flakily on it, its cost and where it is
    /// declared, for its declaration's owners (fix the element, not each test).
    package static func body(
        element: FlakyElement, declaredAt: [String], owners: [String], marker: String, markup: Markup
    ) -> String {
        var lines = [
            marker,
            "`\(element.identifier)` is a flaky element: \(Format.plural(element.tests.count, "test")) fail flakily on it. "
                + "Fixing the element (a wait, its hit region, a stable identifier) fixes them all.",
            "",
            "- cost: " + FixFirstWords.cost(element),
            "- tests with a failure on it over the window: \(Format.count(element.failingTests))",
        ]
        if !declaredAt.isEmpty { lines.append("- declared in " + declaredAt.map { "`\($0)`" }.joined(separator: ", ")) }
        lines.append(ownersLine(owners))
        lines += ["", "Tests failing flakily on it:", ""] + element.tests.map { "- `\($0)`" }
        return finish(lines, owners: owners, markup: markup)
    }

    private static func ownersLine(_ owners: [String]) -> String {
        "- owners: " + (owners.isEmpty ? "none in CODEOWNERS" : owners.joined(separator: " "))
    }

    private static func finish(_ lines: [String], owners: [String], markup: Markup) -> String {
        var lines = lines
        if markup == .gitlab {
            lines.append("")
            lines.append("/label ~flaky-test")
            let users = owners.filter { !$0.contains("/") }
            if !users.isEmpty { lines.append("/assign " + users.joined(separator: " ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
