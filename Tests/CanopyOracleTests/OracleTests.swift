import Foundation
import Testing

/// The oracle: seeded scenarios with ground truth, `canopy` run on each, every invariant checked
/// over everything it wrote. `CANOPY_ORACLE_SCENARIOS` (200) scenarios from `CANOPY_ORACLE_SEED` (1)
/// on, two at a time; `make verify SEED=123 SCENARIOS=1` replays one. A scenario's directory is
/// kept when an invariant broke, or always with `CANOPY_ORACLE_KEEP` set.
@Suite("The oracle")
struct OracleTests {
    static var scenarioCount: Int {
        Int(ProcessInfo.processInfo.environment["CANOPY_ORACLE_SCENARIOS"] ?? "") ?? 200
    }
    static var firstSeed: UInt64 { UInt64(ProcessInfo.processInfo.environment["CANOPY_ORACLE_SEED"] ?? "") ?? 1 }
    static var workers: Int { Int(ProcessInfo.processInfo.environment["CANOPY_ORACLE_JOBS"] ?? "") ?? 2 }

    /// One directory per test process, so that two runs of the oracle on one machine never share one.
    static let root = NSTemporaryDirectory() + "canopy-oracle-\(ProcessInfo.processInfo.processIdentifier)"

    struct Outcome {
        var seed: UInt64
        var violations: [Violation]
        var directory: String
        var summary: String
        /// Seconds in canopy and in the checks.
        var canopySeconds: Double = 0
        var checkSeconds: Double = 0
    }

    /// Runs one scenario and checks it; its directory is kept when an invariant broke.
    static func check(seed: UInt64) -> Outcome {
        let directory = root + "/seed-\(seed)"
        do {
            let (scenario, outputs) = try ScenarioRunner.run(Scenario(seed: seed), root: directory)
            let checking = Date()
            var invariants = Invariants(scenario: scenario, outputs: outputs)
            invariants.checkAll()
            let checkSeconds = Date().timeIntervalSince(checking)
            let canopySeconds =
                ([outputs.run] + outputs.ingests + [outputs.report, outputs.trend, outputs.list].compactMap { $0 })
                .map(\.seconds).reduce(0, +)
            let fates = Dictionary(grouping: scenario.tests, by: \.fate).map { "\($0.key.rawValue) \($0.value.count)" }
            let summary =
                "\(scenario.runs.count) runs\(scenario.isPullRequest ? " (last a pull request)" : ""), \(scenario.tests.count) tests: \(fates.sorted().joined(separator: ", "))"
            if invariants.violations.isEmpty && ProcessInfo.processInfo.environment["CANOPY_ORACLE_KEEP"] == nil {
                try? FileManager.default.removeItem(atPath: directory)
            } else {
                try?
                    (invariants.truth.dump(scenario) + "\nviolations:\n"
                    + invariants.violations.map { "  \($0)" }.joined(separator: "\n") + "\n")
                    .write(toFile: directory + "/oracle.txt", atomically: true, encoding: .utf8)
            }
            return Outcome(
                seed: seed, violations: invariants.violations, directory: directory, summary: summary,
                canopySeconds: canopySeconds, checkSeconds: checkSeconds)
        } catch {
            return Outcome(
                seed: seed, violations: [Violation(invariant: "the oracle ran", surfaces: [], detail: "\(error)")],
                directory: directory, summary: "")
        }
    }

    /// The seeds, `workers` at a time, each on a thread of its own (they wait on processes).
    static func checkAll(seeds: [UInt64], workers: Int) async -> [Outcome] {
        final class Box: @unchecked Sendable {
            let lock = NSLock()
            var next = 0
            var outcomes: [Outcome] = []
        }
        let box = Box()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, workers) {
                group.addTask {
                    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                        Thread {
                            while true {
                                box.lock.lock()
                                let index = box.next
                                box.next += 1
                                box.lock.unlock()
                                if index >= seeds.count { break }
                                let outcome = check(seed: seeds[index])
                                box.lock.lock()
                                box.outcomes.append(outcome)
                                box.lock.unlock()
                            }
                            continuation.resume()
                        }.start()
                    }
                }
            }
        }
        return box.outcomes.sorted { $0.seed < $1.seed }
    }

    @Test("seeded scenarios: every invariant holds on everything canopy writes")
    func scenarios() async throws {
        let seeds = (0..<UInt64(Self.scenarioCount)).map { Self.firstSeed + $0 }
        let started = Date()
        let outcomes = await Self.checkAll(seeds: seeds, workers: Self.workers)
        let failing = outcomes.filter { !$0.violations.isEmpty }
        if failing.isEmpty && ProcessInfo.processInfo.environment["CANOPY_ORACLE_KEEP"] == nil {
            try? FileManager.default.removeItem(atPath: Self.root)
        }
        var report: [String] = []
        var byInvariant: [String: [UInt64]] = [:]
        for outcome in failing {
            for violation in outcome.violations { byInvariant[violation.invariant, default: []].append(outcome.seed) }
            report.append(
                "seed \(outcome.seed) (\(outcome.summary)); kept in \(outcome.directory) (ground truth: oracle.txt); replay: make verify SEED=\(outcome.seed) SCENARIOS=1"
            )
            for violation in outcome.violations.prefix(12) { report.append("  \(violation)") }
            if outcome.violations.count > 12 { report.append("  … \(outcome.violations.count - 12) more") }
        }
        let elapsed = Date().timeIntervalSince(started)
        print(
            "oracle: \(outcomes.count) scenario(s) from seed \(Self.firstSeed) in \(String(format: "%.1f", elapsed)) s (canopy \(String(format: "%.1f", outcomes.map(\.canopySeconds).reduce(0, +))) s, checks \(String(format: "%.1f", outcomes.map(\.checkSeconds).reduce(0, +))) s), \(failing.count) with violations"
        )
        for (invariant, seeds) in byInvariant.sorted(by: { $0.key < $1.key }) {
            let unique = Array(Set(seeds)).sorted()
            print("oracle: [\(invariant)] \(unique.count) scenario(s), e.g. seed \(unique[0])")
        }
        #expect(failing.isEmpty, Comment(rawValue: report.prefix(400).joined(separator: "\n")))
    }
}
