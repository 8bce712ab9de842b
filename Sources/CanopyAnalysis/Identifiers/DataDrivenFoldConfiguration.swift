import CanopyModel

/// Folds a segment position into a placeholder when, across the run, identifiers that agree on
/// every other segment take at least `minimumDistinctValues` values there (`Country.{value}.cell`).
///
/// Off by default: the rules template an identifier from itself alone, while the fold depends on
/// which identifiers the run holds, so one element could take two templates on nights with and
/// without snapshots (and its failures, flakiness and tree node split across them).
package struct DataDrivenFoldConfiguration: Sendable, Equatable, Hashable, Codable {
    /// `enabled`, default false.
    package var enabled: Bool
    /// `minimumDistinctValues`, default 12.
    package var minimumDistinctValues: Int
    /// The placeholder name (`placeholder`, default `value`).
    package var placeholder: String
    /// Whether the last segment may fold too (`foldLastSegment`, default false: a screen's many
    /// leaf elements `Settings.wifi`, `Settings.sound` are distinct elements, not data).
    package var foldLastSegment: Bool

    package init(
        enabled: Bool = false, minimumDistinctValues: Int = 12, placeholder: String = "value",
        foldLastSegment: Bool = false
    ) {
        self.enabled = enabled
        self.minimumDistinctValues = minimumDistinctValues
        self.placeholder = placeholder
        self.foldLastSegment = foldLastSegment
    }
}
