import CanopyHistoryTestSupport
import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// The PostgreSQL server drops the store's connections mid-write (as a restart does): the write
/// ends within a bounded time in success or `HistoryError.connectionLost`, never a hang, and the
/// store holds the run whole or not at all (issue 8). Each wait is bounded here, so a regression
/// fails the test instead of hanging the suite.
@Suite(.enabled(if: StoreKind.postgresURL != nil, "set CANOPY_TEST_POSTGRES"), TimingTests.hang)
struct ConnectionLossTests {
    /// Longer than any retry and close budget of the store, far shorter than a hang.
    static let bound = 60.0

    @Test func aWriteWhoseBackendsAreTerminatedEndsInSuccessOrARetryableError() async throws {
        let test = try await TestStore.make(.postgres)
        let database = try PostgresAddress(url: test.location).database
        let store = try #require(try await test.open() as? PostgresHistoryStore)
        let (run, digest) = RunFactory.bulk(key: "terminated", night: 0, count: 20_000)

        let killer = Killer(admin: try PostgresAddress(url: try #require(StoreKind.postgresURL)), database: database)
        let killing = Task { await killer.run() }
        let outcome = await Self.within(Self.bound) { try await store.store(run, digest: digest) }
        killer.stop()
        await killing.value
        #expect(killer.terminated > 0, "the killer never ran")

        let result = try #require(outcome, "store(_:digest:) hung while its connections were terminated")
        switch result {
        case .success(let ingest): #expect(ingest == .inserted)
        case .failure(let error):
            guard case HistoryError.connectionLost = error else {
                Issue.record("expected connectionLost, got \(error)")
                break
            }
            #expect("\(error)".contains("Retry"))
        }
        let closed = await Self.within(Self.bound) { await store.close() }
        #expect(closed != nil, "close() hung after the connections were terminated")

        // Whole or nothing, and a rerun completes the work.
        let reopened = try await test.open()
        let runs = try await reopened.runs(in: .all)
        #expect(runs.count <= 1)
        for stored in runs { #expect(try await reopened.testRuns(runKey: stored.key).count == 20_000) }
        let rerun = try await reopened.store(run, digest: digest)
        #expect(rerun == (runs.isEmpty ? .inserted : .alreadyStored))
        await reopened.close()
        await test.remove()
    }

    /// The hang itself: a statement sent on a connection the server has closed was never
    /// answered nor failed by postgres-nio, so it waited forever.
    @Test func aStatementOnAConnectionTheServerClosedFailsAtOnce() async throws {
        let test = try await TestStore.make(.postgres)
        let database = try PostgresAddress(url: test.location).database
        let admin = try PostgresAddress(url: try #require(StoreKind.postgresURL))
        let store = try #require(try await test.open() as? PostgresHistoryStore)
        let outcome = await Self.within(Self.bound) {
            try await store.withConnection { connection in
                try await store.execute("BEGIN", on: connection)
                try await Killer(admin: admin, database: database).terminateOnce()
                try await Task.sleep(nanoseconds: 300_000_000)  // the channel closes and drops its handlers
                try await store.execute("SELECT 1", on: connection)
            }
        }
        let result = try #require(outcome, "a statement on a closed connection hung")
        #expect(throws: HistoryError.self) { try result.get() }
        if case .failure(let error) = result {
            guard case HistoryError.connectionLost = error else {
                Issue.record("expected connectionLost, got \(error)")
                return
            }
        }
        let closed = await Self.within(Self.bound) { await store.close() }
        #expect(closed != nil, "close() hung")
        await test.remove()
    }

    /// Runs `work` in a task of its own and waits for it at most `seconds`; nil when it did not finish.
    static func within<T: Sendable>(
        _ seconds: Double, _ work: @escaping @Sendable () async throws -> T
    ) async -> Result<T, any Error>? {
        let box = Box<Result<T, any Error>>()
        Task {
            do { box.value = .success(try await work()) } catch { box.value = .failure(error) }
        }
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = box.value { return value }
            try? await Task.sleep(nanoseconds: 20_000_000)
        }
        return box.value
    }
}

/// A value shared between tasks.
final class Box<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

/// Terminates the backends of one database from an admin connection, as a server restart would.
final class Killer: @unchecked Sendable {
    let admin: PostgresAddress
    let database: String
    private let lock = NSLock()
    private var stopped = false
    private var count = 0

    init(admin: PostgresAddress, database: String) {
        self.admin = admin
        self.database = database
    }

    var terminated: Int { lock.withLock { count } }

    func stop() { lock.withLock { stopped = true } }

    /// Terminates every backend of the database every 50 ms until stopped.
    func run() async {
        while !lock.withLock({ stopped }) {
            try? await terminateOnce()
            try? await Task.sleep(nanoseconds: 50_000_000)
        }
    }

    func terminateOnce() async throws {
        let sql = """
            SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
            WHERE datname = '\(database)' AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            """
        try await PostgresHistoryStore.administer(admin, statements: [sql])
        lock.withLock { count += 1 }
    }
}
