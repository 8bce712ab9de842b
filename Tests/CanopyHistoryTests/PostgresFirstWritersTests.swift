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

    @Test func aServerStartingUpIsWaitedForWhenTheStoreOpens() async throws {
        let starting = HistoryError.cannotOpen(location: "postgres://canopy@db:5432/canopy", reason: "the database system is starting up (SQLSTATE 57P03)", advice: .postgresStarting)
        let waits = Counter()
        let opens = Counter()
        try await PostgresHistoryStore.opening(attempts: 3, awaitServer: { waits.add() }) {
            if opens.add() < 3 { throw starting }
        }
        #expect(opens.value == 3 && waits.value == 2)

        // A server that refuses outright (wrong port, not running) fails at once.
        let refused = HistoryError.cannotOpen(location: "postgres://canopy@db:1/canopy", reason: "connection refused", advice: .postgresServer)
        let tries = Counter()
        await #expect(throws: HistoryError.self) {
            try await PostgresHistoryStore.opening(attempts: 3, awaitServer: {}) {
                tries.add()
                throw refused
            }
        }
        #expect(tries.value == 1)

        // Still starting past every attempt: the last error, which says to retry.
        await #expect {
            try await PostgresHistoryStore.opening(attempts: 3, awaitServer: {}) { throw starting }
        } throws: { "\($0)".contains("still starting up: retry") }
    }
}
