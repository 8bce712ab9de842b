import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// PostgreSQL: concurrent first use creates the schema once (under an advisory lock), and a server
/// that answers "starting up" (57P03) is waited for when the store opens (5 of 20 restarts in
/// `make soak` exited 2 instead).
@Suite struct PostgresFirstWritersTests {
    @Test(.enabled(if: StoreKind.postgresURL != nil, "set CANOPY_TEST_POSTGRES"))
    func firstWritersOnANewDatabaseLoseNoRun() async throws {
        let test = try await TestStore.make(.postgres)
        let writers = 12
        let results = try await withThrowingTaskGroup(of: IngestResult.self) { group in
            for writer in 0..<writers {
                group.addTask {
                    let store = try await test.open()
                    let (run, digest) = RunFactory.bulk(key: "first-\(writer)", night: Double(writer), count: 40)
                    let result = try await store.store(run, digest: digest)
                    await store.close()
                    return result
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == writers && results.allSatisfy { $0 == .inserted })
        let store = try await test.open()
        #expect(try await store.runs(in: .all).count == writers)
        #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
        await store.close()
        await test.remove()
    }

    /// One policy for every outage: a server starting up (57P03) and one refusing connections
    /// (stopped for a restart) are tried again once it is back, within the policy's attempts and
    /// window; past them the last failure is thrown, saying how it was waited for.
    @Test func outagesAreRetriedWithinThePolicy() async throws {
        // A window far longer than the pauses, so a loaded machine (the cooperative pool busy with
        // other suites for minutes) cannot spend it first.
        let policy = PostgresRetryPolicy(attempts: 3, window: 3_600)
        let starting = HistoryError.cannotOpen(
            location: "postgres://canopy@db:5432/canopy", reason: "the database system is starting up (SQLSTATE 57P03)",
            advice: .postgresStarting)
        let refused = HistoryError.cannotOpen(
            location: "postgres://canopy@db:1/canopy", reason: "connectionError: connection refused",
            advice: .postgresUnreachable)
        for outage in [starting, refused] {
            let waits = Counter()
            let opens = Counter()
            try await PostgresHistoryStore.retrying(
                policy,
                awaitServer: { _ in
                    waits.add()
                    return true
                }
            ) {
                if opens.add() < 3 { throw outage }
            }
            #expect(opens.value == 3 && waits.value == 2)
        }

        // Past every attempt: the last error, which says what to do and how long it was waited for.
        await #expect {
            try await PostgresHistoryStore.retrying(policy, awaitServer: { _ in true }) { throw starting }
        } throws: { "\($0)".contains("still starting up: retry") && "\($0)".contains("tried 3 times within 3600 s") }

        // A server that does not come back ends the wait at once, with the last failure.
        let tries = Counter()
        await #expect {
            try await PostgresHistoryStore.retrying(policy, awaitServer: { _ in false }) {
                tries.add()
                throw refused
            }
        } throws: { "\($0)".contains("did not accept connections again within 3600 s") && "\($0)".contains("URL") }
        #expect(tries.value == 1)

        // A failed login or a rejected statement is not an outage: no retry.
        let login = HistoryError.cannotOpen(
            location: "postgres://canopy@db:5432/canopy", reason: "password authentication failed (SQLSTATE 28P01)",
            advice: .postgresServer)
        let logins = Counter()
        await #expect(throws: HistoryError.self) {
            try await PostgresHistoryStore.retrying(policy, awaitServer: { _ in true }) {
                logins.add()
                throw login
            }
        }
        #expect(logins.value == 1)
    }
}
