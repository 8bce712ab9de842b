import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// Runs `body` on `count` threads of their own, released together at a barrier, and returns
/// each thread's result in thread order. The caller awaits them without holding a thread of the
/// concurrency pool: the threads' `blocking` work runs on that pool, and a caller blocked on it
/// (with other tests doing the same on 2 cores) would leave that work no thread to run on.
func onThreadsAtOnce<T: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) async -> [T] {
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
    await withCheckedContinuation { continuation in done.notify(queue: .global()) { continuation.resume() } }
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
            let outcomes = await onThreadsAtOnce(Self.writers) { writer -> String in
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
            #expect(
                failures.isEmpty,
                "trial \(trial): \(failures.count) of \(Self.writers) writers failed: \(failures.first ?? "")")
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
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty, "nothing written into the directory"
        )
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
