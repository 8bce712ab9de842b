import Foundation
import PostgresNIO

extension PostgresHistoryStore {
    /// How long a query already on a closed connection gets to fail by itself before it is given up.
    static let closeGrace: TimeAmount = .milliseconds(500)

    /// Sends `query` and waits until the server starts answering, or until the connection closes.
    ///
    /// postgres-nio 1.33 writes a query to its channel without a write promise. A query written
    /// after the channel closed (the server restarted between two statements, or the `ROLLBACK` sent
    /// right after a FATAL "terminating connection due to administrator command") never reaches the
    /// connection's state machine, so it is neither answered nor failed and `query` would wait
    /// forever. Racing the query against the connection's close future turns that wait into
    /// `HistoryError.connectionLost`.
    func startQuery(_ query: PostgresQuery, on connection: PostgresConnection) async throws -> PostgresRowSequence {
        let logger = logger
        return try await racingClose(of: connection) { try await connection.query(query, logger: logger) }
    }

    /// Runs `work` (a statement on `connection`) until it returns, or until the connection closes
    /// and `work` has not failed by itself within `closeGrace`: then `HistoryError.connectionLost`.
    func racingClose<T: Sendable>(
        of connection: PostgresConnection, _ work: @escaping @Sendable () async throws -> T
    ) async throws -> T {
        guard !connection.isClosed else {
            throw HistoryError.connectionLost(location: location, reason: "the connection was already closed")
        }
        let location = location
        return try await withCheckedThrowingContinuation { continuation in
            let race = FirstResult(continuation)
            race.work = Task {
                do {
                    race.finish(.success(try await work()))
                } catch {
                    race.finish(.failure(error))
                }
            }
            connection.closeFuture.whenComplete { [weak race] _ in
                guard race != nil else { return }
                // A query the connection saw is failed by postgres-nio itself as it closes; give that error a moment.
                connection.eventLoop.scheduleTask(in: Self.closeGrace) { [weak race] in
                    race?.finish(
                        .failure(
                            HistoryError.connectionLost(location: location, reason: "the server closed the connection"))
                    )
                }
            }
        }
    }

    /// Whether `error` means the connection went away (server restarted, backend terminated, network),
    /// as opposed to a statement the server rejected: the write can be retried on a new connection.
    static func isConnectionLoss(_ error: any Error) -> Bool {
        if case HistoryError.connectionLost = error { return true }
        if let error = error as? PSQLError {
            if let state = error.serverInfo?[.sqlState] {
                // Class 57: operator intervention (admin_shutdown, crash_shutdown, cannot_connect_now); 08: connection exception.
                return state.hasPrefix("57P") || state.hasPrefix("08")
            }
            return [.serverClosedConnection, .clientClosedConnection, .connectionError, .uncleanShutdown, .poolClosed]
                .contains(error.code)
        }
        // Older postgres-nio paths report a connection that closed under them this way.
        if let error = error as? PostgresError, case .connectionClosed = error { return true }
        if let error = error as? PostgresStatementError {
            return error.sqlState.hasPrefix("57P") || error.sqlState.hasPrefix("08")
        }
        return error is ChannelError || error is IOError
    }

    /// Whether the server refused a connection because it is starting up (SQLSTATE 57P03,
    /// cannot_connect_now): it is worth waiting for, like a server that went away mid-write.
    static func isStartingUp(_ error: any Error) -> Bool {
        if case HistoryError.cannotOpen(_, _, .postgresStarting) = error { return true }
        return (error as? PSQLError)?.serverInfo?[.sqlState] == "57P03"
    }

    /// Whether `error` is an outage `PostgresRetryPolicy` waits out: the server refused or dropped
    /// the connection (a restart, a backend terminated, the network) or is starting up. A statement
    /// the server rejected, a failed login or a client refusal is not.
    static func isOutage(_ error: any Error) -> Bool {
        if case HistoryError.cannotOpen(_, _, .postgresUnreachable) = error { return true }
        return isStartingUp(error) || isConnectionLoss(error)
    }

    /// Runs `work` under `policy`: again after an outage (`isOutage`), once the server accepts
    /// connections, until `work` succeeds, fails otherwise, or the policy's attempts or window are
    /// spent; then the last failure is thrown. `awaitServer(seconds)` waits at most `seconds` for
    /// the server and returns whether it came back.
    static func retrying<T>(
        _ policy: PostgresRetryPolicy, awaitServer: (Double) async throws -> Bool, _ work: () async throws -> T
    ) async throws -> T {
        var attempt = 0
        var firstFailure: Date?
        while true {
            attempt += 1
            do {
                return try await work()
            } catch let error where isOutage(error) {
                let since = firstFailure ?? Date()
                firstFailure = since
                let left = policy.window - Date().timeIntervalSince(since)
                guard attempt < policy.attempts, left > 0 else {
                    throw policy.exhausted(error, attempts: attempt, serverBack: true)
                }
                try await Task.sleep(nanoseconds: UInt64(min(left, policy.pause(after: attempt)) * 1_000_000_000))
                // Retried only once the server is back: the pool, asked while it is down, would
                // keep trying for over a minute.
                guard try await awaitServer(max(0, policy.window - Date().timeIntervalSince(since))) else {
                    throw policy.exhausted(error, attempts: attempt, serverBack: false)
                }
            }
        }
    }

    /// `retrying` with the store's policy, waiting for the store's server; a lost connection is
    /// reported as `HistoryError.connectionLost`.
    func retrying<T>(_ work: () async throws -> T) async throws -> T {
        let address = address
        let logger = logger
        let location = location
        return try await Self.retrying(
            retryPolicy, awaitServer: { try await Self.awaitServer(address, within: $0, logger: logger) }
        ) {
            do {
                return try await work()
            } catch let error where !(error is HistoryError) && Self.isConnectionLoss(error) {
                throw HistoryError.connectionLost(location: location, reason: Self.reason(error))
            }
        }
    }

    /// Waits for `work` at most `seconds`; returns whether it finished. A task that ignores
    /// cancellation is left behind rather than waited for.
    static func waitAtMost(_ seconds: Double, for work: Task<Void, Never>) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let race = FirstResult(continuation)
            Task {
                await work.value
                race.finish(.success(true))
            }
            Task {
                try? await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
                race.finish(.success(false))
            }
        }
    }
}

/// Resumes a continuation with whichever result comes first, and cancels the work left behind.
final class FirstResult<T: Sendable, Failure: Error>: @unchecked Sendable {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Failure>?
    /// The task producing the result, cancelled when another result wins.
    var work: Task<Void, Never>? {
        get { lock.withLock { task } }
        set { lock.withLock { task = newValue } }
    }
    private var task: Task<Void, Never>?

    init(_ continuation: CheckedContinuation<T, Failure>) { self.continuation = continuation }

    func finish(_ result: Result<T, Failure>) {
        let (winner, loser): (CheckedContinuation<T, Failure>?, Task<Void, Never>?) = lock.withLock {
            defer {
                continuation = nil
                task = nil
            }
            return (continuation, continuation == nil ? nil : task)
        }
        guard let winner else { return }
        winner.resume(with: result)
        if case .failure = result { loser?.cancel() }
    }
}
