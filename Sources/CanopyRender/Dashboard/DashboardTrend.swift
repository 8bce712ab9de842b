import CanopyModel
import Foundation

/// The trend over a window of runs (`canopy trend`).
package struct DashboardTrend: Sendable, Equatable, Codable {
    /// E.g. `"last 30 days on main"`.
    package var window: String
    /// Runs in chronological order.
    package var points: [DashboardTrendPoint]
    /// Tests whose state changed within the window, most recent first.
    package var changes: [DashboardStateChange]

    package init(window: String, points: [DashboardTrendPoint], changes: [DashboardStateChange] = []) {
        self.window = window
        self.points = points
        self.changes = changes
    }

    /// Every category that occurs in any point, in first-seen order.
    package var categories: [String] {
        var seen: [String] = []
        for point in points {
            for entry in point.failuresByCategory where !seen.contains(entry.category) { seen.append(entry.category) }
        }
        return seen
    }
}

/// The figures of one run in the window.
package struct DashboardTrendPoint: Sendable, Equatable, Codable {
    package var date: Date
    package var commit: String
    /// 0…1.
    package var passRate: Double
    package var flaky: Int
    package var failuresByCategory: [DashboardCategoryCount]
    /// Identifier coverage, 0…1.
    package var coverage: Double
    /// Audit issues of every severity, and the errors among them.
    package var auditIssues: Int
    package var auditErrors: Int
    /// Seconds.
    package var duration: Double

    package init(
        date: Date, commit: String, passRate: Double, flaky: Int, failuresByCategory: [DashboardCategoryCount],
        coverage: Double, auditIssues: Int, auditErrors: Int, duration: Double
    ) {
        self.date = date
        self.commit = commit
        self.passRate = passRate
        self.flaky = flaky
        self.failuresByCategory = failuresByCategory
        self.coverage = coverage
        self.auditIssues = auditIssues
        self.auditErrors = auditErrors
        self.duration = duration
    }

    /// All failures of the run.
    package var failures: Int { failuresByCategory.reduce(0) { $0 + $1.count } }
}

/// A failure count of one category.
package struct DashboardCategoryCount: Sendable, Equatable, Hashable, Codable {
    package var category: String
    package var count: Int

    package init(category: String, count: Int) {
        self.category = category
        self.count = count
    }
}

/// A test whose state changed within the window.
package struct DashboardStateChange: Sendable, Equatable, Hashable, Codable {
    package var test: String
    package var from: DashboardFlakyState
    package var to: DashboardFlakyState
    /// The commit of the first run in the new state.
    package var commit: String
    package var date: Date

    package init(test: String, from: DashboardFlakyState, to: DashboardFlakyState, commit: String, date: Date) {
        self.test = test
        self.from = from
        self.to = to
        self.commit = commit
        self.date = date
    }
}
