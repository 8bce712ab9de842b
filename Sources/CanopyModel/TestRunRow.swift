import Foundation

/// One test in one stored run: the facts flakiness needs, without messages or output.
package struct TestRunRow: Sendable, Equatable, Hashable, Codable {
    package var runKey: String
    package var commit: String?
    package var startedAt: Date?
    /// `TestKey`'s string form (device and configuration included when the key names them).
    package var testKey: String
    /// The device and test-plan configuration the key names; nil when it names none.
    package var device: String?
    package var configuration: String?
    /// The run's OS version: the same test on another OS is tracked apart.
    package var osVersion: String?
    package var outcome: TestOutcome
    package var attempts: Int
    /// Attempts that failed or errored.
    package var failedAttempts: Int
    /// Failed attempts whose every analysed failure is in an infrastructure category.
    package var infrastructureFailedAttempts: Int
    package var duration: Double?

    package init(
        runKey: String, commit: String?, startedAt: Date?, testKey: String, device: String?, osVersion: String?,
        outcome: TestOutcome, attempts: Int, failedAttempts: Int, infrastructureFailedAttempts: Int,
        duration: Double? = nil, configuration: String? = nil
    ) {
        self.runKey = runKey
        self.commit = commit
        self.startedAt = startedAt
        self.testKey = testKey
        self.device = device
        self.configuration = configuration
        self.osVersion = osVersion
        self.outcome = outcome
        self.attempts = attempts
        self.failedAttempts = failedAttempts
        self.infrastructureFailedAttempts = infrastructureFailedAttempts
        self.duration = duration
    }

    /// The rows of every test of `run`, with infrastructure counts taken from `digest`.
    package static func rows(for run: Run, digest: RunDigest) -> [TestRunRow] {
        countingInfrastructure(rows(for: run), run: run, digest: digest)
    }

    /// The rows of every test of `run` before analysis: no attempt counted as infrastructure yet.
    /// Independent of the analysis, so `canopy run` makes them beside it.
    package static func rows(for run: Run) -> [TestRunRow] {
        let key = run.metadata.runKey ?? ""
        return run.tests.map { test in
            TestRunRow(
                runKey: key, commit: run.metadata.commit, startedAt: run.metadata.startedAt, testKey: test.identity.key,
                device: test.identity.device, osVersion: run.metadata.osVersion,
                outcome: test.outcome, attempts: test.attempts.count,
                failedAttempts: test.attempts.reduce(0) { $0 + ($1.outcome.isFailure ? 1 : 0) },
                infrastructureFailedAttempts: 0, duration: test.duration,
                configuration: test.identity.configuration.flatMap { $0.isEmpty ? nil : $0 })
        }
    }

    /// The row's key, read back from its string form (`TestKey.init(stored:device:configuration:)`).
    package var key: TestKey { TestKey(stored: testKey, device: device, configuration: configuration) }

    /// `rows` (from `rows(for:)`) with each test's failed attempts whose every analysed failure is
    /// infrastructure counted. Only tests that failed an attempt are looked up.
    package static func countingInfrastructure(_ rows: [TestRunRow], run: Run, digest: RunDigest) -> [TestRunRow] {
        var byTest: [String: [Int: [Bool]]] = [:]
        for failure in digest.failures {
            byTest[failure.testKey, default: [:]][failure.attemptIndex, default: []].append(failure.isInfrastructure)
        }
        guard !byTest.isEmpty else { return rows }
        var rows = rows
        for index in rows.indices where rows[index].failedAttempts > 0 {
            guard let digests = byTest[rows[index].testKey] else { continue }
            var infrastructure = 0
            for (attemptIndex, attempt) in run.tests[index].attempts.enumerated() where attempt.outcome.isFailure {
                if let flags = digests[attemptIndex], !flags.isEmpty, flags.allSatisfy({ $0 }) { infrastructure += 1 }
            }
            rows[index].infrastructureFailedAttempts = infrastructure
        }
        return rows
    }
}

extension TestRunRow {
    /// The most results of one test a history strip holds: the latest runs the strips read
    /// (`CommandContext.testHistory`) and show (`DashboardTestHistory`).
    package static let stripLimit = 20
}
