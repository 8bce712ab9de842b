import CanopyModel
import Foundation

/// The trend over a window of runs (`canopy trend`).
package struct DashboardTrend: Sendable, Equatable, Codable {
    /// E.g. `"last 30 days on main"`.
    package var window: String
    /// Runs in chronological order: the whole suite's figures, or an owner's (`owner`).
    package var points: [DashboardTrendPoint]
    /// The CODEOWNERS owner whose tests `points` and the page's lists count (`trend --owner`).
    package var owner: String?
    /// The whole suite's figures of the same runs, beside an owner's `points`; empty without one.
    package var wholeSuite: [DashboardTrendPoint] = []
    /// Tests whose state changed within the window, most recent first.
    package var changes: [DashboardStateChange]
    /// The flaky tests to fix first, costliest first, quarantined ones after the others.
    package var fixFirst: [DashboardFixFirst] = []
    /// The Fix first list's cost per owner, costliest first.
    package var ownerCosts: [DashboardOwnerCost] = []

    package init(window: String, points: [DashboardTrendPoint], changes: [DashboardStateChange] = []) {
        self.window = window
        self.points = points
        self.changes = changes
    }

    /// Every cause of a failed test in any point, in first-seen order.
    package var causes: [String] { Self.causes(points) }

    /// Every cause of a failed test in `points`, in first-seen order.
    package static func causes(_ points: [DashboardTrendPoint]) -> [String] {
        var seen: [String] = []
        for point in points {
            for entry in point.failedByCause where !seen.contains(entry.category) { seen.append(entry.category) }
        }
        return seen
    }
}
