/// One step of a UI test's log, as XCUITest records it (an activity): `Tap "Login.Submit" Button`.
///
/// An attempt's steps are its activity tree flattened in order: each step is followed by its
/// children, one `depth` deeper.
package struct Step: Sendable, Equatable, Hashable, Codable {
    package var title: String
    /// Seconds after the attempt's first step started, when the producer gives times.
    package var offset: Double?
    /// 0 for a top-level step.
    package var depth: Int
    /// Whether the failure (an issue of the attempt) was recorded in this step.
    package var failed: Bool

    package init(title: String, offset: Double? = nil, depth: Int = 0, failed: Bool = false) {
        self.title = title
        self.offset = offset
        self.depth = depth
        self.failed = failed
    }
}
