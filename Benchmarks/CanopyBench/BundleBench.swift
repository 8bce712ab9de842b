import CanopyBundleFixtures
import Foundation

/// `CanopyBench bundle DIR [--tests N] [--failures N] [--screenshots N] [--screenshot-bytes N]`:
/// writes a generated `.xcresult` bundle (`DIR/bench.xcresult`) and its `get test-results tests`
/// JSON twin (`DIR/bench-bundle.json`) for `bench/run.sh` to time `canopy inspect --summary` and
/// `canopy run` on. Defaults: 100,000 test runs, 20,000 failures, 2,000 screenshots of 20,000
/// bytes each (incompressible, so each payload's zstd frame is as large).
enum BundleBench {
    static func run(_ arguments: [String]) throws {
        guard let directory = arguments.first else {
            throw BenchError.usage("bundle DIR [--tests N] [--failures N] [--screenshots N] [--screenshot-bytes N]")
        }
        func value(_ flag: String, _ fallback: Int) -> Int {
            guard let index = arguments.firstIndex(of: flag), index + 1 < arguments.count,
                let number = Int(arguments[index + 1])
            else { return fallback }
            return number
        }
        let spec = XCResultBundleSamples.large(
            tests: value("--tests", 100_000), failures: value("--failures", 20_000),
            screenshots: value("--screenshots", 2_000),
            screenshotBytes: value("--screenshot-bytes", 20_000))
        let bundle = directory + "/bench.xcresult"
        try? FileManager.default.removeItem(atPath: bundle)
        let start = Date()
        try XCResultBundleWriter.write(spec, to: bundle)
        try XCResultJSONTwin.json(spec).write(to: URL(fileURLWithPath: directory + "/bench-bundle.json"))
        print("bundle.generated: \(bundle) in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
    }
}
