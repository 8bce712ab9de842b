import CanopyRender

/// The judgement's warnings and notes in words: the CLI's lines (`run`, `check`).
extension JudgementWarning {
    var text: String {
        switch self {
        case .quarantineExpired(let entry, let location, let owner, let day):
            let place = location.map { " (\($0))" } ?? ""
            let owned = owner.map { ", owned by \($0)," } ?? ""
            return
                "quarantine entry for \(entry)\(place)\(owned) expired on \(day); it no longer applies — fix the test "
                + "or extend 'expires' (canopy quarantine add … --until DAY)"
        case .unknownAuditType(let entry, let type, let known):
            return "quarantine entry for \(entry) names auditType '\(type)', which is none of the audit types "
                + "Canopy knows (\(known.joined(separator: ", "))) nor any of this run's: it quarantines nothing"
        case .unmatchedTest(let test, let location):
            return "quarantine entry\(location.map { " (\($0))" } ?? "") names the test '\(test)', which matches no "
                + "test of this run: check the name (test keys look like `Class/name`, `*` matches any text); it "
                + "quarantines nothing here"
        case .unmatchedIdentifier(let identifier, let location):
            return "quarantine entry\(location.map { " (\($0))" } ?? "") names the identifier '\(identifier)', which "
                + "matches no element, failure or audit issue of this run: check it; it quarantines nothing here"
        }
    }
}

extension JudgementNote {
    var text: String {
        func first(_ tests: [String]) -> String { tests.prefix(5).joined(separator: ", ") }
        switch self {
        case .quarantinedFailures(let tests):
            return "\(tests.count) failing test(s) are quarantined and not counted as new failures: \(first(tests))"
        case .knownFlakyFailures(let tests):
            return "\(tests.count) failing test(s) are known to be flaky and failed as before, not counted as new "
                + "failures: \(first(tests))"
        case .newFailureThoughFlaky(let test, let message):
            return "\(test) counts as a new failure: " + DashboardWords.flakyNewFailure(message: message)
        case .flakyAlready(let tests):
            return "\(tests.count) test(s) that passed on a retry were flaky in history already and are not counted "
                + "as new flaky tests: \(first(tests))"
        }
    }
}
