import CanopyModel
import Foundation

/// A run whose own rows are written by `write` while the caller analyses it; `write` takes the
/// analysis from the handoff (nil: abandon the run) and writes `analysedTables` of it.
final class StagedStore: PendingStore, @unchecked Sendable {
    typealias Analysis = (digest: RunDigest, rows: [TestRunRow])
    private let analysis = Handoff<Analysis>()
    private let task: Task<IngestResult, any Error>

    init(_ write: @escaping @Sendable (Handoff<Analysis>) async throws -> IngestResult) {
        let analysis = analysis
        task = Task { try await write(analysis) }
    }

    /// The tables the analysis adds to `run` once `finish` hands it over; nil when the run was
    /// abandoned.
    static func analysedTables(_ analysis: Analysis?, run: Run) -> [IngestBatch.Table]? {
        analysis.map { IngestBatch.analysedTables(run: run, digest: $0.digest, testRows: $0.rows) }
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

/// One value handed from one thread or task to others that wait for it; nil abandons. The first
/// `put` wins; every wait returns it, again after a retried transaction.
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var value: Value??
    private var waiters: [CheckedContinuation<Value?, Never>] = []

    func put(_ value: Value?) {
        let waiting = condition.withLock { () -> [CheckedContinuation<Value?, Never>] in
            guard self.value == nil else { return [] }
            self.value = .some(value)
            condition.broadcast()
            defer { waiters = [] }
            return waiters
        }
        for waiter in waiting { waiter.resume(returning: value) }
    }

    /// Whether a value (or nil) was put.
    var isPut: Bool { condition.withLock { value != nil } }

    /// Whether the run was abandoned (nil was put): a retried write stops before it starts again.
    var isAbandoned: Bool {
        condition.withLock {
            if case .some(.none) = value { return true }
            return false
        }
    }

    /// Blocks the calling thread until the value is put (a thread that may wait: not a task's).
    func wait() -> Value? {
        condition.withLock {
            while value == nil { condition.wait() }
            return value!
        }
    }

    /// Suspends until the value is put.
    func value() async -> Value? {
        await withCheckedContinuation { continuation in
            let ready = condition.withLock { () -> Value?? in
                if let value { return .some(value) }
                waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
