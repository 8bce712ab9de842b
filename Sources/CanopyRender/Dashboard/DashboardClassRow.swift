import CanopyModel

/// One test class (suite) of the run with its counts: the suites view of the report tools.
package struct DashboardClassRow: Sendable, Equatable, Hashable, Codable {
    package var className: String
    package var tests: Int
    package var failed: Int
    package var passedOnRetry: Int
    /// Its tests whose state over the history window is flaky (`Dashboard.flakyTests`), whatever
    /// their outcome in this run.
    package var flaky: Int
    package var skipped: Int
    /// Seconds: the sum of its tests' durations.
    package var duration: Double

    package init(
        className: String, tests: Int = 0, failed: Int = 0, passedOnRetry: Int = 0, flaky: Int = 0, skipped: Int = 0,
        duration: Double = 0
    ) {
        self.className = className
        self.tests = tests
        self.failed = failed
        self.passedOnRetry = passedOnRetry
        self.flaky = flaky
        self.skipped = skipped
        self.duration = duration
    }

    /// Whether the class has a failed test, a test passed on retry or a flaky one.
    package var isNotable: Bool { failed > 0 || passedOnRetry > 0 || flaky > 0 }

    /// The classes of `tests`, with `flaky` (the keys of the tests flaky in history) counted per
    /// class: those with failed tests first, then tests passed on retry, then flaky ones, then by
    /// name.
    package static func classes(of tests: [DashboardTestRow], flaky: Set<String> = []) -> [DashboardClassRow] {
        var rows: [String: DashboardClassRow] = [:]
        for test in tests {
            var row = rows[test.className] ?? DashboardClassRow(className: test.className)
            row.tests += 1
            switch test.outcome {
            case .failed: row.failed += 1
            case .flaky: row.passedOnRetry += 1
            case .skipped: row.skipped += 1
            case .passed, .expectedFailure: break
            }
            if flaky.contains(test.key) { row.flaky += 1 }
            if let duration = test.duration, duration.isFinite { row.duration += duration }
            rows[test.className] = row
        }
        return rows.values.sorted {
            ($1.failed, $1.passedOnRetry, $1.flaky, $0.className) < (
                $0.failed, $0.passedOnRetry, $0.flaky, $1.className
            )
        }
    }
}

extension Dashboard {
    /// The run's classes (`DashboardClassRow.classes`), their flaky tests those of `flakyTests`.
    package var classes: [DashboardClassRow] {
        DashboardClassRow.classes(of: tests, flaky: Set(flakyTests.map(\.test)))
    }
}
