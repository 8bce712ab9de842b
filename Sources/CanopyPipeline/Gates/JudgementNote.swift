import CanopyConfig
import Foundation

/// What the judgement says beside the gates' verdicts, to be fixed: the command prints it in
/// words (`JudgementWarning.text`).
package enum JudgementWarning: Sendable, Equatable {
    /// A quarantine entry expired on `day` (`yyyy-MM-dd`); it no longer applies.
    case quarantineExpired(entry: String, location: String?, owner: String?, day: String)
    /// A quarantine entry names an audit type neither Canopy nor the run knows: it quarantines
    /// nothing.
    case unknownAuditType(entry: String, auditType: String, known: [String])
    /// An active entry's `test:` matches no test of the run.
    case unmatchedTest(test: String, location: String?)
    /// An active entry's `identifier:` matches no element, failure or audit issue of the run.
    case unmatchedIdentifier(identifier: String, location: String?)
}

/// What the gates left out, and why: the command prints it in words (`JudgementNote.text`).
package enum JudgementNote: Sendable, Equatable {
    /// Failing tests a quarantine entry covers, not counted as new failures.
    case quarantinedFailures([String])
    /// Failing tests known to be flaky that failed as before, not counted as new failures.
    case knownFlakyFailures([String])
    /// A test history calls flaky that counts as a new failure: this failure's message (nil
    /// when it has none) is new to it.
    case newFailureThoughFlaky(test: String, message: String?)
    /// Tests that passed on a retry and were flaky in history already: not new flaky tests.
    case flakyAlready([String])
}
