import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// Releases a fixed number of threads at the same moment.
final class ThreadBarrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0

    init(count: Int) { self.count = count }

    /// Blocks until `count` threads have called it, then lets them all go.
    func wait() {
        condition.lock()
        arrived += 1
        if arrived == count {
            condition.broadcast()
        } else {
            while arrived < count { condition.wait() }
        }
        condition.unlock()
    }
}

/// Runs `body` on `count` threads of their own, released together at a barrier, and returns
/// each thread's result in thread order.
func onThreadsAtOnce<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let barrier = ThreadBarrier(count: count)
    let lock = NSLock()
    let done = DispatchGroup()
    nonisolated(unsafe) var results = [T?](repeating: nil, count: count)
    for index in 0..<count {
        done.enter()
        let thread = Thread {
            barrier.wait()
            let result = body(index)
            lock.withLock { results[index] = result }
            done.leave()
        }
        thread.stackSize = 4 << 20
        thread.start()
    }
    done.wait()
    return lock.withLock { results.compactMap { $0 } }
}

/// Waits for an async operation from a plain thread (tests only).
func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) -> Result<T, any Error> {
    let semaphore = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var result: Result<T, any Error>?
    Task {
        do { result = .success(try await work()) } catch { result = .failure(error) }
        semaphore.signal()
    }
    semaphore.wait()
    return result ?? .failure(CancellationError())
}

/// Many CI jobs end with `canopy ingest` on one store that does not exist yet: 12 processes lost
/// 18 of 240 runs over 20 trials ("not a Canopy history store … (grdb_migrations)", "table runs
/// already exists", "database is locked").
@Suite struct FirstWritersTests {
    static let trials = 8
    static let writers = 12

    @Test func firstWritersOnANewStoreLoseNoRun() async throws {
        for trial in 0..<Self.trials {
            let directory = NSTemporaryDirectory() + "canopy-first-" + UUID().uuidString
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let path = directory + "/nested/history.sqlite"
            let outcomes = onThreadsAtOnce(Self.writers) { writer -> String in
                let result = blocking { () -> IngestResult in
                    let store = try SQLiteHistoryStore(path: path)
                    let (run, digest) = RunFactory.bulk(key: "first-\(writer)", night: Double(writer), count: 40)
                    let result = try await store.store(run, digest: digest)
                    await store.close()
                    return result
                }
                switch result {
                case .success(let stored): return "\(stored)"
                case .failure(let error): return "\(error)"
                }
            }
            let failures = outcomes.filter { $0 != "\(IngestResult.inserted)" }
            #expect(failures.isEmpty, "trial \(trial): \(failures.count) of \(Self.writers) writers failed: \(failures.first ?? "")")
            let store = try SQLiteHistoryStore(path: path)
            #expect(try await store.runs(in: .all).count == Self.writers, "trial \(trial)")
            #expect(try store.integrityCheck() == "ok")
            #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
            await store.close()
        }
    }

    /// `--store Reports/` said "disk I/O error … Check that the directory exists and is writable".
    @Test func aDirectoryIsNamedAsOne() async throws {
        let directory = NSTemporaryDirectory() + "canopy-first-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        #expect {
            _ = try SQLiteHistoryStore(path: directory)
        } throws: { error in
            let text = "\(error)"
            return text.contains("names a directory") && text.contains("--store \(directory)/history.sqlite")
                && !text.contains("I/O error")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "nothing written into the directory")
    }

    /// A full disk under the store said "If the store was edited by hand, restore it from a
    /// backup" and left a 6 MB `-wal` behind. The store's size limit fails the write the way a
    /// full disk does (SQLITE_FULL).
    @Test func aFullDiskSaysSoAndLeavesNoWAL() async throws {
        let directory = NSTemporaryDirectory() + "canopy-first-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        let store = try SQLiteHistoryStore(path: path)
        let (small, smallDigest) = RunFactory.bulk(key: "small", night: 1, count: 20)
        #expect(try await store.store(small, digest: smallDigest) == .inserted)
        let pages = try #require(Int(try store.pragma("page_count") ?? ""))
        _ = try store.pragma("max_page_count = \(pages + 8)")
        let (big, bigDigest) = RunFactory.bulk(key: "big", night: 2, count: 5_000)
        await #expect {
            _ = try await store.store(big, digest: bigDigest)
        } throws: { error in
            guard case .diskFull? = error as? HistoryError else { return false }
            let text = "\(error)"
            return text.contains("the disk is full") && text.contains("no space left in \(directory)")
                && !text.contains("edited by hand")
        }
        #expect(try await store.runs(in: .all).map(\.key) == ["small"])
        await store.close()
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        #expect(wal == 0, "\(wal) bytes of WAL left behind")
        let reopened = try SQLiteHistoryStore(path: path)
        #expect(try await reopened.runs(in: .all).map(\.key) == ["small"])
        #expect(try reopened.integrityCheck() == "ok")
        await reopened.close()
    }
}

/// PostgreSQL: concurrent first use creates the schema once (under an advisory lock), and a server
/// that answers "starting up" (57P03) is waited for when the store opens (5 of 20 restarts in
/// `make soak` exited 2 instead).
@Suite struct PostgresFirstWritersTests {
    @Test func firstWritersOnANewDatabaseLoseNoRun() async throws {
        guard StoreKind.postgresURL != nil else { return }
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
        // A window far longer than the pauses, so a loaded machine cannot spend it first.
        let policy = PostgresRetryPolicy(attempts: 3, window: 120)
        let starting = HistoryError.cannotOpen(location: "postgres://canopy@db:5432/canopy", reason: "the database system is starting up (SQLSTATE 57P03)", advice: .postgresStarting)
        let refused = HistoryError.cannotOpen(location: "postgres://canopy@db:1/canopy", reason: "connectionError: connection refused", advice: .postgresUnreachable)
        for outage in [starting, refused] {
            let waits = Counter()
            let opens = Counter()
            try await PostgresHistoryStore.retrying(policy, awaitServer: { _ in waits.add(); return true }) {
                if opens.add() < 3 { throw outage }
            }
            #expect(opens.value == 3 && waits.value == 2)
        }

        // Past every attempt: the last error, which says what to do and how long it was waited for.
        await #expect {
            try await PostgresHistoryStore.retrying(policy, awaitServer: { _ in true }) { throw starting }
        } throws: { "\($0)".contains("still starting up: retry") && "\($0)".contains("tried 3 times within 120 s") }

        // A server that does not come back ends the wait at once, with the last failure.
        let tries = Counter()
        await #expect {
            try await PostgresHistoryStore.retrying(policy, awaitServer: { _ in false }) {
                tries.add()
                throw refused
            }
        } throws: { "\($0)".contains("did not accept connections again within 120 s") && "\($0)".contains("URL") }
        #expect(tries.value == 1)

        // A failed login or a rejected statement is not an outage: no retry.
        let login = HistoryError.cannotOpen(location: "postgres://canopy@db:5432/canopy", reason: "password authentication failed (SQLSTATE 28P01)", advice: .postgresServer)
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

/// A thread-safe count.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    /// Adds one and returns the new count.
    @discardableResult func add() -> Int { lock.withLock { count += 1; return count } }
}
