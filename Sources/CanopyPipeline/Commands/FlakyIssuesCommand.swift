import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

/// `canopy flaky-issues [--format github|gitlab|json] [--branch B]`: one issue draft per test the
/// latest stored run's window calls flaky, with its evidence, first flaky commit, last message,
/// cost and owners, and a stable marker so a re-run updates an issue rather than duplicating it.
/// Canopy opens no connection; the recipe in docs/ci.md files them with `gh issue create/edit`.
package struct FlakyIssuesCommand {
    package enum Format: String, Sendable, CaseIterable {
        case github
        case gitlab
        case json
    }

    /// One issue to open or update.
    struct Issue: Encodable {
        var test: String
        /// `<!-- canopy-flaky-test:HASH -->`, in the body too: what a re-run finds the issue by.
        var marker: String
        var title: String
        var body: String
        var labels: [String]
        /// The users among the owners (without `@`); teams are labels instead.
        var assignees: [String]
    }

    struct Document: Encodable {
        var schema = "canopy.flaky-issues/1"
        var runKey: String
        var issues: [Issue]
    }

    let context: CommandContext

    package init(options: HistoryOptions) throws {
        context = try CommandContext(options: options.runOptions)
    }

    /// The drafts as one JSON document (`canopy.flaky-issues/1`), their bodies in `format`'s markup:
    /// of the latest stored run, or with `branch` the latest run on that branch (as `trend
    /// --branch` draws its latest run).
    package func run(format: Format, branch: String? = nil) async throws -> String {
        let context = context
        let source = try await context.sourceView(owner: nil)
        let (insights, quarantined, runKey) = try await context.withExistingStore { store in
            guard let latest = try await store.runs(in: HistoryWindow(branch: branch, runs: 1)).last else {
                throw PipelineError.usage(
                    branch.map { "no run on branch '\($0)' is stored; `canopy report --list` shows each run's branch" }
                        ?? "the store is empty; run `canopy ingest` or `canopy run` first")
            }
            let input = try await ReportCommand(context: context).input(of: latest, store: store, source: source)
            let quarantined = Set(
                (input.insights?.flakiness ?? []).map(\.key.testKey).filter {
                    input.verdicts.quarantineEntry(forTest: $0) != nil
                })
            return (input.insights, quarantined, latest.key)
        }
        let costs = Dictionary(
            (insights?.flakyCosts ?? []).map { ($0.test, $0) }, uniquingKeysWith: { first, _ in first })
        let flaky = (insights?.flakiness ?? []).filter { $0.state == .flaky }
        let testFiles = source.catalog.map { DashboardBuilder.testFiles($0.index) } ?? [:]
        var seen = Set<String>()
        var issues: [Issue] = []
        for result in flaky where seen.insert(result.key.testKey).inserted {
            let test = result.key.testKey
            let owners =
                source.catalog.flatMap { catalog in
                    testFiles[DashboardBuilder.className(of: test)].map { catalog.owners(of: $0) }
                } ?? []
            let firstFlaky = result.evidence.commits.first { $0.verdict != .pass }?.commit
            let body = Self.body(
                result, cost: costs[test], firstFlaky: firstFlaky, message: insights?.lastFailureMessages[test],
                owners: owners, format: format, quarantined: quarantined.contains(test))
            issues.append(
                Issue(
                    test: test, marker: Self.marker(test), title: "Flaky test: \(test)", body: body,
                    labels: ["flaky-test"] + owners.filter { $0.contains("/") }.map { "owner:" + $0 },
                    assignees: owners.filter { !$0.contains("/") }.map { String($0.dropFirst()) }))
        }
        // As the trend's Fix first list ranks them: costliest first, quarantined tests after the others.
        let order = (insights?.flakyCosts ?? []).map(\.test)
        func rank(_ issue: Issue) -> (Int, Int, String) {
            (quarantined.contains(issue.test) ? 1 : 0, order.firstIndex(of: issue.test) ?? .max, issue.test)
        }
        issues.sort { rank($0) < rank($1) }
        return try JSONOutput.encode(Document(runKey: runKey, issues: issues)) + "\n"
    }

    /// `<!-- canopy-flaky-test:0123456789abcdef -->`: the FNV-1a hash of the test's key
    /// (`FNV1a`, as failure fingerprints), the same on every run and machine.
    static func marker(_ test: String) -> String {
        "<!-- canopy-flaky-test:\(FNV1a.hex(test)) -->"
    }

    static func body(
        _ result: TestFlakiness, cost: FlakyCost?, firstFlaky: String?, message: String?, owners: [String],
        format: Format, quarantined: Bool
    ) -> String {
        let e = result.evidence
        var lines = [
            marker(result.key.testKey),
            "`\(result.key.testKey)` is flaky: it passed and failed on the same commit, or flipped more than one change explains.",
            "",
            "- score \(String(format: "%.2f", result.score)); failed \(e.failedRuns) of \(e.runs) runs, passed on retry in \(e.retries), \(e.flips) flips",
        ]
        if let firstFlaky { lines.append("- first flaky commit: `\(String(firstFlaky.prefix(12)))`") }
        if let cost { lines.append("- cost: " + FixFirstWords.cost(cost)) }
        lines.append("- owners: " + (owners.isEmpty ? "none in CODEOWNERS" : owners.joined(separator: " ")))
        if quarantined { lines.append("- quarantined: its failures do not block, but it still costs") }
        if let message {
            let quoted = ["```", String(message.prefix(2_000)), "```"]
            lines +=
                format == .github
                ? ["", "<details><summary>Last failure</summary>", ""] + quoted + ["", "</details>"]
                : ["", "Last failure:", ""] + quoted
        }
        switch format {
        case .github, .json: break
        case .gitlab:
            lines.append("")
            lines.append("/label ~flaky-test")
            let users = owners.filter { !$0.contains("/") }
            if !users.isEmpty { lines.append("/assign " + users.joined(separator: " ")) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
