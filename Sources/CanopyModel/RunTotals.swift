/// Counts over a run, as shown by `canopy inspect` and stored with each run.
package struct RunTotals: Sendable, Equatable, Hashable, Codable {
    package var tests = 0
    package var attempts = 0
    package var passed = 0
    package var failed = 0
    package var skipped = 0
    /// Tests an attempt of which failed and a later one passed: in-run, never "flaky" (a history
    /// state).
    package var passedOnRetry = 0
    /// Tests whose outcome is an expected failure: the counts add up, `passed + failed +
    /// passedOnRetry + skipped + expectedFailures == tests`.
    package var expectedFailures = 0
    /// Elements across all screens.
    package var elements = 0
    /// Elements with a non-empty identifier.
    package var identifiedElements = 0
    package var auditIssues = 0
    package var screens = 0
    /// Sum of known test durations, in seconds.
    package var duration = 0.0

    package init() {}

    /// Tests that ended passed (those passed on retry included) over the tests that ran (skipped
    /// ones and expected failures left out); 1 when none ran. The trend's SQL computes the same
    /// per stored run.
    package var passRate: Double {
        let ran = tests - skipped - expectedFailures
        return ran > 0 ? Double(passed + passedOnRetry) / Double(ran) : 1
    }

    package init(run: Run) {
        // Through a buffer, so that no test is copied.
        run.tests.withUnsafeBufferPointer { all in
            for position in all.indices { count(all[position].attempts) }
        }
        screens = run.screens.count
        for screen in run.screens {
            screen.forEachElement { element in
                elements += 1
                if element.nonEmptyIdentifier != nil { identifiedElements += 1 }
            }
        }
        auditIssues = run.auditIssues.count
        // A sum of thousands of decimal times carries binary noise (2162.318000000003): to the microsecond.
        duration = (duration * 1_000_000).rounded() / 1_000_000
    }

    /// Counts one test, given its attempts (as `TestCase.duration` and `TestCase.outcome` do).
    private mutating func count(_ testAttempts: [Attempt]) {
        tests += 1
        attempts += testAttempts.count
        var testDuration = 0.0
        for attempt in testAttempts { testDuration += attempt.duration ?? 0 }
        duration += testDuration
        switch TestOutcome(attempts: testAttempts.lazy.map(\.outcome)) {
        case .passed: passed += 1
        case .failed: failed += 1
        case .skipped: skipped += 1
        case .flaky: passedOnRetry += 1
        case .expectedFailure: expectedFailures += 1
        }
    }
}
