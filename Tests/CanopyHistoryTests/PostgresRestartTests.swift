import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// A private PostgreSQL cluster (its own data directory and port on 127.0.0.1, never the shared
/// `CANOPY_TEST_POSTGRES` one) that a test stops and starts, as a restart does.
struct PrivatePostgres: Sendable {
    static let binaries: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.compactMap(Int.init).max().map { "\(root)/\($0)/bin" }
    }()
    /// `.ci/start-postgres` runs the server as `postgres` when root: that needs runuser.
    static var available: Bool {
        binaries != nil && (getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"))
    }
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    let directory: String
    let port: Int
    let url: String

    /// Starts a new cluster on `port` with `.ci/start-postgres`.
    static func start(port: Int) throws -> PrivatePostgres {
        let directory = "/tmp/canopy-pg-restart-test-\(port)"
        let (status, output) = try Self.run(
            ["bash", repository + "/.ci/start-postgres"],
            environment: ["CANOPY_PG_DIR": directory, "CANOPY_PG_PORT": "\(port)"])
        try #require(status == 0, "the private cluster did not start: \(output)")
        return PrivatePostgres(
            directory: directory, port: port, url: output.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    func stop() throws { try control(["stop", "-m", "fast", "-w"]) }
    /// Starts the stopped server with `.ci/start-postgres`'s options (pg_ctl keeps none of them).
    func start() throws {
        let options = "-c listen_addresses=127.0.0.1 -p \(port) -k /tmp -c fsync=off -c max_connections=200"
        try control(["start", "-w", "-l", directory + "/log", "-o", options])
    }

    /// Stops the server and removes its data directory.
    func remove() {
        let command = [Self.binaries! + "/pg_ctl", "-D", directory, "stop", "-m", "immediate", "-w"]
        _ = try? Self.run(getuid() == 0 ? ["runuser", "-u", "postgres", "--"] + command : command)
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func control(_ arguments: [String]) throws {
        let command = [Self.binaries! + "/pg_ctl", "-D", directory] + arguments
        let (status, output) = try Self.run(getuid() == 0 ? ["runuser", "-u", "postgres", "--"] + command : command)
        try #require(status == 0, "pg_ctl \(arguments[0]) failed: \(output)")
    }

    /// Runs `command` through bash, its output and then its status into files, and waits (60 s
    /// at most) for the status: Foundation's `Process` did not always see these children end.
    static func run(_ command: [String], environment: [String: String] = [:]) throws -> (Int32, String) {
        let base = NSTemporaryDirectory() + "canopy-pg-ctl-\(UUID().uuidString)"
        defer { for suffix in [".log", ".status"] { try? FileManager.default.removeItem(atPath: base + suffix) } }
        let quoted = command.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c",
            "\(quoted) > '\(base).log' 2>&1 < /dev/null; echo $? > '\(base).status.tmp'; mv '\(base).status.tmp' '\(base).status'",
        ]
        process.currentDirectoryURL = URL(fileURLWithPath: repository)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        var status: String?
        while status == nil && Date() < deadline {
            status = try? String(contentsOfFile: base + ".status", encoding: .utf8)
            if status == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        let output = (try? String(contentsOfFile: base + ".log", encoding: .utf8)) ?? ""
        guard let status, let code = Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return (-1, "\(command) did not end within 60 s: \(output)")
        }
        return (code, output)
    }
}

/// The PostgreSQL server restarts while Canopy connects or between its statements (issue 34):
/// the store waits for it within `PostgresRetryPolicy.standard` and every run is stored once.
/// Each wait is bounded, so a regression fails instead of hanging the suite.
@Suite(
    .enabled(if: PrivatePostgres.available, "needs PostgreSQL installed"),
    .enabled(if: TimingTests.alone, TimingTests.why), .serialized, .timeLimit(.minutes(3)))
struct PostgresRestartTests {
    /// Stops the server, starts it again after `seconds` in the background; returns the task.
    /// `pg_ctl start` waits (and `PrivatePostgres.control` polls with `Thread.sleep`) on a
    /// dispatch thread, never on a thread of the cooperative pool: on 2 cores, with the other
    /// suites running, a blocked pool thread held up the store being tested past every bound.
    static func restart(_ server: PrivatePostgres, after seconds: Double) throws -> Task<Void, any Error> {
        try server.stop()
        return Task {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
                    do {
                        try server.start()
                        continuation.resume()
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
        }
    }

    @Test func aServerRestartingWhileTheStoreOpensIsWaitedFor() async throws {
        let server = try PrivatePostgres.start(port: 55_461)
        defer { server.remove() }
        let starting = try Self.restart(server, after: 1)
        let outcome = await ConnectionLossTests.within(ConnectionLossTests.bound) {
            let store = try await HistoryStores.open(server.url)
            let (run, digest) = RunFactory.bulk(key: "restart-at-connect", night: 0, count: 200)
            let result = try await store.store(run, digest: digest)
            await store.close()
            return result
        }
        try await starting.value
        let result = try #require(outcome, "opening the store hung while the server restarted")
        #expect(try result.get() == .inserted)

        let store = try await HistoryStores.open(server.url)
        #expect(try await store.runs(in: .all).map(\.key) == ["restart-at-connect"])
        #expect(try await store.testRuns(runKey: "restart-at-connect").count == 200)
        await store.close()
    }

    @Test func readsAndWritesWaitForAServerRestartingBetweenThem() async throws {
        let server = try PrivatePostgres.start(port: 55_462)
        defer { server.remove() }
        let store = try await HistoryStores.open(server.url)
        let (first, firstDigest) = RunFactory.bulk(key: "before", night: 0, count: 100)
        #expect(try await store.store(first, digest: firstDigest) == .inserted)

        var starting = try Self.restart(server, after: 1)
        let read = await ConnectionLossTests.within(ConnectionLossTests.bound) {
            try await store.runs(in: .all).map(\.key)
        }
        try await starting.value
        #expect(try #require(read, "a read hung while the server restarted").get() == ["before"])

        starting = try Self.restart(server, after: 1)
        let (second, secondDigest) = RunFactory.bulk(key: "after", night: 1, count: 100)
        let written = await ConnectionLossTests.within(ConnectionLossTests.bound) {
            try await store.store(second, digest: secondDigest)
        }
        try await starting.value
        #expect(try #require(written, "a write hung while the server restarted").get() == .inserted)
        #expect(try await store.runs(in: .all).count == 2)
        await store.close()
    }

    /// A server that stays down: the policy's window, then the error saying what to check.
    @Test func aServerThatStaysDownFailsWithinThePolicy() async throws {
        let server = try PrivatePostgres.start(port: 55_463)
        defer { server.remove() }
        try server.stop()
        let policy = PostgresRetryPolicy(attempts: 5, window: 2)
        let began = Date()
        await #expect {
            _ = try await PostgresHistoryStore(address: try PostgresAddress(url: server.url), retryPolicy: policy)
        } throws: { error in
            guard case HistoryError.cannotOpen(_, let reason, .postgresUnreachable) = error else { return false }
            return reason.contains("within 2 s") && "\(error)".contains("PostgreSQL server is running")
        }
        #expect(Date().timeIntervalSince(began) < 40, "the 2 s window, then one connection attempt at most")
    }
}

/// The connection drops after the run's COMMIT reached the server: the write reconnects, finds
/// the run stored by itself, and reports it stored, not lost (issue 34).
@Suite(.enabled(if: StoreKind.postgresURL != nil, "set CANOPY_TEST_POSTGRES"), TimingTests.hang)
struct PostgresCommitDropTests {
    @Test func aRunWhoseConnectionDropsAfterCommitIsReportedStored() async throws {
        try await TestStore.make(.postgres).with { opened async throws in
            let store = try #require(opened as? PostgresHistoryStore)
            let (run, digest) = RunFactory.bulk(key: "dropped-after-commit", night: 0, count: 300)
            store.faults.dropConnectionAfterCommit()
            #expect(try await store.store(run, digest: digest) == .inserted)
            #expect(try await store.runs(in: .all).count == 1)
            #expect(try await store.testRuns(runKey: "dropped-after-commit").count == 300)
            // Another write of the same run is still "already stored".
            #expect(try await store.store(run, digest: digest) == .alreadyStored)
        }
    }

    @Test func aStagedRunWhoseConnectionDropsAfterCommitIsReportedStored() async throws {
        try await TestStore.make(.postgres).with { opened async throws in
            let store = try #require(opened as? PostgresHistoryStore)
            let (run, digest) = PendingStoreTests.run(key: "staged-dropped")
            store.faults.dropConnectionAfterCommit()
            let pending = store.beginStore(run)
            #expect(
                try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
                    == .inserted)
            #expect(try await store.runs(in: .all).count == 1)
        }
    }

    /// Readers open read-only sessions and never migrate: a database without history, or at an
    /// older schema, is refused with the advice to run a writer first.
    @Test func aReaderNeverMigrates() async throws {
        let test = try await TestStore.make(.postgres)
        await #expect {
            _ = try await HistoryStores.open(test.location, readOnly: true)
        } throws: { error in
            guard case HistoryError.schemaTooOld(_, 0, _) = error else { return false }
            return "\(error)".contains("canopy ingest")
        }
        let writer = try await test.open()
        let (run, digest) = RunFactory.bulk(key: "one", night: 0, count: 10)
        #expect(try await writer.store(run, digest: digest) == .inserted)
        await writer.close()

        let reader = try await HistoryStores.open(test.location, readOnly: true)
        #expect(try await reader.runs(in: .all).count == 1)
        await #expect(throws: (any Error).self) {
            let (other, otherDigest) = RunFactory.bulk(key: "two", night: 1, count: 10)
            _ = try await reader.store(other, digest: otherDigest)
        }
        let postgres = try #require(reader as? PostgresHistoryStore)
        let readOnly = try await postgres.withConnection { connection in
            var value = ""
            try await postgres.forEach(SQLStatement(sql: "SHOW transaction_read_only", arguments: []), on: connection) {
                value = try $0.text(0) ?? ""
            }
            return value
        }
        #expect(readOnly == "on")
        await reader.close()
        await test.remove()
    }
}
