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
    ) -> (input: GateInput, warnings: [String], notes: [String]) {
        let quarantine = configuration.quarantine
        let flakyGate = configuration.gates.maximumNewFlakyTests != nil
        let active = verdicts.quarantine
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
        for entry in quarantine {
            guard let type = entry.auditType, !AuditTypes.known.contains(type), !subject.auditTypes.contains(type)
            else {
                continue
            }
            warnings.append(
                "quarantine entry for \(entry.identifier ?? entry.test ?? "?") names auditType '\(type)', which is none of the audit types "
                    + "Canopy knows (\(AuditTypes.known.sorted().joined(separator: ", "))) nor any of this run's: it quarantines nothing"
            )
        }
        warnings += unmatched(active, in: subject)
        func quarantined(_ testKey: String) -> Bool { verdicts.quarantineEntry(forTest: testKey) != nil }
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
    static func unmatched(_ active: [QuarantineEntry], in subject: GateSubject) -> [String] {
        let keys = subject.testKeys
        let identifiers = subject.identifiers
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
}
