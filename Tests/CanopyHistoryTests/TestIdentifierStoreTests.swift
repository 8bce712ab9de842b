import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// `test_identifiers` (migration 10): one row per identifier template and test, naming the last
/// run in which the test touched it, kept through later runs that do not touch it, deleted with
/// that run by pruning, and filled from the stored failures when an older store is migrated.
@Suite struct TestIdentifierStoreTests {
    static func run(_ key: String, night: Double, touches: [String: [String]]) -> (Run, RunDigest) {
        var (run, digest) = RunFactory.run(
            key: key, commit: "c\(key)", night: night,
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
            #expect(try await store.schemaVersion() == 10)
            let expected = Set(
                history.flatMap { run, digest in
                    digest.failures.compactMap { failure in failure.identifier.map { "\($0) \(failure.testKey) b" } }
                })
            #expect(!expected.isEmpty)
            #expect(Set(Self.pairs(try await store.testIdentifierHistory())) == expected)
        }
    }
}
