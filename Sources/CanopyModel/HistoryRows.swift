import Foundation

// Value types exchanged between history (`CanopyHistory`, which reads and writes them) and analysis
// (`CanopyAnalysis`, which takes them as values). Added for issue 5; existing model files are unchanged.

/// A run as history stores it: its key, metadata and totals, without tests.
public struct StoredRun: Sendable, Equatable, Hashable, Codable {
    /// `RunMetadata.runKey`, the run's identity in the store.
    public var key: String
    public var metadata: RunMetadata
    public var totals: RunTotals

    public init(key: String, metadata: RunMetadata, totals: RunTotals) {
        self.key = key
        self.metadata = metadata
        self.totals = totals
    }
}

/// One test in one stored run: the facts flakiness needs, without messages or output.
public struct TestRunRow: Sendable, Equatable, Hashable, Codable {
    public var runKey: String
    public var commit: String?
    public var startedAt: Date?
    /// `TestIdentity.key` (device and configuration included).
    public var testKey: String
    public var device: String?
    /// The run's OS version: the same test on another OS is tracked apart.
    public var osVersion: String?
    public var outcome: TestOutcome
    public var attempts: Int
    /// Attempts that failed or errored.
    public var failedAttempts: Int
    /// Failed attempts whose every analysed failure is in an infrastructure category.
    public var infrastructureFailedAttempts: Int
    public var duration: Double?

    public init(
        runKey: String, commit: String?, startedAt: Date?, testKey: String, device: String?, osVersion: String?,
        outcome: TestOutcome, attempts: Int, failedAttempts: Int, infrastructureFailedAttempts: Int,
        duration: Double? = nil
    ) {
        self.runKey = runKey
        self.commit = commit
        self.startedAt = startedAt
        self.testKey = testKey
        self.device = device
        self.osVersion = osVersion
        self.outcome = outcome
        self.attempts = attempts
        self.failedAttempts = failedAttempts
        self.infrastructureFailedAttempts = infrastructureFailedAttempts
        self.duration = duration
    }

    /// The rows of every test of `run`, with infrastructure counts taken from `digest`.
    public static func rows(for run: Run, digest: RunDigest) -> [TestRunRow] {
        var byTest: [String: [Int: [Bool]]] = [:]
        for failure in digest.failures {
            byTest[failure.testKey, default: [:]][failure.attemptIndex, default: []].append(failure.isInfrastructure)
        }
        let key = run.metadata.runKey ?? ""
        return run.tests.map { test in
            // The key is built once, and looked up only for a test that failed an attempt (most
            // pass): this ran twice per `canopy run` over every test.
            let testKey = test.identity.key
            var failed = 0
            var infrastructure = 0
            var digests: [Int: [Bool]]?
            for (index, attempt) in test.attempts.enumerated() where attempt.outcome.isFailure {
                failed += 1
                if digests == nil { digests = byTest[testKey] ?? [:] }
                if let flags = digests?[index], !flags.isEmpty, flags.allSatisfy({ $0 }) { infrastructure += 1 }
            }
            return TestRunRow(
                runKey: key, commit: run.metadata.commit, startedAt: run.metadata.startedAt, testKey: testKey,
                device: test.identity.device ?? run.metadata.device, osVersion: run.metadata.osVersion,
                outcome: test.outcome, attempts: test.attempts.count, failedAttempts: failed,
                infrastructureFailedAttempts: infrastructure, duration: test.duration)
        }
    }
}

/// One analysed failure in one stored run.
public struct FailureRow: Sendable, Equatable, Hashable, Codable {
    public var runKey: String
    public var commit: String?
    /// `TestIdentity.key`.
    public var testKey: String
    public var attemptIndex: Int
    public var category: String
    public var isInfrastructure: Bool
    public var fingerprint: String
    /// The identifier template the failure was mapped to, when any.
    public var identifier: String?

    public init(
        runKey: String, commit: String?, testKey: String, attemptIndex: Int, category: String, isInfrastructure: Bool,
        fingerprint: String, identifier: String?
    ) {
        self.runKey = runKey
        self.commit = commit
        self.testKey = testKey
        self.attemptIndex = attemptIndex
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.fingerprint = fingerprint
        self.identifier = identifier
    }
}

/// One run's figures in a trend series, as the store computes them.
public struct TrendPoint: Sendable, Equatable, Hashable, Codable {
    public var runKey: String
    public var commit: String?
    public var branch: String?
    public var startedAt: Date?
    public var tests: Int
    public var passed: Int
    public var failed: Int
    public var flaky: Int
    public var skipped: Int
    /// `passed / (tests - skipped)`, nil when nothing ran.
    public var passRate: Double?
    /// Sum of test durations, seconds.
    public var duration: Double
    public var auditIssues: Int
    /// Overall identifier coverage (`identified / interactive`), when recorded.
    public var coverage: Double?
    /// Analysed failures by category name.
    public var failuresByCategory: [String: Int]

    public init(
        runKey: String, commit: String?, branch: String?, startedAt: Date?, tests: Int, passed: Int, failed: Int,
        flaky: Int, skipped: Int, passRate: Double?, duration: Double, auditIssues: Int, coverage: Double?,
        failuresByCategory: [String: Int]
    ) {
        self.runKey = runKey
        self.commit = commit
        self.branch = branch
        self.startedAt = startedAt
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.flaky = flaky
        self.skipped = skipped
        self.passRate = passRate
        self.duration = duration
        self.auditIssues = auditIssues
        self.coverage = coverage
        self.failuresByCategory = failuresByCategory
    }
}
