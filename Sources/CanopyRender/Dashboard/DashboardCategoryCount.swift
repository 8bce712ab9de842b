import CanopyModel
import Foundation

/// A failure count of one category.
package struct DashboardCategoryCount: Sendable, Equatable, Hashable, Codable {
    package var category: String
    package var count: Int

    package init(category: String, count: Int) {
        self.category = category
        self.count = count
    }
}
