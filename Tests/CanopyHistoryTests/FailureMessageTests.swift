import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// History keeps each failure's message as the run read it (migration 7), bounded to
/// `FailureDigest.messageLimit` bytes, and gives it back to `failures(runKey:)`,
/// `forEachFailure` and `FailureRecord(stored:)`; a failure stored before keeps none, and its
/// readers fall back to the normalised message.
@Suite struct FailureMessageTests {
    static let timeout =
        "Asynchronous wait failed: Exceeded timeout of 10 seconds, with unfulfilled expectations: \"Player.Scrubber value changes\"."
    static let unicode = "XCTAssertEqual failed: (\"Grüße 😀\") is not equal to (\"Grüsse\") - tab\there, quote'"
    /// Longer than the limit, with multi-byte characters on both sides of every byte it could be cut at.
    static let long = "Long: " + String(repeating: "é€😀x", count: 1_000)

    /// A run whose three failing tests failed with `timeout`, `unicode` and `long`, analysed as
    /// `canopy run` analyses it.
    static func analysedRun(key: String, night: Double) -> (Run, RunDigest) {
        var (run, _) = RunFactory.run(
            key: key, commit: "c-\(key)", night: night,
            tests: ["testScrub()", "testGreeting()", "testLong()"].map {
                .init(className: "PlayerTests", name: $0, outcomes: [.failed])
            } + [.init(className: "PlayerTests", name: "testPlay()", outcomes: [.passed])])
        for (index, message) in [timeout, unicode, long].enumerated() {
            run.tests[index].attempts[0].failures = [Failure(message: message)]
        }
        return (run, ReportBuilder.build(run: run).digest)
    }

    @Test func aMessageOverTheLimitKeepsItsHeadCutOnAScalarBoundary() throws {
        #expect(Self.long.utf8.count > FailureDigest.messageLimit)
        let kept = FailureDigest.boundedMessage(Self.long)
        let marker = try #require(kept.range(of: " … ["))
        let head = String(kept[..<marker.lowerBound])
        #expect(head.utf8.count <= FailureDigest.messageLimit)
        #expect(head.utf8.count > FailureDigest.messageLimit - 4)
        #expect(Self.long.hasPrefix(head))
        #expect(!kept.contains("\u{FFFD}"))
        #expect(kept.hasSuffix("[\(Self.long.utf8.count - head.utf8.count) bytes cut by Canopy]"))
        #expect(FailureDigest.boundedMessage(Self.timeout) == Self.timeout)
    }

    @Test(arguments: StoreKind.available)
    func eachFailuresMessageComesBackAsTheRunReadIt(_ kind: StoreKind) async throws {
        let (run, digest) = Self.analysedRun(key: "messages-1", night: 1)
        let expected = [Self.timeout, Self.unicode, FailureDigest.boundedMessage(Self.long)]
        #expect(digest.failures.map(\.message) == expected)
        #expect(digest.failures[0].normalizedMessage != Self.timeout, "the sample's normalised message differs")
        try await TestStore.make(kind).with { store async throws in
            #expect(try await store.store(run, digest: digest) == .inserted)
            let stored = try await store.failures(runKey: "messages-1")
            #expect(stored == digest.failures)
            #expect(stored.map(\.message) == expected)

            var rows: [FailureRow] = []
            try await store.forEachFailure(in: .all) { rows.append($0) }
            #expect(rows.map(\.message) == expected)
            #expect(rows == digest.failures.map { FailureRow(readBack: $0, of: run.metadata) })

            let records = stored.map { FailureRecord(stored: $0, testOutcome: .failed) }
            #expect(records.map(\.message) == expected)
            #expect(records.map(\.normalizedMessage) == digest.failures.map(\.normalizedMessage))
        }
    }

    @Test(arguments: StoreKind.available)
    func aStoreWrittenAtSchema6ReadsTheNormalisedMessagesOfItsFailures(_ kind: StoreKind) async throws {
        let (old, oldDigest) = Self.analysedRun(key: "old-1", night: 1)
        let test = try await Schema8Store.make(kind, runs: [(old, oldDigest)])
        // As schema 6 stored it: no `message` column, migrations 7 and 8 not applied.
        try await Schema8Store.execute(
            ["DROP TABLE shards", "ALTER TABLE failures DROP COLUMN message"], on: test,
            forgetting: [.v8Shards, .v7FailureMessages])
        // Readers never migrate: they refuse it, saying which commands do.
        await #expect {
            _ = try await HistoryStores.open(test.location, readOnly: true)
        } throws: { error in
            guard case HistoryError.schemaTooOld(_, 6, HistoryMigration.latestVersion) = error else { return false }
            return "\(error)".contains("canopy ingest") && "\(error)".contains("canopy run")
        }

        let store = try await test.open()
        #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
        #expect(try await Version4Store.count("SELECT COUNT(*) FROM failures WHERE message IS NULL", in: store) == 3)
        let stored = try await store.failures(runKey: "old-1")
        #expect(stored.map(\.message) == [nil, nil, nil])
        #expect(stored.map(\.normalizedMessage) == oldDigest.failures.map(\.normalizedMessage))
        #expect(stored.map(\.fingerprint) == oldDigest.failures.map(\.fingerprint))
        let records = stored.map { FailureRecord(stored: $0, testOutcome: .failed) }
        #expect(records.map(\.message) == oldDigest.failures.map(\.normalizedMessage))

        // A run stored after the migration keeps its messages beside the old run's.
        let (new, newDigest) = Self.analysedRun(key: "new-1", night: 2)
        _ = try await store.store(new, digest: newDigest)
        #expect(try await store.failures(runKey: "new-1") == newDigest.failures)
        var rows: [FailureRow] = []
        try await store.forEachFailure(in: .all) { rows.append($0) }
        #expect(rows.map(\.message) == [nil, nil, nil] + newDigest.failures.map(\.message))
        await store.close()
        await test.remove()
    }
}
