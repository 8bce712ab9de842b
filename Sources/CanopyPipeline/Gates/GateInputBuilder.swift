import CanopyAnalysis
import CanopyConfig
import CanopyModel
import CanopyParsers
import Foundation

/// Computes what the gates look at from the analysed run and its baseline, leaving out
/// quarantined tests and audit issues, and warns about expired quarantine entries.
enum GateInputBuilder {
    /// The gates' input for `subject` compared with its baseline, judged on `now` by the
    /// quarantine and gates of `configuration`, with warnings (expired or unknown quarantine
    /// entries) and notes (what the gates left out; the note on known flaky tests is printed only
    /// when the new-flaky-tests gate is on).
    /// - Parameters:
    ///   - verdicts: each test's verdict (`RunVerdicts.judge`): the new failures the gate counts,
    ///     the failures it excuses and why, the new flaky tests.
    static func build(
        subject: GateSubject, comparison: BaselineComparison, configuration: CanopyConfiguration,
        verdicts: RunVerdicts, now: Date
    ) -> (input: GateInput, warnings: [JudgementWarning], notes: [JudgementNote]) {
        let quarantine = configuration.quarantine
        let flakyGate = configuration.gates.maximumNewFlakyTests != nil
        let active = verdicts.quarantine
        // Warnings ask for a fix (an expired entry); notes say what the gates left out.
        var warnings: [JudgementWarning] = []
        var notes: [JudgementNote] = []
        for entry in quarantine where !entry.isActive(on: now) {
            warnings.append(
                .quarantineExpired(
                    entry: entry.test ?? entry.identifier ?? "?", location: entry.location, owner: entry.owner,
                    day: entry.expires.map(QuarantineEditor.day) ?? "?"))
        }
        // An audit file may carry types of its own, so an unknown one is a warning: a typo
        // (`contrst`) would otherwise leave the entry matching nothing, silently.
        for entry in quarantine {
            guard let type = entry.auditType, !AuditTypes.known.contains(type), !subject.auditTypes.contains(type)
            else {
                continue
            }
            warnings.append(
                .unknownAuditType(
                    entry: entry.identifier ?? entry.test ?? "?", auditType: type, known: AuditTypes.known.sorted()))
        }
        warnings += unmatched(active, in: subject)
        func quarantined(_ testKey: String) -> Bool { verdicts.quarantineEntry(forTest: testKey) != nil }
        let (newFailures, excused, reasons) = (verdicts.newFailures, verdicts.excused, verdicts.newFailureReasons)
        let quarantinedFailures = excused.filter { $0.reason != .knownFlaky }.map(\.test)
        if !quarantinedFailures.isEmpty { notes.append(.quarantinedFailures(quarantinedFailures)) }
        let knownFlakyFailures = excused.filter { $0.reason == .knownFlaky }.map(\.test)
        if !knownFlakyFailures.isEmpty { notes.append(.knownFlakyFailures(knownFlakyFailures)) }
        for testKey in newFailures.lazy.filter({ reasons[$0] != nil }).prefix(5) {
            guard case .newFailure(let message) = reasons[testKey] else { continue }
            notes.append(.newFailureThoughFlaky(test: testKey, message: message))
        }
        let flakyNow = comparison.passedOnRetryNotInBaseline.filter { !quarantined($0) }
        let newFlaky = verdicts.newFlaky
        if flakyGate, newFlaky.count < flakyNow.count {
            notes.append(.flakyAlready(flakyNow.filter { !newFlaky.contains($0) }))
        }
        // Tests per cause as the analysis counts them (`CategoryCount.tests`), without quarantined tests.
        var tests: [String: Set<String>] = [:]
        for record in subject.failures where !quarantined(record.test) {
            tests[record.category, default: []].insert(record.test)
        }
        let perCategory = tests.mapValues(\.count)
        let baselineCoverage = comparison.coverage.first { $0.scope == .overall }?.before
        var input = GateInput(
            coverage: subject.coverage, baselineCoverage: baselineCoverage, verdicts: verdicts,
            newAuditIssues: comparison.newAuditIssues.filter { verdicts.quarantineEntry(for: $0) == nil },
            failuresPerCategory: perCategory, tests: subject.tests)
        input.missingTests = comparison.missingTests
        input.declaredTests = subject.declaredTests
        return (input, warnings, notes)
    }

    /// A warning for each active entry that matches nothing in the run — a `test:` no test's key
    /// matches (with or without its device), an `identifier:` that no audit issue, failure element
    /// or identifier of the run's tree matches — naming where the entry is written: a typo there
    /// would otherwise quarantine nothing, silently. Not for a run without tests (audits alone)
    /// or without identifiers, where nothing could match.
    static func unmatched(_ active: [QuarantineEntry], in subject: GateSubject) -> [JudgementWarning] {
        let keys = subject.testKeys
        let identifiers = subject.identifiers
        var warnings: [JudgementWarning] = []
        for entry in active {
            if let test = entry.test, !keys.isEmpty,
                !keys.contains(where: { RunVerdicts.entry(in: [entry], quarantining: $0) != nil })
            {
                warnings.append(.unmatchedTest(test: test, location: entry.location))
            }
            if let identifier = entry.identifier, entry.test == nil, !identifiers.isEmpty,
                !identifiers.contains(where: { QuarantineEntry.glob(identifier, matches: $0) })
            {
                warnings.append(.unmatchedIdentifier(identifier: identifier, location: entry.location))
            }
        }
        return warnings
    }
}
