import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

/// `CanopyBench store …`: history store figures, and the ingest loop the kill test drives.
///
/// - `store ingest-loop DB COUNT TESTS [staged]`: ingests runs `loop-0…` of TESTS tests into DB (a path or
///   postgres:// URL), printing `begin N` just before storing and `stored N inserted|alreadyStored` after.
///   `staged` stores as `canopy run` does: `beginStore`, then `finish` after a 0.5 s "analysis".
/// - `store bench [--store DB] [--runs 365] [--tests 20000] [--large 90000] [--failing 0.02] [--full-scan yes]
///   [--populate no]`: ingest time of one large run, then trend and flakiness query times over a runs × tests
///   history (and, with `--full-scan yes`, a cursor over every test row). `--populate no` reuses a store
///   an earlier bench filled (it must hold exactly one such history) and measures the queries only.
/// - `store metrics …`: the bytes per stored XCTMetric measurement (`MetricStoreBench`).
enum StoreBench {
    static func run(_ arguments: [String]) throws {
        guard let command = arguments.first else {
            throw BenchError.usage(
                "store ingest-loop DB COUNT TESTS | store bench [--store DB] [--runs N] [--tests N] [--large N]")
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "ingest-loop": try blocking { try await ingestLoop(rest) }
        case "bench": try blocking { try await bench(rest) }
        case "populate": try populate(rest)
        case "count": try count(rest)
        case "metrics": try blocking { try await MetricStoreBench.run(rest) }
        default: throw BenchError.usage("store ingest-loop|bench|populate|count|metrics …")
        }
    }

    static func ingestLoop(_ arguments: [String]) async throws {
        guard arguments.count >= 3, let count = Int(arguments[1]), let tests = Int(arguments[2]) else {
            throw BenchError.usage("store ingest-loop DB COUNT TESTS [staged]")
        }
        let staged = arguments.count > 3 && arguments[3] == "staged"
        let store = try await HistoryStores.open(arguments[0])
        for index in 0..<count {
            let (run, digest) = SyntheticHistory.run(key: "loop-\(index)", night: index, tests: tests, failing: 0.02)
            say("begin \(index)")  // after building the run: the kill test aims inside the store call
            let result: IngestResult
            if staged {
                let pending = store.beginStore(run)
                try await Task.sleep(nanoseconds: 500_000_000)
                result = try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
            } else {
                result = try await store.store(run, digest: digest)
            }
            say("stored \(index) \(result.rawValue)")
        }
        await store.close()
    }

    static func bench(_ arguments: [String]) async throws {
        var options: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count {
            options[arguments[index].replacingOccurrences(of: "--", with: "")] = arguments[index + 1]
            index += 2
        }
        let runs = Int(options["runs"] ?? "") ?? 365
        let tests = Int(options["tests"] ?? "") ?? 20_000
        let large = Int(options["large"] ?? "") ?? 90_000
        let failing = Double(options["failing"] ?? "") ?? 0.02
        let location =
            options["store"] ?? NSTemporaryDirectory() + "canopy-store-bench-\(UUID().uuidString)/history.sqlite"
        let store = try await HistoryStores.open(location)
        say("store.location: \(store.location)")
        if options["populate"] != "no" {
            try await populate(store, runs: runs, tests: tests, large: large, failing: failing)
        }
        try await queries(store, runs: runs, fullScan: options["full-scan"] == "yes")
        let results = try await store.trend(in: .all).reduce(0) { $0 + $1.tests }
        await store.close()
        if case .sqlite(let path) = try StoreLocation(parsing: location) {
            bytesPerResult(path: path, results: results)
        }
    }

    /// Prints the SQLite file and its `-wal` in bytes ÷ the `results` stored in it. Measured once the
    /// store is closed: an open store's `-wal` holds pages that its checkpoint writes into the file.
    static func bytesPerResult(path: String, results: Int) {
        let bytes = [path, path + "-wal"].reduce(0) { total, file in
            total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
        }
        say("store.bytes: \(bytes)  results: \(results)")
        say("store.bytesPerResult: \(results > 0 ? bytes / results : 0) (target <= 40)")
    }

    /// Ingests one large run, then `runs` nightly runs of `tests` tests.
    static func populate(_ store: any HistoryStore, runs: Int, tests: Int, large: Int, failing: Double) async throws {
        let (big, bigDigest) = SyntheticHistory.run(
            key: "large-\(UUID().uuidString)", night: -1, tests: large, failing: failing)
        var started = Date()
        _ = try await store.store(big, digest: bigDigest)
        say("store.ingest.large.tests: \(large)")
        say("store.ingest.large.seconds: \(seconds(since: started))")

        started = Date()
        let prefix = UUID().uuidString.prefix(8)
        for night in 0..<runs {
            let (run, digest) = SyntheticHistory.run(
                key: "h-\(prefix)-\(night)", night: night, tests: tests, failing: failing)
            _ = try await store.store(run, digest: digest)
        }
        let populate = Date().timeIntervalSince(started)
        say("store.history.runs: \(runs)  tests: \(tests)")
        say(
            "store.history.ingest.seconds: \(String(format: "%.1f", populate))  per-run: \(String(format: "%.3f", populate / Double(max(runs, 1))))"
        )
    }

    /// Times the trend and flakiness reads over the stored history.
    static func queries(_ store: any HistoryStore, runs: Int, fullScan: Bool) async throws {
        var started = Date()
        let trend = try await store.trend(in: .all)
        say("store.query.trend.seconds: \(seconds(since: started))  points: \(trend.count)")

        started = Date()
        let window = HistoryWindow(days: 30, until: SyntheticHistory.epoch.addingTimeInterval(Double(runs) * 86_400))
        let recent = try await store.trend(in: window)
        say("store.query.trend30d.seconds: \(seconds(since: started))  points: \(recent.count)")

        started = Date()
        var accumulator = FlakinessAccumulator()
        var rows = 0
        try await store.forEachTestRun(in: .all, onlyTestsWithFailures: true) {
            rows += 1
            accumulator.add($0)
        }
        let results = accumulator.finish()
        say(
            "store.query.flakiness.seconds: \(seconds(since: started))  rows: \(rows)  tests: \(results.count)  flaky: \(results.filter { $0.state == .flaky }.count)"
        )

        // The same read without the analysis: SQL and decoding into rows only.
        started = Date()
        var streamed = 0
        try await store.forEachTestRun(in: .all, onlyTestsWithFailures: true) { _ in streamed += 1 }
        say("store.query.flakinessRowsOnly.seconds: \(seconds(since: started))  rows: \(streamed)")

        started = Date()
        var failures: [FailureRow] = []
        try await store.forEachFailure(in: .all) { failures.append($0) }
        let elements = FlakinessAnalyzer().flakyElements(failures: failures, tests: results)
        say(
            "store.query.flakyElements.seconds: \(seconds(since: started))  failures: \(failures.count)  elements: \(elements.count)"
        )

        if fullScan {
            started = Date()
            var all = 0
            try await store.forEachTestRun(in: .all, onlyTestsWithFailures: false) { _ in all += 1 }
            say("store.query.fullScan.seconds: \(seconds(since: started))  rows: \(all)")
        }
    }

    static func seconds(since start: Date) -> String { String(format: "%.3f", Date().timeIntervalSince(start)) }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Runs async work from the synchronous bench entry point.
    static func blocking(_ work: @escaping @Sendable () async throws -> Void) throws {
        let outcome = ErrorBox()
        let done = DispatchSemaphore(value: 0)
        Task {
            do { try await work() } catch { outcome.set(error) }
            done.signal()
        }
        done.wait()
        if let error = outcome.error { throw error }
    }

    final class ErrorBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: (any Error)?
        func set(_ error: any Error) { lock.withLock { stored = error } }
        var error: (any Error)? { lock.withLock { stored } }
    }
}
