import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// `test_identifiers` (migration 10): one row per identifier template and test, naming the last
/// run in which the test touched it, kept through later runs that do not touch it, deleted with
/// that run by pruning, and filled from the stored failures when an older store is migrated.
@Suite struct TestIdentifierStoreTests {
    static func run(_ key: String, night: Double, branch: String = "main", touches: [String: [String]]) -> (
        Run, RunDigest
    ) {
        var (run, digest) = RunFactory.run(
            key: key, commit: "c\(key)", branch: branch, night: night,
            tests: [
                .init(className: "AppUITests.CheckoutTests", name: "testPay()", outcomes: [.passed]),
                .init(className: "AppUITests.CheckoutTests", name: "testCoupon()", outcomes: [.passed]),
            ])
        digest.identifierTests = touches
        return (run, digest)
    }

    static let pay = "AppUITests.CheckoutTests/testPay@iPhone 16"
    static let coupon = "AppUITests.CheckoutTests/testCoupon@iPhone 16"

    static func pairs(_ history: TestIdentifierHistory) -> [String] {
        history.touches.map { "\($0.identifier) \($0.test.key) \($0.lastRunKey)" }
    }

    @Test(arguments: StoreKind.available)
    func aPairKeepsItsLastRunThroughRunsThatDoNotTouchIt(_ kind: StoreKind) async throws {
        let first = Self.run(
            "r1", night: 1, touches: ["Checkout.PayButton": [Self.pay], "Podcast-{id}-row": [Self.coupon]])
        let second = Self.run("r2", night: 2, touches: ["Podcast-{id}-row": [Self.coupon, Self.pay]])
        let third = Self.run("r3", night: 3, touches: [:])
        try await TestStore.make(kind).with { store async throws in
            let keys = [first, second, third].map { $0.0.tests[0].identity.key }
            #expect(keys[0] == Self.pay, "the fixture's key spelling")
            for (run, digest) in [first, second, third] { _ = try await store.store(run, digest: digest) }
            let history = try await store.testIdentifierHistory()
            #expect(history.runs == 3)
            #expect(
                Self.pairs(history) == [
                    "Checkout.PayButton \(Self.pay) r1", "Podcast-{id}-row \(Self.coupon) r2",
                    "Podcast-{id}-row \(Self.pay) r2",
                ])
            #expect(history.tests.map(\.key) == [Self.coupon, Self.pay])
            #expect(history.touches[0].test.className == "AppUITests.CheckoutTests")
            #expect(history.touches[0].test.name == "testPay()")
            // Evidence names the run by its commit and start, not by its key.
            #expect(history.touches.map(\.lastRunCommit) == ["cr1", "cr2", "cr2"])
            #expect(history.touches.allSatisfy { $0.lastRunStarted != nil })
            // The same run stored again changes nothing.
            #expect(try await store.store(first.0, digest: first.1) == .alreadyStored)
            #expect(Self.pairs(try await store.testIdentifierHistory()) == Self.pairs(history))
        }
    }

    @Test(arguments: StoreKind.available)
    func pruningARunDeletesThePairsWhoseLastRunItWas(_ kind: StoreKind) async throws {
        let first = Self.run("r1", night: 1, touches: ["Checkout.PayButton": [Self.pay], "Checkout.Total": [Self.pay]])
        let second = Self.run("r2", night: 2, touches: ["Checkout.Total": [Self.pay]])
        try await TestStore.make(kind).with { store async throws in
            for (run, digest) in [first, second] { _ = try await store.store(run, digest: digest) }
            let plan = PrunePlan(
                runs: [.init(key: "r1", branch: "main", time: Date(timeIntervalSince1970: 0), targetBranch: true)],
                protected: 0, shardsStoredBefore: Date(timeIntervalSince1970: 0))
            #expect(try await store.prune(plan).runsDeleted == 1)
            #expect(Self.pairs(try await store.testIdentifierHistory()) == ["Checkout.Total \(Self.pay) r2"])
        }
    }

    static func prunePlan(_ keys: [String]) -> PrunePlan {
        PrunePlan(
            runs: keys.map {
                .init(key: $0, branch: "feature/pay", time: Date(timeIntervalSince1970: 0), targetBranch: false)
            },
            protected: 0, shardsStoredBefore: Date(timeIntervalSince1970: 0))
    }

    /// A run back-filled after a later one (a larger id, an earlier start) is not the pairs' last run.
    @Test(arguments: StoreKind.available)
    func aBackFilledOlderRunNeverBecomesThePairsLastRun(_ kind: StoreKind) async throws {
        let main = Self.run("main-2", night: 2, touches: ["Checkout.PayButton": [Self.pay]])
        let older = Self.run(
            "pr-1", night: 1, branch: "feature/pay",
            touches: ["Checkout.PayButton": [Self.pay, Self.coupon], "Checkout.Total": [Self.pay]])
        try await TestStore.make(kind).with { store async throws in
            for (run, digest) in [main, older] { _ = try await store.store(run, digest: digest) }
            #expect(
                Self.pairs(try await store.testIdentifierHistory()) == [
                    "Checkout.PayButton \(Self.coupon) pr-1", "Checkout.PayButton \(Self.pay) main-2",
                    "Checkout.Total \(Self.pay) pr-1",
                ])
        }
    }

    /// Pruning a back-filled run leaves what a store that never held it has: the pairs a kept run
    /// touched stay, naming the latest kept run that touched them.
    @Test(arguments: StoreKind.available)
    func pruningKeepsThePairsThatKeptRunsTouched(_ kind: StoreKind) async throws {
        let mainOld = Self.run(
            "main-1", night: 1, touches: ["Checkout.PayButton": [Self.pay], "Checkout.Total": [Self.coupon]])
        let main = Self.run("main-3", night: 3, touches: ["Checkout.PayButton": [Self.pay]])
        let feature = Self.run(
            "pr-2", night: 2, branch: "feature/pay",
            touches: [
                "Checkout.PayButton": [Self.pay], "Checkout.Total": [Self.coupon, Self.pay],
                "Podcast-{id}-row": [Self.coupon],
            ])
        let late = Self.run("pr-4", night: 4, branch: "feature/pay", touches: ["Checkout.PayButton": [Self.pay]])
        try await TestStore.make(kind).with { control async throws in
            for (run, digest) in [main, mainOld] { _ = try await control.store(run, digest: digest) }
            let expected = Self.pairs(try await control.testIdentifierHistory())
            #expect(
                expected == [
                    "Checkout.PayButton \(Self.pay) main-3", "Checkout.Total \(Self.coupon) main-1",
                ])
            try await TestStore.make(kind).with { store async throws in
                for (run, digest) in [main, late, feature, mainOld] { _ = try await store.store(run, digest: digest) }
                #expect(try await store.prune(Self.prunePlan(["pr-2", "pr-4"])).runsDeleted == 2)
                #expect(Self.pairs(try await store.testIdentifierHistory()) == expected)
            }
        }
    }

    /// A store of schema 10 knows each pair's last run and its failures' identifiers: migration 11
    /// starts the per-run touches from both, and names the latest of them, so pruning a back-filled
    /// run that a schema 10 writer made a pair's last run keeps the pair.
    @Test(arguments: StoreKind.available)
    func aSchema10StoreStartsFromItsRowsAndFailures(_ kind: StoreKind) async throws {
        func run(_ key: String, night: Double, branch: String) -> (Run, RunDigest) {
            var (run, digest) = RunFactory.run(
                key: key, commit: "c\(key)", branch: branch, night: night,
                tests: [
                    .init(
                        className: "AppUITests.CheckoutTests", name: "testPay()", outcomes: [.failed],
                        identifier: "Checkout.PayButton")
                ])
            digest.identifierTests = ["Checkout.PayButton": [Self.pay]]
            return (run, digest)
        }
        let rewound = try await TestStore.make(kind)
        let store = try await rewound.open()
        for (run, digest) in [run("main-2", night: 2, branch: "main"), run("pr-1", night: 1, branch: "feature/pay")] {
            _ = try await store.store(run, digest: digest)
        }
        await store.close()
        // As a schema 10 writer left it: no per-run touches, the back-filled run the pair's last run.
        try await Schema8Store.execute(
            [
                "DROP TABLE test_identifier_runs",
                "UPDATE test_identifiers SET last_run_id = (SELECT id FROM runs WHERE run_key = 'pr-1')",
            ], on: rewound, forgetting: [.v11TestIdentifierRuns])
        try await rewound.with { store async throws in
            #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
            #expect(Self.pairs(try await store.testIdentifierHistory()) == ["Checkout.PayButton \(Self.pay) main-2"])
            #expect(try await store.prune(Self.prunePlan(["pr-1"])).runsDeleted == 1)
            #expect(Self.pairs(try await store.testIdentifierHistory()) == ["Checkout.PayButton \(Self.pay) main-2"])
        }
    }

    @Test(arguments: StoreKind.available)
    func aSchema9StoreStartsFromTheIdentifiersOfItsFailures(_ kind: StoreKind) async throws {
        let history = [
            HistoryStoreTests.sampleRun(key: "a", night: 1), HistoryStoreTests.sampleRun(key: "b", night: 2),
        ]
        // Back to schema 9: no table, no record of migration 10; then opened by this build.
        let rewound = try await TestStore.make(kind)
        let store = try await rewound.open()
        for (run, digest) in history { _ = try await store.store(run, digest: digest) }
        await store.close()
        try await Schema8Store.execute(["DROP TABLE test_identifiers"], on: rewound, forgetting: [.v10TestIdentifiers])
        try await rewound.with { store async throws in
            #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
            let expected = Set(
                history.flatMap { run, digest in
                    digest.failures.compactMap { failure in failure.identifier.map { "\($0) \(failure.testKey) b" } }
                })
            #expect(!expected.isEmpty)
            #expect(Set(Self.pairs(try await store.testIdentifierHistory())) == expected)
        }
    }
}
