import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// PostgreSQL failures the shared suites cannot cause: a staged run whose connection is lost
/// while it waits for the analysis, and a statement the client library refuses.
@Suite(.enabled(if: StoreKind.postgresURL != nil, "set CANOPY_TEST_POSTGRES"), TimingTests.hang)
struct PostgresFailureTests {
    /// The staged run's transaction dies with its connection after the run's own rows were copied;
    /// `finish` writes the whole run again on a new connection, the analysis read again from the
    /// handoff, and the store holds what a whole store holds. It waits for the server to end the
    /// terminated session, which took over 10 s beside the oracle on 2 cores: it runs in the
    /// timing pass.
    @Test(.enabled(if: TimingTests.alone, TimingTests.why))
    func aStagedRunWhoseConnectionIsLostIsWrittenAgainWhole() async throws {
        let (run, digest) = PendingStoreTests.run(key: "lost-1")
        let rows = TestRunRow.rows(for: run, digest: digest)
        let whole = try await TestStore.make(.postgres).with { store async throws in
            #expect(try await store.store(run, digest: digest) == .inserted)
            return try await PendingStoreTests.Stored(store, key: "lost-1")
        }
        let test = try await TestStore.make(.postgres)
        let database = try PostgresAddress(url: test.location).database
        let admin = try PostgresAddress(url: try #require(StoreKind.postgresURL))
        let staged = try await test.with { store async throws in
            let pending = store.beginStore(run)
            #expect(
                try await PendingStoreTests.openTransactions(1, in: store, waitingUpTo: 10) == 1,
                "the staged run waits for its analysis")
            try await Killer(admin: admin, database: database).terminateOnce()
            #expect(
                try await PendingStoreTests.openTransactions(0, in: store, waitingUpTo: 10) == 0,
                "the staged transaction was terminated")
            let result = await ConnectionLossTests.within(ConnectionLossTests.bound) {
                try await pending.finish(digest: digest, testRows: rows)
            }
            #expect(try #require(result, "finish hung after the connection was lost").get() == .inserted)
            return try await PendingStoreTests.Stored(store, key: "lost-1")
        }
        #expect(staged == whole)
        #expect(
            staged.tests.contains { $0.infrastructureFailedAttempts > 0 },
            "the analysis' counts were written on the retry")
    }

    /// postgres-nio refuses more than 65,535 bound values before sending anything. The store did
    /// open; the client failed the statement, and the message says which.
    @Test func aStatementTheClientRefusesIsAClientFailure() async throws {
        try await TestStore.make(.postgres).with { store async throws in
            let postgres = try #require(store as? PostgresHistoryStore)
            let statement = SQLStatement(
                sql: "SELECT 1 WHERE 1 IN (?)", arguments: Array(repeating: .int(1), count: 70_000))
            do {
                try await postgres.withConnection { connection in try await postgres.execute(statement, on: connection)
                }
                Issue.record("70,000 bound values were accepted")
            } catch let error as HistoryError {
                guard case .clientFailed(_, let sql, let reason) = error else {
                    Issue.record("expected clientFailed, got \(error)")
                    return
                }
                #expect(sql.hasPrefix("SELECT 1 WHERE"))
                #expect(reason.contains("tooManyParameters"))
                #expect(!"\(error)".contains("delete"), "no advice to start a new history")
            }
        }
    }
}
