import CanopyModel
import Foundation

/// The failed tests of one cause in one run.
package struct DashboardCategoryCount: Sendable, Equatable, Hashable, Codable {
    package var category: String
    package var count: Int

    package init(category: String, count: Int) {
        self.category = category
        self.count = count
    }
}
