/// A test much slower than usual: its usual seconds and its seconds now.
package struct SlowerTest: Sendable, Equatable, Hashable, Codable {
    package var testKey: String
    /// Its usual seconds: the median of its last `runs` passing runs, or the baseline run's time.
    package var before: Double
    package var after: Double
    /// How many passing runs `before` is the median of; nil when it is one baseline run's time.
    package var runs: Int?

    package init(testKey: String, before: Double, after: Double, runs: Int? = nil) {
        self.testKey = testKey
        self.before = before
        self.after = after
        self.runs = runs
    }
}
