import CanopyModel

/// One test class (suite) of the run with its counts: the suites view of the report tools.
package struct DashboardClassRow: Sendable, Equatable, Hashable, Codable {
    package var className: String
    package var tests: Int
    package var failed: Int
    package var flaky: Int
    package var skipped: Int
    /// Seconds: the sum of its tests' durations.
    package var duration: Double

    package init(
        className: String, tests: Int = 0, failed: Int = 0, flaky: Int = 0, skipped: Int = 0, duration: Double = 0
    ) {
        self.className = className
        self.tests = tests
        self.failed = failed
        self.flaky = flaky
        self.skipped = skipped
        self.duration = duration
    }

    /// The classes of `tests`, those with failed tests first, then flaky ones, then by name.
    package static func classes(of tests: [DashboardTestRow]) -> [DashboardClassRow] {
        var rows: [String: DashboardClassRow] = [:]
        for test in tests {
            var row = rows[test.className] ?? DashboardClassRow(className: test.className)
            row.tests += 1
            switch test.outcome {
            case .failed: row.failed += 1
            case .flaky: row.flaky += 1
            case .skipped: row.skipped += 1
            case .passed, .expectedFailure: break
            }
            if let duration = test.duration, duration.isFinite { row.duration += duration }
            rows[test.className] = row
        }
        return rows.values.sorted { ($1.failed, $1.flaky, $0.className) < ($0.failed, $0.flaky, $1.className) }
    }
}
