import CanopyAnalysis
import CanopyHistory
import CanopyModel
import Foundation

/// Synthetic nightly runs: `failing` of the tests fail sometimes (half of those flaky by retry,
/// a quarter failing outright in streaks, a quarter in infrastructure).
enum SyntheticHistory {
    static let epoch = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01

    /// The run of night `night` over `tests` generated tests (`Suite0/test0()` …, on iPhone 16),
    /// started `night` days after `epoch`.
    static func run(key: String, night: Int, tests count: Int, failing: Double) -> (Run, RunDigest) {
        let identities = (0..<count).map {
            TestIdentity(className: "Suite\($0 / 100)", name: "test\($0)()", device: "iPhone 16")
        }
        return run(
            key: key, night: night, identities: identities, failing: failing,
            startedAt: epoch.addingTimeInterval(Double(night) * 86_400))
    }

    /// The run of night `night` (which picks the failures: the same night fails the same tests)
    /// over `identities`, on branch `main`, started at `startedAt`.
    static func run(
        key: String, night: Int, identities: [TestIdentity], failing: Double, startedAt: Date
    ) -> (Run, RunDigest) {
        let metadata = RunMetadata(
            runKey: key, commit: "c\(night)", branch: "main", ciProvider: "github", buildID: key, attempt: 1,
            device: "iPhone 16", osVersion: "18.2", startedAt: startedAt)
        let failingTests = Int(Double(identities.count) * failing)
        var tests: [TestCase] = []
        tests.reserveCapacity(identities.count)
        var failures: [FailureDigest] = []
        for (index, identity) in identities.enumerated() {
            var outcomes: [Outcome] = [.passed]
            var infrastructure = false
            if index < failingTests {
                let hash = (index &* 2_654_435_761 &+ night &* 40_503) % 97
                switch index % 4 {
                case 0, 1: if hash < 15 { outcomes = [.failed, .passed] }
                case 2: if (night / 30 + index) % 3 == 0 { outcomes = [.failed, .failed] }
                default:
                    if hash < 10 {
                        outcomes = [.error, .passed]
                        infrastructure = true
                    }
                }
            }
            let attempts = outcomes.enumerated().map { attemptIndex, outcome in
                Attempt(
                    outcome: outcome, duration: 2.5, label: attemptIndex == 0 ? "First Run" : "Retry \(attemptIndex)")
            }
            for (attemptIndex, outcome) in outcomes.enumerated() where outcome.isFailure {
                failures.append(
                    FailureDigest(
                        testKey: identity.key, attemptIndex: attemptIndex,
                        category: infrastructure ? "simulatorCrash" : "elementNotFound",
                        isInfrastructure: infrastructure,
                        fingerprint: "fp\(index % 50)", normalizedMessage: "element {id} not found",
                        identifier: "Screen\(index % 12).Button"))
            }
            tests.append(TestCase(identity: identity, attempts: attempts))
        }
        let digest = RunDigest(
            failures: failures,
            coverage: [CoverageFigure(scope: .overall, name: "", interactive: 1_000, identified: 700 + night % 100)])
        return (Run(metadata: metadata, tests: tests), digest)
    }
}
