import CanopyModel
import Foundation
import GRDB

extension SQLiteHistoryStore {
    /// Writes the run's own rows (the run, its tests with no infrastructure attempt counted, their
    /// attempts, its audit issues) while the caller analyses it, inside the transaction `finish`
    /// completes. For the 100 MB bench run that is ~85% of the store's work, done beside the
    /// analysis instead of after it. The writer connection waits in the open transaction for the
    /// analysis (other writers wait as they would for the whole store); a crash or `cancel`
    /// leaves nothing of the run.
    public func beginStore(_ run: Run, testRows: @escaping @Sendable () -> [TestRunRow]) -> any PendingStore {
        let analysis = Handoff<(digest: RunDigest, rows: [TestRunRow])>()
        let task = Task { [self] in
            try await writing { db in
                let written = testRows()
                let batch = try IngestBatch(run: run, testRows: written)
                return try Self.write(batch, then: {
                    analysis.wait().map { IngestCompletion(digest: $0.digest, written: written, final: $0.rows) }
                }, into: db)
            }
        }
        return SQLitePendingStore(analysis: analysis, task: task)
    }
}

/// `SQLiteHistoryStore.beginStore`'s run: its write waits in the transaction for `finish`.
final class SQLitePendingStore: PendingStore, @unchecked Sendable {
    private let analysis: Handoff<(digest: RunDigest, rows: [TestRunRow])>
    private let task: Task<IngestResult, any Error>

    init(analysis: Handoff<(digest: RunDigest, rows: [TestRunRow])>, task: Task<IngestResult, any Error>) {
        self.analysis = analysis
        self.task = task
    }

    func finish(digest: RunDigest, testRows: [TestRunRow]) async throws -> IngestResult {
        analysis.put((digest, testRows))
        return try await task.value
    }

    func cancel() async {
        analysis.put(nil)
        _ = try? await task.value
    }

    /// A run dropped without `finish` or `cancel` is abandoned, not left waiting.
    deinit { analysis.put(nil) }
}

/// One value handed from one thread to another that waits for it; nil abandons. The first `put`
/// wins; `wait` returns it to every caller, again after a retried transaction.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value??

    func put(_ value: Value?) {
        condition.withLock {
            guard self.value == nil else { return }
            self.value = .some(value)
            condition.broadcast()
        }
    }

    func wait() -> Value? {
        condition.withLock {
            while value == nil { condition.wait() }
            return value!
        }
    }
}
