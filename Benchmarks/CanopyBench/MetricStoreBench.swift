import CanopyBundleFixtures
import CanopyHistory
import CanopyModel
import Foundation

/// `CanopyBench store metrics [--runs 200] [--tests 200] [--measured 20] [--metrics 2] [--values 5]`: what
/// XCTMetric measurements cost a SQLite store. The same runs are stored twice, in fresh stores, with and
/// without metrics (the last attempt of `measured` tests a run measures `metrics` metrics of `values` values,
/// spread like a device's, relative standard deviation 5 %); the difference in bytes over the measurements
/// stored is the bytes per measurement, row and index overhead included (the packed values are 8 bytes).
enum MetricStoreBench {
    static func run(_ arguments: [String]) async throws {
        var options: [String: String] = [:]
        var index = 0
        while index + 1 < arguments.count {
            options[arguments[index].replacingOccurrences(of: "--", with: "")] = arguments[index + 1]
            index += 2
        }
        let runs = Int(options["runs"] ?? "") ?? 200
        let tests = Int(options["tests"] ?? "") ?? 200
        let measured = min(Int(options["measured"] ?? "") ?? 20, tests)
        let metrics = Int(options["metrics"] ?? "") ?? 2
        let values = Int(options["values"] ?? "") ?? 5
        let directory = NSTemporaryDirectory() + "canopy-metric-bench-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var generator = SplitMix(seed: 50)
        var sizes: [Int] = []
        var stored = 0
        for withMetrics in [false, true] {
            let path = directory + (withMetrics ? "/with.sqlite" : "/without.sqlite")
            let store = try await HistoryStores.open(path)
            for night in 0..<runs {
                var (run, digest) = SyntheticHistory.run(key: "m-\(night)", night: night, tests: tests, failing: 0)
                if withMetrics {
                    for test in 0..<measured {
                        let last = run.tests[test].attempts.count - 1
                        run.tests[test].attempts[last].metrics = (0..<metrics).map { metric in
                            MetricMeasurement(
                                identifier: "com.example.metric\(metric)", displayName: "Metric \(metric)", unit: "s",
                                polarity: .prefersSmaller,
                                measurements: (0..<values).map { _ in 3 * (1 + 0.05 * generator.normal()) },
                                thresholds: .init(maxPercentRegression: 10, maxPercentRelativeStandardDeviation: 10))
                        }
                    }
                }
                _ = try await store.store(run, digest: digest)
            }
            if withMetrics {
                let started = Date()
                let read = try await store.metrics(in: HistoryWindow(runs: 30))
                stored = runs * measured * metrics * values
                StoreBench.say(
                    "store.metrics.read30runs.seconds: \(StoreBench.seconds(since: started))  rows: \(read.count)")
            }
            await store.close()
            sizes.append(
                [path, path + "-wal"].reduce(0) { total, file in
                    total + ((try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0)
                })
        }
        let added = sizes[1] - sizes[0]
        StoreBench.say(
            "store.metrics.runs: \(runs)  measured tests: \(measured)  metrics: \(metrics)  values: \(values)  "
                + "measurements: \(stored)")
        StoreBench.say("store.metrics.bytes: \(added) (\(sizes[1]) with, \(sizes[0]) without)")
        StoreBench.say(
            "store.metrics.bytesPerMeasurement: \(String(format: "%.1f", Double(added) / Double(max(stored, 1)))) "
                + "(packed values: 8; the rest is the row, its key and thresholds, shared by a metric's values)")
    }
}
