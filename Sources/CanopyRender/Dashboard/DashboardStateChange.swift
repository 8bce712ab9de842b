import CanopyModel
import Foundation

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
