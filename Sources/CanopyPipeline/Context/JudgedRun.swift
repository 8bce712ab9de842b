import CanopyAnalysis
import CanopyModel
import CanopySource

/// What judging a run against history reads of the run itself: its metadata, one row per test and
/// its failures. A run just read (`canopy run`, `check`) and a stored one (`report`, the trend's
/// latest run) give the same value, so all of them are judged by one path
/// (`CommandContext.insights(for:store:stored:chosenBaseline:)`, then `RunVerdicts`).
struct JudgedRun: Sendable {
    /// The run's metadata; `runKey` is set for a stored run.
    var metadata: RunMetadata
    /// One row per test, in the run's order.
    var testRows: [TestRunRow]
    /// Every failure of every attempt, as analysed.
    var failures: [FailureDigest]
    /// The run as the baseline comparison reads it.
    var snapshot: BaselineSnapshot
    /// The run's XCTMetric measurements as a store keeps them, for a run just read; nil for a
    /// stored run, whose own are read from the store.
    var metrics: [StoredMetric]? = nil
    /// The tests that touched each identifier template in the run (`Report.identifierTests`);
    /// empty for a stored run, whose history keeps only the last run of each pair.
    var identifierTests: [String: [String]] = [:]
    /// The app's source index (`--source`), which names the identifiers a test queries; nil
    /// without sources.
    var sourceIndex: SourceIndex? = nil

    /// The keys of the tests that failed an attempt in this run.
    var failingTestKeys: Set<String> { Set(testRows.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey)) }
}

extension JudgedRun {
    init(_ prepared: PreparedRun, sourceIndex: SourceIndex? = nil) {
        self.init(
            metadata: prepared.run.metadata, testRows: prepared.testRows, failures: prepared.digest.failures,
            snapshot: BaselineSnapshot(run: prepared.run, digest: prepared.digest, testRows: prepared.testRows),
            metrics: StoredMetric.rows(of: prepared.run), identifierTests: prepared.report.identifierTests,
            sourceIndex: sourceIndex)
    }
}
