import CanopyModel
import Foundation

/// A run being stored while it is analysed: what depends on the run alone is written (or held)
/// at `HistoryWriter.beginStore`; `finish` adds what the analysis concluded and commits, in the
/// one transaction `store` would have used, so the stored run is the same either way.
public protocol PendingStore: AnyObject, Sendable {
    /// Adds the analysis and commits. `testRows` are `TestRunRow.rows(for: run, digest: digest)`:
    /// the rows given to `beginStore` with infrastructure attempts counted.
    func finish(digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult
    /// Abandons the run: nothing of it is stored. Safe after `finish` too (then it does nothing).
    func cancel() async
}

extension HistoryWriter {
    /// Holds the run and stores it at `finish` (SQLite writes the run's own rows meanwhile).
    public func beginStore(_ run: Run, testRows: @escaping @Sendable () -> [TestRunRow]) -> any PendingStore {
        HeldStore(writer: self, run: run)
    }
}

/// `beginStore`'s default: nothing is written before `finish`.
final class HeldStore: PendingStore, @unchecked Sendable {
    private let writer: any HistoryWriter
    private let lock = NSLock()
    private var run: Run?

    init(writer: any HistoryWriter, run: Run) {
        self.writer = writer
        self.run = run
    }

    func finish(digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult {
        guard let run = lock.withLock({ () -> Run? in defer { self.run = nil }; return self.run }) else { throw CancellationError() }
        return try await writer.store(run, digest: digest, testRows: testRows)
    }

    func cancel() async { lock.withLock { run = nil } }
}

/// The rows and counts `finish` adds to a run whose own rows are written.
struct IngestCompletion: Sendable {
    /// The tables made from the analysis (failures, identifier nodes, coverage).
    var tables: [IngestBatch.Table]
    /// Tests (by index) whose infrastructure attempt count is not the 0 written at first.
    var infrastructure: [(test: Int, count: Int)]

    /// Nothing more: the batch was complete.
    static let nothing = IngestCompletion(tables: [], infrastructure: [])

    init(tables: [IngestBatch.Table], infrastructure: [(test: Int, count: Int)]) {
        self.tables = tables
        self.infrastructure = infrastructure
    }

    /// What the analysis adds to a run whose rows were written as `written`.
    init(digest: RunDigest, written: [TestRunRow], final: [TestRunRow]) {
        precondition(written.count == final.count, "one test row per test")
        tables = IngestBatch.analysisTables(digest)
        infrastructure = final.indices.compactMap { index in
            final[index].infrastructureFailedAttempts == written[index].infrastructureFailedAttempts
                ? nil : (index, final[index].infrastructureFailedAttempts)
        }
    }
}
