import CanopyModel

/// One row of `tests`: a test in a run with the counts flakiness reads.
struct TestRecord: RunChildRecord {
    static let table = "tests"
    static let columns = [
        "run_id", "test_index", "test_key", "base_key", "class_name", "name", "device", "configuration", "outcome",
        "attempts", "failed_attempts", "infra_failed_attempts", "duration",
    ]

    var index: Int
    var identity: TestIdentity
    var row: TestRunRow

    func values(runID: Int) -> [SQLValue] {
        [
            // `row.testKey` is `identity.key`, already built once for the row.
            .int(runID), .int(index), .text(row.testKey), .text(identity.testKey), .text(identity.className),
            .text(identity.name), SQLValue(identity.device), SQLValue(identity.configuration), .text(row.outcome.rawValue),
            .int(row.attempts), .int(row.failedAttempts), .int(row.infrastructureFailedAttempts), SQLValue(row.duration),
        ]
    }
}
