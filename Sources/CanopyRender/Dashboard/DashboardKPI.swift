import Foundation

/// One key figure and its value in the baseline run, when there is one.
package struct DashboardKPI: Sendable, Equatable, Hashable, Codable {
    package var value: Double
    /// The same figure in the baseline; nil when there is no baseline.
    package var baseline: Double?
    /// False for a figure the run could not measure (identifier coverage without element-tree
    /// snapshots): shown as "not measured", not as 0.
    package var isMeasured: Bool

    package init(_ value: Double, baseline: Double? = nil, isMeasured: Bool = true) {
        self.value = value
        self.baseline = baseline
        self.isMeasured = isMeasured
    }

    /// `value - baseline`, or nil without a baseline or a measure.
    package var change: Double? { isMeasured ? baseline.map { value - $0 } : nil }
}
