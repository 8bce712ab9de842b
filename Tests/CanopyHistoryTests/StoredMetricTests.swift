import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// `test_metrics` (migration 13): each test attempt's XCTMetrics, per run, the measurements packed
/// into one blob, read back exactly, removed with their run by pruning.
@Suite struct StoredMetricTests {
    static let launch = MetricMeasurement(
        identifier: "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration", displayName: "Duration (AppLaunch)",
        unit: "s", polarity: .prefersSmaller, measurements: [5.2871, 2.7413, 2.9337, 3.1085, 2.8126],
        thresholds: .init(
            maxRegression: 0.1, maxPercentRegression: 10, maxStandardDeviation: 0.1,
            maxPercentRelativeStandardDeviation: 10))
    static let time = MetricMeasurement(
        identifier: "com.apple.XCTPerformanceMetric_WallClockTime", displayName: "Time", unit: "seconds",
        polarity: .prefersSmaller,
        measurements: [1.9042, 1.2311, 1.2106, 1.2487, 1.2259, 1.2398, 1.2175, 1.2533, 1.2294, 1.2402])
    static let memory = MetricMeasurement(
        identifier: "com.apple.dt.XCTMetric_Memory.physical", unit: "kB", polarity: .prefersLarger,
        measurements: [], thresholds: .init(baselineName: "Local Baseline", baselineAverage: 81_234.5))

    /// A run whose `testLaunch` ran twice on each of two devices (the second attempt measuring
    /// launch and time, the iPad's also memory) beside a test that measures nothing.
    static func run(_ key: String, night: Double, scale: Double = 1) -> (Run, RunDigest) {
        var (run, digest) = RunFactory.run(
            key: key, commit: "c\(key)", night: night,
            tests: [
                .init(className: "AppUITests.LaunchTests", name: "testLaunch()", outcomes: [.failed, .passed]),
                .init(
                    className: "AppUITests.LaunchTests", name: "testLaunch()", outcomes: [.failed, .passed],
                    device: "iPad Air"),
                .init(className: "AppUITests.LaunchTests", name: "testPlain()", outcomes: [.passed]),
            ])
        var launch = Self.launch
        launch.measurements = launch.measurements.map { $0 * scale }
        run.tests[0].attempts[1].metrics = [launch, Self.time]
        run.tests[1].attempts[1].metrics = [Self.time, Self.memory]
        digest.failedTestsByCause = RunFactory.failedTestsByCause(run, failures: digest.failures)
        return (run, digest)
    }

    static func summary(_ metrics: [StoredMetric]) -> [String] {
        metrics.map { "\($0.runKey) \($0.testKey) \($0.device ?? "-") \($0.attempt) \($0.metric.identifier)" }
    }

    @Test(arguments: StoreKind.available)
    func metricsAreReadBackAsStored(_ kind: StoreKind) async throws {
        let first = Self.run("r1", night: 1)
        let second = Self.run("r2", night: 2, scale: 1.2)
        try await TestStore.make(kind).with { store async throws in
            // Stored out of time order: read back in the runs' order.
            _ = try await store.store(second.0, digest: second.1)
            _ = try await store.store(first.0, digest: first.1)
            let metrics = try await store.metrics(in: .all)
            let phone = "AppUITests.LaunchTests/testLaunch@iPhone 16"
            let pad = "AppUITests.LaunchTests/testLaunch@iPad Air"
            #expect(
                Self.summary(metrics) == [
                    "r1 \(pad) iPad Air 1 com.apple.XCTPerformanceMetric_WallClockTime",
                    "r1 \(pad) iPad Air 1 com.apple.dt.XCTMetric_Memory.physical",
                    "r1 \(phone) iPhone 16 1 com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration",
                    "r1 \(phone) iPhone 16 1 com.apple.XCTPerformanceMetric_WallClockTime",
                    "r2 \(pad) iPad Air 1 com.apple.XCTPerformanceMetric_WallClockTime",
                    "r2 \(pad) iPad Air 1 com.apple.dt.XCTMetric_Memory.physical",
                    "r2 \(phone) iPhone 16 1 com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration",
                    "r2 \(phone) iPhone 16 1 com.apple.XCTPerformanceMetric_WallClockTime",
                ])
            #expect(metrics[2].metric == Self.launch, "every value to the bit, the producer's unit and thresholds")
            #expect(metrics[1].metric == Self.memory, "no measurements, a baseline, prefers larger")
            #expect(metrics[3].metric == Self.time)
            #expect(metrics[6].metric.measurements == Self.launch.measurements.map { $0 * 1.2 })
            // A window reads its runs' only.
            let latest = try await store.metrics(in: HistoryWindow(branch: "main", runs: 1))
            #expect(Set(latest.map(\.runKey)) == ["r2"])
            // The same run stored again adds nothing.
            #expect(try await store.store(first.0, digest: first.1) == .alreadyStored)
            #expect(try await store.metrics(in: .all).count == 8)
        }
    }

    @Test(arguments: StoreKind.available)
    func theStagedPathStoresThemToo(_ kind: StoreKind) async throws {
        let (run, digest) = Self.run("r1", night: 1)
        try await TestStore.make(kind).with { store async throws in
            let pending = store.beginStore(run)
            _ = try await pending.finish(digest: digest, testRows: TestRunRow.rows(for: run, digest: digest))
            #expect(try await store.metrics(in: .all).count == 4)
        }
    }

    @Test(arguments: StoreKind.available)
    func pruningARunRemovesItsMetrics(_ kind: StoreKind) async throws {
        let first = Self.run("r1", night: 1)
        let second = Self.run("r2", night: 2)
        try await TestStore.make(kind).with { store async throws in
            for (run, digest) in [first, second] { _ = try await store.store(run, digest: digest) }
            let plan = PrunePlan(
                runs: [.init(key: "r1", branch: "main", time: Date(timeIntervalSince1970: 0), targetBranch: true)],
                protected: 0, shardsStoredBefore: Date(timeIntervalSince1970: 0))
            #expect(try await store.prune(plan).runsDeleted == 1)
            let left = try await store.metrics(in: .all)
            #expect(Set(left.map(\.runKey)) == ["r2"])
            #expect(left.count == 4)
        }
    }

    @Test("the packed measurements: 8 bytes a value, little-endian, every double back to the bit")
    func packing() {
        let values = [5.2871, 0, -0.0, 1e-300, .greatestFiniteMagnitude, 2.7413]
        let bytes = TestMetricRows.pack(values)
        #expect(bytes.count == values.count * TestMetricRows.bytesPerMeasurement)
        #expect(Array(bytes.prefix(8)) == withUnsafeBytes(of: (5.2871).bitPattern.littleEndian) { Array($0) })
        #expect(TestMetricRows.unpack(bytes)?.map(\.bitPattern) == values.map(\.bitPattern))
        #expect(TestMetricRows.unpack([]) == [])
        #expect(TestMetricRows.unpack([1, 2, 3]) == nil)
    }

    @Test("a blob that is not whole values is a corrupt value naming the column")
    func corruptBlob() async throws {
        let (run, digest) = Self.run("r1", night: 1)
        try await TestStore.make(.sqlite).with { store async throws in
            _ = try await store.store(run, digest: digest)
            let sqlite = try #require(store as? SQLiteHistoryStore)
            try sqlite.execute("UPDATE test_metrics SET measurements = X'010203'")
            await #expect {
                _ = try await store.metrics(in: .all)
            } throws: { error in
                "\(error)".contains("test_metrics.measurements")
            }
        }
    }
}
