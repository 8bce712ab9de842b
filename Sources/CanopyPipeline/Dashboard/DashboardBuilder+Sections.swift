import CanopyAnalysis
import CanopyModel
import CanopyRender
import Foundation

extension DashboardBuilder {
    /// The tests whose state over the window is flaky by the documented rule, ranked by score,
    /// with their evidence; a test passing on a retry in this run is flaky by it (a commit with
    /// both a failure and a pass). Flaky is a state history gives: without history (not read)
    /// there are none, and a test that passed on a retry is listed as passed on retry alone.
    func flakyTests() -> [DashboardFlakyTest] {
        guard let insights = input.insights else { return [] }
        let lastMessages = lastMessages()
        return insights.flakiness.filter { $0.state == .flaky }.compactMap { result in
            var test = Self.flakyTest(result, lastMessage: lastMessages[result.key.testKey], ownCommit: ownCommit)
            test?.isNew = input.verdicts[test: result.key.testKey]?.isNewFlaky ?? false
            test?.onTargetBranch = targetBranchFlakes(result.key.testKey)
            return test
        }
    }

    /// The tests whose state changed within the window, ranked by score: newly broken since a
    /// commit, failing since one on too few commits to tell yet, fixed at one. Neither stable
    /// tests, flaky ones (`flakyTests()`) nor tests failing in every run of the window.
    func newlyBrokenOrFixed() -> [DashboardFlakyTest] {
        let lastMessages = lastMessages()
        return (input.insights?.flakiness ?? []).filter {
            switch $0.state {
            case .newlyBroken, .fixed, .unconfirmedFailure: true
            case .stable, .flaky, .stillFailing: false
            }
        }.compactMap { Self.flakyTest($0, lastMessage: lastMessages[$0.key.testKey], ownCommit: ownCommit) }
    }

    /// A pull or merge request's own commit, which no `since` names: its states are its target
    /// branch's window and this run (`TestVerdict.since`); nil for any other run.
    var ownCommit: String? {
        let metadata = input.metadata
        guard let target = metadata.baseBranch, target != metadata.branch else { return nil }
        return metadata.commit
    }

    /// This run's message of each test, else the latest one history kept for the window.
    private func lastMessages() -> [String: String] {
        (input.insights?.lastFailureMessages ?? [:]).merging(
            Dictionary(input.failures.map { ($0.test, $0.message) }, uniquingKeysWith: { _, later in later }),
            uniquingKeysWith: { _, own in own })
    }

    /// A test's verdict over the window in the renderers' shape; nil for a state they do not list.
    /// The key already names the device (`TestIdentity.key`); the evidence's commits are those on
    /// which the test both failed and passed, newest first.
    static func flakyTest(_ result: TestFlakiness, lastMessage: String? = nil, ownCommit: String? = nil)
        -> DashboardFlakyTest?
    {
        guard let state = state(result.state) else { return nil }
        let mixed = result.evidence.commits.reversed().filter { $0.verdict == .mixed }.map {
            String($0.commit.prefix(12))
        }
        return DashboardFlakyTest(
            test: result.key.testKey, score: result.score, state: state,
            since: result.state.commit.flatMap { $0 == ownCommit ? nil : String($0.prefix(12)) },
            evidence: DashboardFlakyEvidence(
                runs: result.evidence.runs, failedRuns: result.evidence.failedRuns, flips: result.evidence.flips,
                retries: result.evidence.retries, commits: mixed,
                infrastructureFlakes: result.evidence.infrastructureFlakes),
            lastMessage: lastMessage)
    }

    /// Elements several tests fail on flakily, as history found them (most tests first).
    func flakyElements() -> [FlakyElement] {
        input.insights?.flakyElements ?? []
    }

    static func state(_ state: FlakinessState) -> DashboardFlakyState? {
        switch state {
        case .stable: .stable
        case .flaky: .flaky
        case .newlyBroken: .newlyBroken
        case .fixed: .fixed
        case .stillFailing: .stillFailing
        case .unconfirmedFailure: .unconfirmedFailure
        }
    }

    /// The run's audit issues in the renderers' shape, in input order.
    static func auditIssues(_ issues: [AuditIssue]) -> [DashboardAuditIssue] {
        issues.map { issue in
            DashboardAuditIssue(
                auditType: issue.auditType, severity: issue.severity == .error ? .error : .warning,
                identifier: issue.element?.identifier, label: issue.element?.label,
                elementType: issue.element?.elementType, screen: issue.screen, test: issue.test,
                description: issue.detailedDescription.map { "\(issue.compactDescription) — \($0)" }
                    ?? issue.compactDescription)
        }
    }

    /// The snapshots' interactive elements without an identifier, by screen.
    static func missingIdentifiers(_ coverage: CoverageReport) -> [DashboardScreenGap] {
        var byScreen: [String: [MissingIdentifier]] = [:]
        for missing in coverage.missing { byScreen[missing.screen, default: []].append(missing) }
        return byScreen.keys.sorted().map { screen in
            let figure = coverage.screens.first { $0.name == screen }
            return DashboardScreenGap(
                screen: screen, elements: figure?.interactive ?? byScreen[screen]?.count ?? 0,
                missing: (byScreen[screen] ?? []).map { missing in
                    DashboardUnidentifiedElement(
                        elementType: missing.elementType, label: missing.label,
                        frame: missing.frame.map { "\(Int($0.x)),\(Int($0.y)) \(Int($0.width))×\(Int($0.height))" })
                })
        }
    }

    /// One row per test of the run; history plays no part, so `canopy run` makes them while it
    /// stores the run.
    static func testRows(of prepared: PreparedRun) -> [DashboardTestRow] {
        let failures = prepared.report.failures
        var first: [String: FailureRecord] = [:]
        for record in failures where first[record.test] == nil { first[record.test] = record }
        // A failed test's cause is the one it is counted under (`FailedTestCause`).
        let causeOf = FailureGroups.causeOfFailedTest(failures)
        // By index, so no test is copied with its attempts and output. The keys come from the
        // test rows, built once beside the analysis.
        let tests = prepared.run.tests
        let rows = prepared.testRows
        var detailBytes = 0
        var details: [Int: [DashboardAttemptDetail]] = [:]
        // The page carries the attempts of the tests that did not simply pass, within a budget
        // (`detailBudget`): a failure's log, where its element was read. With what is left, those
        // of other tests that attached files (`--attachments all`).
        let failing = tests.indices.filter { tests[$0].outcome == .failed || tests[$0].outcome == .flaky }
        let attaching = tests.indices.filter { index in
            tests[index].outcome != .failed && tests[index].outcome != .flaky
                && tests[index].attempts.contains { $0.attachments != nil }
        }
        for index in failing + attaching where detailBytes < Self.detailBudget {
            let shown = Self.attemptDetails(tests[index].attempts)
            details[index] = shown
            detailBytes += shown.reduce(0) {
                $0 + $1.messages.reduce(0) { $0 + $1.utf8.count } + ($1.output?.utf8.count ?? 0)
                    + ($1.steps?.count ?? 0) * 80 + 64
            }
        }
        return tests.indices.map { index in
            let record = first[rows[index].testKey]
            let details = details[index]
            return DashboardTestRow(
                key: rows[index].testKey, className: tests[index].identity.className, name: tests[index].identity.name,
                device: tests[index].identity.device, outcome: tests[index].outcome,
                attempts: tests[index].attempts.count,
                duration: tests[index].duration, message: record?.message ?? tests[index].attempts.first?.skipReason,
                category: rows[index].outcome == .failed ? causeOf(rows[index].testKey) : record?.category,
                details: details)
        }
    }

    /// Bytes of attempt details one page carries at most.
    static let detailBudget = 2_000_000
    /// Per attempt: messages and the end of the output kept for the page.
    static let detailMessageLimit = 1_000
    static let detailOutputLines = 30
    static let detailOutputLimit = 2_000
    /// Steps of one attempt shown at most.
    static let detailSteps = 300

    /// Up to the first five attempts, with their messages and the last lines of their output.
    static func attemptDetails(_ attempts: [Attempt]) -> [DashboardAttemptDetail] {
        attempts.prefix(5).map { attempt in
            let messages = attempt.failures.prefix(3).map { failure in
                String(
                    (failure.detail.map { failure.message + "\n" + $0 } ?? failure.message).prefix(detailMessageLimit))
            }
            let output = [attempt.output, attempt.errorOutput].compactMap { $0 }.joined(separator: "\n")
            return DashboardAttemptDetail(
                label: attempt.label, outcome: attempt.outcome, duration: attempt.duration, messages: messages,
                location: attempt.failures.first?.location?.description, output: output.isEmpty ? nil : tail(output),
                steps: attempt.steps.map { steps in
                    Array(steps.prefix(detailSteps))
                },
                attachments: attempt.attachments.map { attachments in
                    attachments.compactMap { attachment in
                        attachment.file.map {
                            DashboardAttachment(
                                name: attachment.name, file: $0,
                                step: attachment.step.flatMap { $0 < detailSteps ? $0 : nil },
                                isImage: attachment.isImage, isFailureAssociated: attachment.isFailureAssociated)
                        }
                    }
                })
        }
    }

    /// The last `detailOutputLines` lines of `text`, at most `detailOutputLimit` bytes.
    static func tail(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        var kept = lines.suffix(detailOutputLines).joined(separator: "\n")
        if kept.utf8.count > detailOutputLimit { kept = "…" + String(kept.suffix(detailOutputLimit)) }
        return (lines.count > detailOutputLines ? "…\n" : "") + kept
    }
}
