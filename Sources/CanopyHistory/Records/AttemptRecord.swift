import CanopyModel

/// One row of `attempts`.
struct AttemptRecord: RunChildRecord {
    static let table = "attempts"
    static let columns = ["run_id", "test_index", "attempt_index", "outcome", "duration", "label"]

    var testIndex: Int
    var attemptIndex: Int
    var attempt: Attempt

    func values(runID: Int) -> [SQLValue] {
        [
            .int(runID), .int(testIndex), .int(attemptIndex), .text(attempt.outcome.rawValue),
            SQLValue(attempt.duration), SQLValue(attempt.label),
        ]
    }
}
