import CanopyModel
import Foundation

/// The trend over a window of runs (`canopy trend`).
public struct DashboardTrend: Sendable, Equatable, Codable {
    /// E.g. `"last 30 days on main"`.
    public var window: String
    /// Runs in chronological order.
    public var points: [DashboardTrendPoint]
    /// Tests whose state changed within the window, most recent first.
    public var changes: [DashboardStateChange]

    public init(window: String, points: [DashboardTrendPoint], changes: [DashboardStateChange] = []) {
        self.window = window
        self.points = points
        self.changes = changes
    }

    /// Every category that occurs in any point, in first-seen order.
    public var categories: [String] {
        var seen: [String] = []
        for point in points {
            for entry in point.failuresByCategory where !seen.contains(entry.category) { seen.append(entry.category) }
        }
        return seen
    }
}

/// The figures of one run in the window.
public struct DashboardTrendPoint: Sendable, Equatable, Codable {
    public var date: Date
    public var commit: String
    /// 0…1.
    public var passRate: Double
    public var flaky: Int
    public var failuresByCategory: [DashboardCategoryCount]
    /// Identifier coverage, 0…1.
    public var coverage: Double
    /// Audit issues of every severity, and the errors among them.
    public var auditIssues: Int
    public var auditErrors: Int
    /// Seconds.
    public var duration: Double

    public init(
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
    public var failures: Int { failuresByCategory.reduce(0) { $0 + $1.count } }
}

/// A failure count of one category.
public struct DashboardCategoryCount: Sendable, Equatable, Hashable, Codable {
    public var category: String
    public var count: Int

    public init(category: String, count: Int) {
        self.category = category
        self.count = count
    }
}

/// A test whose state changed within the window.
public struct DashboardStateChange: Sendable, Equatable, Hashable, Codable {
    public var test: String
    public var from: DashboardFlakyState
    public var to: DashboardFlakyState
    /// The commit of the first run in the new state.
    public var commit: String
    public var date: Date

    public init(test: String, from: DashboardFlakyState, to: DashboardFlakyState, commit: String, date: Date) {
        self.test = test
        self.from = from
        self.to = to
        self.commit = commit
        self.date = date
    }
}
