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

    /// One issue to open or update: of a flaky test (`test`) or a flaky element (`identifier`).
    struct Issue: Encodable {
        /// `test` or `element`.
        var kind: String
        var test: String?
        var identifier: String?
        /// `<!-- canopy-flaky-test:HASH -->`, in the body too: what a re-run finds the issue by.
        var marker: String
        var title: String
        var body: String
        var labels: [String]
        /// The users among the owners (without `@`); teams are labels instead.
        var assignees: [String]
    }

    struct Document: Encodable {
        var schema = "canopy.flaky-issues/2"
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
        let source = try await context.sources.view(owner: nil)
        let (insights, quarantined, runKey) = try await context.history.withExistingStore { store in
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
            let e = result.evidence
            let facts = FlakyIssueWords.TestFacts(
                test: test, score: result.score, failedRuns: e.failedRuns, runs: e.runs, retries: e.retries,
                flips: e.flips, firstFlaky: firstFlaky, cost: costs[test], message: insights?.lastFailureMessages[test],
                owners: owners, quarantined: quarantined.contains(test))
            issues.append(
                Issue(
                    kind: "test", test: test, marker: Self.marker(test), title: FlakyIssueWords.title(test: test),
                    body: FlakyIssueWords.body(facts, marker: Self.marker(test), markup: format.markup),
                    labels: Self.labels(["flaky-test"], owners: owners), assignees: Self.assignees(owners)))
        }
        // As the trend's Fix first list ranks them: costliest first, quarantined tests after the others.
        let order = (insights?.flakyCosts ?? []).map(\.test)
        func rank(_ issue: Issue) -> (Int, Int, String) {
            let test = issue.test ?? ""
            return (quarantined.contains(test) ? 1 : 0, order.firstIndex(of: test) ?? .max, test)
        }
        issues.sort { rank($0) < rank($1) }
        // Then the flaky elements, as the trend lists them: one fix for all their tests.
        for element in insights?.flakyElements ?? [] {
            let declarations = source.catalog?.declarations(of: element.identifier) ?? []
            let owners = source.catalog?.owners(ofIdentifier: element.identifier) ?? []
            let marker = Self.marker(element: element.identifier)
            issues.append(
                Issue(
                    kind: "element", identifier: element.identifier, marker: marker,
                    title: FlakyIssueWords.title(element: element.identifier),
                    body: FlakyIssueWords.body(
                        element: element, declaredAt: declarations.map { "\($0.file):\($0.line)" }, owners: owners,
                        marker: marker, markup: format.markup),
                    labels: Self.labels(["flaky-test", "flaky-element"], owners: owners),
                    assignees: Self.assignees(owners)))
        }
        return try JSONOutput.encode(Document(runKey: runKey, issues: issues)) + "\n"
    }

    /// `base` and `owner:@org/team` for each team among `owners`.
    static func labels(_ base: [String], owners: [String]) -> [String] {
        base + owners.filter { $0.contains("/") }.map { "owner:" + $0 }
    }

    /// The users among `owners`, without `@`.
    static func assignees(_ owners: [String]) -> [String] {
        owners.filter { !$0.contains("/") }.map { String($0.dropFirst()) }
    }

    /// `<!-- canopy-flaky-test:0123456789abcdef -->`: the FNV-1a hash of the test's key
    /// (`FNV1a`, as failure fingerprints), the same on every run and machine.
    static func marker(_ test: String) -> String {
        "<!-- canopy-flaky-test:\(FNV1a.hex(test)) -->"
    }

    /// `<!-- canopy-flaky-element:0123456789abcdef -->`, the element's as `marker(_:)` is a test's.
    static func marker(element identifier: String) -> String {
        "<!-- canopy-flaky-element:\(FNV1a.hex(identifier)) -->"
    }
}

extension FlakyIssuesCommand.Format {
    /// The drafts' markup: JSON consumers get plain Markdown.
    var markup: FlakyIssueWords.Markup {
        switch self {
        case .github: .github
        case .gitlab: .gitlab
        case .json: .plain
        }
    }
}
