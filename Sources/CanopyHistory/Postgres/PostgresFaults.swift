import Foundation
import PostgresNIO

/// Failures a test injects into a store's writes.
final class PostgresFaults: @unchecked Sendable {
    private let lock = NSLock()
    private var dropsAfterCommit = 0

    /// Makes the next `count` writes lose their connection right after their COMMIT was answered.
    func dropConnectionAfterCommit(times count: Int = 1) { lock.withLock { dropsAfterCommit = count } }

    /// Closes `connection` and throws `connectionLost` when a drop after COMMIT is due.
    func afterCommit(on connection: PostgresConnection, location: String) async throws {
        let due = lock.withLock { () -> Bool in
            guard dropsAfterCommit > 0 else { return false }
            dropsAfterCommit -= 1
            return true
        }
        guard due else { return }
        try? await connection.close()
        throw HistoryError.connectionLost(location: location, reason: "injected: the connection dropped after COMMIT")
    }
}
