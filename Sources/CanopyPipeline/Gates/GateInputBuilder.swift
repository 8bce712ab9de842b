import CanopyAnalysis
import CanopyConfig
import CanopyModel
import CanopyParsers
import Foundation

/// Computes what the gates look at from the analysed run and its baseline, leaving out
/// quarantined tests and audit issues, and warns about expired quarantine entries.
enum GateInputBuilder {
    /// `issues` without those an active quarantine entry names (by identifier and audit type): the
    /// new audit issues the gate counts and the annotations name.
    static func unquarantined(_ issues: [AuditIssue], active: [QuarantineEntry]) -> [AuditIssue] {
        issues.filter { issue in
            !active.contains { $0.matches(identifier: issue.element?.identifier, auditType: issue.auditType) }
        }
    }

    /// The gates' input for `prepared` compared with its baseline, judged on `now` by the
    /// quarantine and gates of `configuration`, with warnings (expired or unknown quarantine
    /// entries) and notes (what the gates left out; the note on known flaky tests is printed only
    /// when the new-flaky-tests gate is on).
    /// - Parameters:
    ///   - verdicts: each test's verdict (`RunVerdicts.judge`): the new failures the gate counts,
    ///     the failures it excuses and why, the new flaky tests.
    static func build(
        prepared: PreparedRun, comparison: BaselineComparison, configuration: CanopyConfiguration,
        verdicts: RunVerdicts, now: Date
    ) -> (input: GateInput, warnings: [String], notes: [String]) {
        let quarantine = configuration.quarantine
        let flakyGate = configuration.gates.maximumNewFlakyTests != nil
        let active = configuration.activeQuarantine(on: now)
        // Warnings ask for a fix (an expired entry); notes say what the gates left out.
        var warnings: [String] = []
        var notes: [String] = []
        for entry in quarantine where !entry.isActive(on: now) {
            let what = entry.test ?? entry.identifier ?? "?"
            let day = entry.expires.map(QuarantineEditor.day) ?? "?"
            let place = entry.location.map { " (\($0))" } ?? ""
            let owner = entry.owner.map { ", owned by \($0)," } ?? ""
            warnings.append(
                "quarantine entry for \(what)\(place)\(owner) expired on \(day); it no longer applies — fix the test "
                    + "or extend 'expires' (canopy quarantine add … --until DAY)")
        }
        // An audit file may carry types of its own, so an unknown one is a warning: a typo
        // (`contrst`) would otherwise leave the entry matching nothing, silently.
        let runTypes = Set(prepared.run.auditIssues.map(\.auditType))
        for entry in quarantine {
            guard let type = entry.auditType, !AuditTypes.known.contains(type), !runTypes.contains(type) else {
                continue
            }
            warnings.append(
                "quarantine entry for \(entry.identifier ?? entry.test ?? "?") names auditType '\(type)', which is none of the audit types "
                    + "Canopy knows (\(AuditTypes.known.sorted().joined(separator: ", "))) nor any of this run's: it quarantines nothing"
            )
        }
        warnings += unmatched(active, in: prepared)
        func quarantined(_ testKey: String) -> Bool { Self.entry(in: active, quarantining: testKey) != nil }
        let (newFailures, excused, reasons) = (verdicts.newFailures, verdicts.excused, verdicts.newFailureReasons)
        let quarantinedFailures = excused.filter { $0.reason != .knownFlaky }.map(\.test)
        if !quarantinedFailures.isEmpty {
            notes.append(
                "\(quarantinedFailures.count) failing test(s) are quarantined and not counted as new failures: \(quarantinedFailures.prefix(5).joined(separator: ", "))"
            )
        }
        let knownFlakyFailures = excused.filter { $0.reason == .knownFlaky }.map(\.test)
        if !knownFlakyFailures.isEmpty {
            notes.append(
                "\(knownFlakyFailures.count) failing test(s) are known to be flaky and failed as before, not counted as new failures: \(knownFlakyFailures.prefix(5).joined(separator: ", "))"
            )
        }
        for testKey in newFailures.lazy.filter({ reasons[$0] != nil }).prefix(5) {
            notes.append("\(testKey) counts as a new failure: \(reasons[testKey] ?? "")")
        }
        let flakyNow = comparison.newFlakyTests.filter { !quarantined($0) }
        let newFlaky = verdicts.newFlaky
        if flakyGate, newFlaky.count < flakyNow.count {
            notes.append(
                "\(flakyNow.count - newFlaky.count) test(s) that passed on a retry were flaky in history already and are not counted as new flaky tests: \(flakyNow.filter { !newFlaky.contains($0) }.prefix(5).joined(separator: ", "))"
            )
        }
        // Tests per cause as the analysis counts them (`CategoryCount.tests`), without quarantined tests.
        var tests: [String: Set<String>] = [:]
        for record in prepared.report.failures where !quarantined(record.test) {
            tests[record.category, default: []].insert(record.test)
        }
        var perCategory: [String: Int] = [:]
        for category in prepared.report.categories { perCategory[category.name] = tests[category.name]?.count ?? 0 }
        let overall = prepared.report.coverage.overall
        let coverage = prepared.run.screens.contains { $0.kind == .elementTree } ? overall.ratio : nil
        let baselineCoverage = comparison.coverage.first { $0.scope == .overall }?.before
        // A run counts its tests for the tests gate when an input lists tests, or when no input
        // holds results at all (metrics or insights alone are a run of no test results).
        let listsTests = prepared.run.inputs.contains { $0.format.carriesTests }
        let holdsResults = prepared.run.inputs.contains { $0.format.holdsResults }
        var input = GateInput(
            coverage: coverage, baselineCoverage: baselineCoverage, newFailures: newFailures, newFlakyTests: newFlaky,
            newAuditIssues: unquarantined(comparison.newAuditIssues, active: active), failuresPerCategory: perCategory,
            excusedFailures: excused, tests: listsTests || !holdsResults ? prepared.run.tests.count : nil)
        input.newFailureReasons = reasons
        input.failures = verdicts.failing
        input.missingTests = comparison.missingTests
        input.crashes = crashes(in: prepared.report.failures)
        input.declaredTests = prepared.run.metadata.declaredTests
        return (input, warnings, notes)
    }

    /// The failures that say the test runner died or was restarted mid-run, so tests after them
    /// may not have run: xcodebuild's `Restarting after unexpected exit, crash, or test timeout`
    /// (the bundle's process crashed and was relaunched), and the runner's own failures
    /// (`testRunnerInfrastructure`: `Test crashed with signal`, `Lost connection to test manager`).
    /// One per test, `Class/name: message`.
    static func crashes(in failures: [FailureRecord]) -> [String] {
        var seen: Set<String> = []
        var crashes: [String] = []
        for failure in failures
        where failure.category == "testRunnerInfrastructure"
            || failure.message.contains("Restarting after unexpected exit, crash, or test timeout")
        {
            if seen.insert(failure.test).inserted {
                let line = failure.message.split(whereSeparator: \.isNewline).first ?? ""
                crashes.append("\(failure.test): \(line.prefix(160))")
            }
        }
        return crashes
    }

    /// A warning for each active entry that matches nothing in the run — a `test:` no test's key
    /// matches (with or without its device), an `identifier:` that no audit issue, failure element
    /// or identifier of the run's tree matches — naming where the entry is written: a typo there
    /// would otherwise quarantine nothing, silently. Not for a run without tests (audits alone)
    /// or without identifiers, where nothing could match.
    static func unmatched(_ active: [QuarantineEntry], in prepared: PreparedRun) -> [String] {
        let keys = prepared.testRows.map(\.key)
        var identifiers = Set(prepared.run.auditIssues.compactMap { $0.element?.identifier })
        for failure in prepared.report.failures {
            if let element = failure.element {
                identifiers.insert(element.template)
                identifiers.insert(element.identifier)
            }
        }
        for node in prepared.report.identifierTree { identifiers.insert(node.path) }
        var warnings: [String] = []
        for entry in active {
            let place = entry.location.map { " (\($0))" } ?? ""
            if let test = entry.test, !keys.isEmpty,
                !keys.contains(where: { RunVerdicts.entry(in: [entry], quarantining: $0) != nil })
            {
                warnings.append(
                    "quarantine entry\(place) names the test '\(test)', which matches no test of this run: check the "
                        + "name (test keys look like `Class/name`, `*` matches any text); it quarantines nothing here")
            }
            if let identifier = entry.identifier, entry.test == nil, !identifiers.isEmpty,
                !identifiers.contains(where: { QuarantineEntry.glob(identifier, matches: $0) })
            {
                warnings.append(
                    "quarantine entry\(place) names the identifier '\(identifier)', which matches no element, failure "
                        + "or audit issue of this run: check it; it quarantines nothing here")
            }
        }
        return warnings
    }

    /// The active entry quarantining the test `testKey` names (a failure's key: what it names of its
    /// destination is read from it, `TestKey.init(stored:)`).
    static func entry(in active: [QuarantineEntry], quarantining testKey: String) -> QuarantineEntry? {
        RunVerdicts.entry(in: active, quarantining: TestKey(stored: testKey))
    }
}
