import CanopyModel
import Foundation

/// Builds runs and digests by hand for store and history tests.
enum RunFactory {
    static let epoch = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01

    /// One scripted test in a run: its attempts, and per failed attempt whether it is infrastructure.
    struct ScriptedTest {
        var className: String
        var name: String
        var outcomes: [Outcome]
        var infrastructure: Bool = false
        var identifier: String?
        var device: String? = "iPhone 16"
        /// Each attempt's duration.
        var seconds: Double? = 1.5
    }

    static func run(
        key: String, commit: String?, branch: String? = "main", night: Double, os: String = "18.2",
        tests: [ScriptedTest], auditIssues: [AuditIssue] = [], coverage: [CoverageFigure] = [],
        nodes: [IdentifierNodeDigest] = []
    ) -> (Run, RunDigest) {
        var metadata = RunMetadata(
            runKey: key, commit: commit, branch: branch, ciProvider: "github", buildID: key,
            buildURL: "https://ci.example/builds/\(key)", attempt: 1, device: "iPhone 16", osVersion: os,
            startedAt: epoch.addingTimeInterval(night * 86_400))
        metadata.title = "Nightly \(key)"
        var cases: [TestCase] = []
        var failures: [FailureDigest] = []
        for test in tests {
            let identity = TestIdentity(
                bundle: "AppUITests", className: test.className, name: test.name, device: test.device)
            var attempts: [Attempt] = []
            for (index, outcome) in test.outcomes.enumerated() {
                var attempt = Attempt(
                    outcome: outcome, duration: test.seconds, label: index == 0 ? "First Run" : "Retry \(index)")
                if outcome.isFailure {
                    let message = "failed at \(test.identifier ?? "?"), attempt \(index)"
                    attempt.failures = [Failure(message: message)]
                    failures.append(
                        FailureDigest(
                            testKey: identity.key, attemptIndex: index,
                            category: test.infrastructure ? "simulatorCrash" : "elementNotFound",
                            isInfrastructure: test.infrastructure,
                            fingerprint: (test.infrastructure ? "infra-" : "app-") + test.name,
                            normalizedMessage: "failed at {id}, attempt \(index)", identifier: test.identifier,
                            message: message))
                }
                attempts.append(attempt)
            }
            cases.append(TestCase(identity: identity, attempts: attempts))
        }
        let run = Run(metadata: metadata, tests: cases, auditIssues: auditIssues)
        var digest = RunDigest(failures: failures, coverage: coverage, identifierNodes: nodes)
        digest.failedTestsByCause = failedTestsByCause(run, failures: failures)
        return (run, digest)
    }

    /// The failed tests of `run` by cause (`FailedTestCause`), as analysis puts them in a digest.
    static func failedTestsByCause(_ run: Run, failures: [FailureDigest]) -> [String: Int] {
        let failed = Set(run.tests.filter { $0.outcome == .failed }.map(\.identity.key))
        let causes = FailedTestCause.positions(in: failures, test: \.testKey, attempt: \.attemptIndex) {
            failed.contains($0.testKey)
        }
        return FailedTestCause.counts(failedTests: run.tests.map(\.identity.key).filter(failed.contains)) {
            causes[$0].map { failures[$0].category }
        }
    }

    /// A run of `count` passing tests (with one failing one when `failing`), for bulk tests.
    static func bulk(key: String, night: Double, count: Int, branch: String = "main") -> (Run, RunDigest) {
        let tests = (0..<count).map { ScriptedTest(className: "Bulk", name: "test\($0)", outcomes: [.passed]) }
        return run(key: key, commit: "c-\(key)", branch: branch, night: night, tests: tests)
    }

    static func issue(_ type: String, _ identifier: String, severity: AuditIssue.Severity = .error) -> AuditIssue {
        AuditIssue(
            auditType: type, severity: severity, compactDescription: "\(type) on \(identifier)",
            element: ElementReference(identifier: identifier, label: "Pay", elementType: "button"), screen: "Checkout",
            test: "Checkout/testPay", origin: .auditFile, source: "audit.json")
    }
}
