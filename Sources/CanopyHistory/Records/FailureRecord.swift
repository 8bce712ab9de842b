import CanopyModel

/// One row of `failures`: an analysed failure with its category and fingerprint.
struct FailureRecord: RunChildRecord {
    static let table = "failures"
    static let columns = [
        "run_id", "ordinal", "test_key", "attempt_index", "category", "is_infrastructure", "fingerprint",
        "normalized_message", "identifier",
    ]

    var ordinal: Int
    var digest: FailureDigest

    func values(runID: Int) -> [SQLValue] {
        [
            .int(runID), .int(ordinal), .text(digest.testKey), .int(digest.attemptIndex), .text(digest.category),
            SQLValue(digest.isInfrastructure), .text(digest.fingerprint), .text(digest.normalizedMessage),
            SQLValue(digest.identifier),
        ]
    }
}
