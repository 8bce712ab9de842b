import CanopyModel

/// One row of `failures`: an analysed failure with its category, fingerprint and message.
struct FailureDigestRecord: RunChildRecord {
    static let table = "failures"
    static let columns = [
        "run_id", "ordinal", "test_key", "attempt_index", "category", "is_infrastructure", "fingerprint",
        "normalized_message", "identifier", "message",
    ]

    var ordinal: Int
    var digest: FailureDigest

    func write<Sink: SQLRowSink>(runID: Int, to sink: inout Sink) {
        sink.int(runID)
        sink.int(ordinal)
        sink.text(digest.testKey)
        sink.int(digest.attemptIndex)
        sink.text(digest.category)
        sink.bool(digest.isInfrastructure)
        sink.text(digest.fingerprint)
        sink.text(digest.normalizedMessage)
        sink.text(digest.identifier)
        sink.text(digest.message)
    }
}
