import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// Migration 12: a store's figures of failures count failed tests. The trend's causes come from
/// `failed_test_causes` (each failed test once, under its last attempt's first failure), and an
/// identifier node counts the distinct failed tests on its branch, never their failure messages.
@Suite struct FailedTestsMigrationTests {
    /// A run with a test failing twice on `Login.Submit` (its retry for another cause), a test
    /// failing without a stored message and a test passing on retry on `Checkout.PayButton`.
    static func run() -> (Run, RunDigest) {
        var (run, digest) = RunFactory.run(
            key: "a", commit: "c1", night: 1,
            tests: [
                .init(
                    className: "LoginTests", name: "testLogin()", outcomes: [.failed, .error],
                    identifier: "Login.Submit"),
                .init(className: "LoginTests", name: "testSilent()", outcomes: [.failed]),
                HistoryStoreTests.checkout,
                .init(className: "LoginTests", name: "testLogout()", outcomes: [.passed]),
            ],
            nodes: [
                IdentifierNodeDigest(
                    path: "Login", parent: nil, tests: 1, failed: 1, passedOnRetry: 0, auditIssues: 0, auditErrors: 0),
                IdentifierNodeDigest(
                    path: "Login.Submit", parent: "Login", tests: 1, failed: 1, passedOnRetry: 0, auditIssues: 0,
                    auditErrors: 0),
                IdentifierNodeDigest(
                    path: "Checkout", parent: nil, tests: 1, failed: 0, passedOnRetry: 1, auditIssues: 0, auditErrors: 0
                ),
            ])
        // The retry failed for another cause; the silent test's failure was never read.
        for index in digest.failures.indices
        where digest.failures[index].testKey.contains("testLogin") && digest.failures[index].attemptIndex == 1 {
            digest.failures[index].category = "simulatorCrash"
        }
        digest.failures.removeAll { $0.testKey.contains("testSilent") }
        digest.failedTestsByCause = RunFactory.failedTestsByCause(run, failures: digest.failures)
        return (run, digest)
    }

    @Test("a digest's causes: the last attempt's first failure, `unknown` without one, none for a retry that passed")
    func causesOfARun() {
        #expect(Self.run().1.failedTestsByCause == ["simulatorCrash": 1, FailedTestCause.unknown: 1])
    }

    @Test(arguments: StoreKind.available)
    func aStoredRunReadsItsFailedTests(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            let (run, digest) = Self.run()
            _ = try await store.store(run, digest: digest)
            let point = try #require(try await store.trend(in: .all).first)
            #expect(point.failed == 2 && point.passedOnRetry == 1)
            #expect(point.failedTestsByCause == ["simulatorCrash": 1, FailedTestCause.unknown: 1])
        }
    }

    /// A store of schema 11 kept no causes and counted its nodes' failure messages: migration 12
    /// gives each run its failed tests by cause and each node its failed tests, from the stored
    /// tests and failures.
    @Test(arguments: StoreKind.available)
    func aSchema11StoreCountsFailedTests(_ kind: StoreKind) async throws {
        let rewound = try await TestStore.make(kind)
        let store = try await rewound.open()
        let (run, digest) = Self.run()
        _ = try await store.store(run, digest: digest)
        await store.close()
        // As a schema 11 writer left it: no causes, two failure messages on the Login branch.
        try await Schema8Store.execute(
            [
                "DROP TABLE failed_test_causes",
                "UPDATE identifier_nodes SET failures = 2 WHERE path IN ('Login', 'Login.Submit')",
            ], on: rewound, forgetting: [.v12FailedTests])
        try await rewound.with { store async throws in
            #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
            let point = try #require(try await store.trend(in: .all).first)
            #expect(point.failedTestsByCause == ["simulatorCrash": 1, FailedTestCause.unknown: 1])
            let nodes = Dictionary(
                try await store.identifierNodes(runKey: "a").map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            #expect(nodes["Login"]?.failed == 1 && nodes["Login.Submit"]?.failed == 1, "\(nodes)")
            #expect(nodes["Checkout"]?.failed == 0 && nodes["Checkout"]?.passedOnRetry == 1)
        }
    }
}
