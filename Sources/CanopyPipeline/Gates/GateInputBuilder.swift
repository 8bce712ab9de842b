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
    ///   - flakyPast: the tests history already calls flaky, with their past failures; a failure
    ///     of one of them that falls in a cluster of its past failures is not a new failure (the
    ///     flaky-test gate and the dashboard track them), so a known flake does not block a pull
    ///     request; a failure unlike its past is new (`FlakyPast`).
    ///   - flakyBefore: test keys history called flaky before this run; one of them flaking again
    ///     is not a new flaky test.
    static func build(
        prepared: PreparedRun, comparison: BaselineComparison, configuration: CanopyConfiguration,
        flakyPast: FlakyPast = FlakyPast(),
        flakyBefore: Set<String> = [], now: Date
    ) -> (input: GateInput, warnings: [String], notes: [String]) {
        let quarantine = configuration.quarantine
        let flakyGate = configuration.gates.maximumNewFlakyTests != nil
        let active = configuration.activeQuarantine(on: now)
        // Warnings ask for a fix (an expired entry); notes say what the gates left out.
        var warnings: [String] = []
        var notes: [String] = []
        for entry in quarantine where !entry.isActive(on: now) {
            let what = entry.test ?? entry.identifier ?? "?"
            warnings.append(
                "quarantine entry for \(what) expired; it no longer applies — fix the test or extend 'expires'")
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
        func quarantined(_ testKey: String) -> Bool { Self.entry(in: active, quarantining: testKey) != nil }
        let verdicts = Self.verdicts(
            comparison: comparison, failures: prepared.digest.failures, quarantine: active, flakyPast: flakyPast,
            flakyBefore: flakyBefore)
        let (newFailures, excused, reasons) = (verdicts.newFailures, verdicts.excused, verdicts.reasons)
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
        var input = GateInput(
            coverage: coverage, baselineCoverage: baselineCoverage, newFailures: newFailures, newFlakyTests: newFlaky,
            newAuditIssues: unquarantined(comparison.newAuditIssues, active: active), failuresPerCategory: perCategory,
            excusedFailures: excused,
            tests: prepared.run.inputs.contains { $0.format.carriesTests } ? prepared.run.tests.count : nil)
        input.newFailureReasons = reasons
        input.failures = prepared.testRows.lazy.filter { $0.outcome == .failed && !quarantined($0.testKey) }.map(
            \.testKey)
        return (input, warnings, notes)
    }

    /// What the gates and the dashboard say of the run's failing and flaky tests: the new
    /// failures the gate counts (the comparison's, less quarantined tests and known flakes that
    /// failed as before, `FlakyPast`), those it excuses with why, why a known flake's failure
    /// counts, and the new flaky tests (not quarantined, not flaky in history before). `canopy
    /// run` judges its run by these; `canopy report` lists a stored run's by them.
    static func verdicts(
        comparison: BaselineComparison, failures: [FailureDigest], quarantine active: [QuarantineEntry],
        flakyPast: FlakyPast,
        flakyBefore: Set<String>
    ) -> (newFailures: [String], excused: [ExcusedFailure], reasons: [String: String], newFlaky: [String]) {
        var newFailures: [String] = []
        var excused: [ExcusedFailure] = []
        var reasons: [String: String] = [:]
        let counted = Set(comparison.newFailures)
        let failuresNow = Dictionary(grouping: failures.lazy.filter { counted.contains($0.testKey) }, by: \.testKey)
        for testKey in comparison.newFailures {
            if let entry = entry(in: active, quarantining: testKey) {
                excused.append(
                    ExcusedFailure(test: testKey, reason: .quarantined(until: entry.expires, reason: entry.reason)))
                continue
            }
            let verdict = flakyPast.verdict(testKey: testKey, failuresNow: failuresNow[testKey] ?? [])
            if verdict == .excused {
                excused.append(ExcusedFailure(test: testKey, reason: .knownFlaky))
            } else {
                newFailures.append(testKey)
                if let reason = verdict.reason { reasons[testKey] = reason }
            }
        }
        // A key names its device (`Class/test@iPhone 16`); history may name the test alone.
        let newFlaky = comparison.newFlakyTests.filter { entry(in: active, quarantining: $0) == nil }
            .filter { !flakyBefore.contains($0) && !flakyBefore.contains(FlakyPast.withoutDevice($0)) }
        return (newFailures, excused, reasons, newFlaky)
    }

    /// The active quarantine entry naming the test, by its key or (entries may name the test
    /// alone) its key without the device.
    static func entry(in active: [QuarantineEntry], quarantining testKey: String) -> QuarantineEntry? {
        active.first { $0.matches(testKey: testKey) || $0.matches(testKey: FlakyPast.withoutDevice(testKey)) }
    }
}
