import CanopyModel

/// One row of `attempts`.
struct AttemptRecord: RunChildRecord {
    static let table = "attempts"
    static let columns = ["run_id", "test_index", "attempt_index", "outcome", "duration", "label"]

    var testIndex: Int
    var attemptIndex: Int
    /// The columns only, not the whole attempt (its output and failures are not stored here).
    var outcome: Outcome
    var duration: Double?
    var label: String?

    init(testIndex: Int, attemptIndex: Int, of attempts: [Attempt]) {
        self.testIndex = testIndex
        self.attemptIndex = attemptIndex
        outcome = attempts[attemptIndex].outcome
        duration = attempts[attemptIndex].duration
        label = attempts[attemptIndex].label
    }

    func values(runID: Int) -> [SQLValue] {
        [.int(runID), .int(testIndex), .int(attemptIndex), .text(outcome.rawValue), SQLValue(duration), SQLValue(label)]
    }
}
