import CanopyModel
import Foundation

/// First, last and range of one metric over a window.
package struct TrendSummary: Sendable, Equatable, Hashable, Codable {
    package var first: Double?
    package var last: Double?
    package var minimum: Double?
    package var maximum: Double?
    package var mean: Double?

    package init(first: Double?, last: Double?, minimum: Double?, maximum: Double?, mean: Double?) {
        self.first = first
        self.last = last
        self.minimum = minimum
        self.maximum = maximum
        self.mean = mean
    }

    /// `last - first` when both are known.
    package var change: Double? {
        guard let first, let last else { return nil }
        return last - first
    }
}
