import CanopyModel
import CanopyRender
import Foundation

extension DashboardBuilder {
    /// History strips from each test's stored rows (any order): one result per run, oldest first.
    static func testHistory(_ rows: [String: [TestRunRow]]) -> [String: DashboardTestHistory] {
        rows.mapValues { rows in
            let ordered = rows.sorted {
                ($0.startedAt ?? .distantPast, $0.runKey) < ($1.startedAt ?? .distantPast, $1.runKey)
            }
            return DashboardTestHistory(
                latest: ordered.map {
                    DashboardTestHistory.Result(
                        outcome: $0.outcome, commit: $0.commit, date: $0.startedAt ?? .distantPast)
                })
        }
    }
}
