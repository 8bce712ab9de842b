import CanopyModel
import Foundation

/// A run's rows as a store gives them back once it has stored them (`HistoryRowDecoding`), for
/// code that joins the rows of a run not stored (`canopy check`) with rows read from history:
/// the one place that says how a row changes on its way through the store.
extension TestRunRow {
    /// The row as read back: its start time kept as seconds since 1970, as the store keeps it.
    package var readBack: TestRunRow {
        var row = self
        row.startedAt = startedAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970) }
        return row
    }
}

extension FailureRow {
    /// The failure `digest` of the run with `metadata`, as read back: under the run's key (empty
    /// when it has none) and commit.
    package init(readBack digest: FailureDigest, of metadata: RunMetadata) {
        self.init(
            runKey: metadata.runKey ?? "", commit: metadata.commit, testKey: digest.testKey,
            attemptIndex: digest.attemptIndex,
            category: digest.category, isInfrastructure: digest.isInfrastructure, fingerprint: digest.fingerprint,
            identifier: digest.identifier, normalizedMessage: digest.normalizedMessage, message: digest.message)
    }
}
