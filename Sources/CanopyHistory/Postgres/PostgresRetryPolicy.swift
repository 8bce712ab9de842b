import Foundation
import PostgresNIO

/// The one retry policy of the PostgreSQL store, for opening it (connect and migrate), for each
/// run written (one transaction) and for each read: an operation that meets an outage (the server
/// refuses connections while it restarts, answers 57P03 cannot_connect_now while it starts up, or
/// drops the connection) is tried again once the server accepts connections, at most `attempts`
/// times in all and no later than `window` seconds after its first failure. A statement the server
/// rejects is not retried here (serialization conflicts have their own budget, `writeAttempts`).
/// See docs/history-and-safety.md, "PostgreSQL outages".
package struct PostgresRetryPolicy: Sendable, Equatable {
    /// How many times one operation is tried in all.
    package var attempts: Int
    /// How long after its first failure an operation may still be tried again, in seconds.
    package var window: Double

    package init(attempts: Int, window: Double) {
        self.attempts = attempts
        self.window = window
    }

    /// Five attempts within 30 s: a restart (`pg_ctl restart`) takes a few seconds on an idle
    /// machine and ten or more on a loaded one, a failover of a managed server up to about 30; a
    /// server that is not back by then is reported as down.
    package static let standard = PostgresRetryPolicy(attempts: 5, window: 30)

    /// The pause before attempt `attempt + 1`: 0.25 s, 0.5 s, then 1 s.
    func pause(after attempt: Int) -> Double { min(1, 0.25 * Double(1 << min(attempt - 1, 2))) }

    /// The error reported once the policy is spent: the last failure, saying how it was waited out.
    func exhausted(_ error: any Error, attempts made: Int, serverBack: Bool) -> any Error {
        let waited = HistoryError.waited(tries: made, serverBack: serverBack, window: Int(window))
        switch error {
        case HistoryError.cannotOpen(let location, let reason, let advice):
            return HistoryError.cannotOpen(location: location, reason: "\(reason); \(waited)", advice: advice)
        case HistoryError.connectionLost(let location, let reason):
            return HistoryError.connectionLost(location: location, reason: "\(reason); \(waited)")
        default:
            return error
        }
    }
}
