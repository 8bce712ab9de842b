import CanopyModel

/// One row of `failures`: an analysed failure, its test, category, fingerprint, normalised message
/// and identifier by id (migration 9), its message as the run read it.
struct FailureDigestRecord: RunChildRecord {
    static let table = "failures"
    static let columns = [
        "run_id", "ordinal", "name_id", "attempt_index", "category_id", "is_infrastructure", "fingerprint_id",
        "normalized_message_id", "identifier_id", "message",
    ]

    var ordinal: Int
    var digest: FailureDigest

    var references: RowReferences {
        RowReferences(
            names: [TestName(key: digest.testKey)],
            strings: [digest.category, digest.fingerprint, digest.normalizedMessage]
                + (digest.identifier.map { [$0] } ?? []))
    }

    func write<Sink: SQLRowSink>(ids: RowIDs, to sink: inout Sink) {
        sink.int(ids.run)
        sink.int(ordinal)
        sink.int(ids.names[digest.testKey])
        sink.int(digest.attemptIndex)
        sink.int(ids.strings[digest.category])
        sink.bool(digest.isInfrastructure)
        sink.int(ids.strings[digest.fingerprint])
        sink.int(ids.strings[digest.normalizedMessage])
        sink.int(digest.identifier.flatMap { ids.strings[$0] })
        sink.text(digest.message)
    }
}
