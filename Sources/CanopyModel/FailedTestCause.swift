/// The cause a failed test is counted under, the one rule every "failed tests by cause" figure
/// follows (the summary's and the page's table, `report.json`'s categories, the trend's series).
///
/// Each failed test counts once, under the category of its last attempt's first failure (the
/// attempt that decided its outcome); a failed test without any failure message counts under
/// `unknown`. Tests that passed on retry have no cause: the causes of a run add up to its failed
/// tests.
package enum FailedTestCause {
    /// The cause of a failed test without a failure message.
    package static let unknown = "unknown"

    /// The position in `failures` of each failed test's cause, by test key: its last attempt's
    /// first failure. `failures` are in test, attempt and failure order (a run's analysis, or a
    /// stored run's failures); `isFailed` says which tests failed.
    package static func positions<Failures: Collection>(
        in failures: Failures, test: (Failures.Element) -> String, attempt: (Failures.Element) -> Int,
        isFailed: (Failures.Element) -> Bool
    ) -> [String: Failures.Index] {
        var picked: [String: (attempt: Int, position: Failures.Index)] = [:]
        for position in failures.indices {
            let failure = failures[position]
            guard isFailed(failure) else { continue }
            let key = test(failure)
            let index = attempt(failure)
            // A later attempt replaces the pick; a later failure of the same attempt does not.
            if let known = picked[key], known.attempt >= index { continue }
            picked[key] = (index, position)
        }
        return picked.mapValues(\.position)
    }

    /// The failed tests by cause: `failedTests` (the run's failed tests' keys) counted under the
    /// category `category(of:)` names, or `unknown`.
    package static func counts(failedTests: some Sequence<String>, category: (String) -> String?) -> [String: Int] {
        var counts: [String: Int] = [:]
        for test in failedTests { counts[category(test) ?? unknown, default: 0] += 1 }
        return counts
    }
}
