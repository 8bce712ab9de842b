import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// `TestRunRow.readBack` and `FailureRow(readBack:of:)` say what a store gives back of a run it
/// stored: `canopy check` joins a run not stored with history by them.
@Suite struct HistoryReadBackTests {
    @Test(arguments: StoreKind.available)
    func aStoredRunComesBackAsReadBackSays(_ kind: StoreKind) async throws {
        var (run, digest) = RunFactory.run(
            key: "read-back-1", commit: "abc123", night: 1,
            tests: [
                HistoryStoreTests.checkout,
                .init(
                    className: "LoginTests", name: "testLogout()", outcomes: [.failed, .error],
                    identifier: "Login.Submit"),
                .init(className: "LoginTests", name: "testLogin()", outcomes: [.passed]),
            ])
        // A start time with a fraction that seconds since 1970 do not keep exactly.
        let startedAt = Date(timeIntervalSinceReferenceDate: 789_000_000.123_456_789)
        run.metadata.startedAt = startedAt
        #expect(
            Date(timeIntervalSince1970: startedAt.timeIntervalSince1970) != startedAt,
            "the sample must change on its way")
        try await TestStore.make(kind).with { store async throws in
            #expect(try await store.store(run, digest: digest) == .inserted)
            let rows = TestRunRow.rows(for: run, digest: digest)
            let stored = try await store.testRuns(runKey: "read-back-1")
            #expect(Set(stored) == Set(rows.map(\.readBack)))
            #expect(Set(stored) != Set(rows))
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: HistoryWindow(branch: "main")) { failures.append($0) }
            #expect(!failures.isEmpty)
            #expect(Set(failures) == Set(digest.failures.map { FailureRow(readBack: $0, of: run.metadata) }))
        }
    }

    /// A stored test's row names the device and configuration its key names, so the key reads
    /// back into its parts (`TestRunRow.key`) though a name holds `@` and `#`.
    @Test(arguments: StoreKind.available)
    func storedKeysReadBackIntoTheirParts(_ kind: StoreKind) async throws {
        var (run, digest) = RunFactory.run(
            key: "parts-1", commit: "abc123", night: 1,
            tests: [
                .init(className: "AppUITests.AppUITestsLaunchTests", name: "testLaunch()", outcomes: [.passed]),
                .init(className: "ShareTests", name: "mail a@b #1", outcomes: [.passed]),
                .init(className: "ShareTests", name: "plain", outcomes: [.passed], device: nil),
            ])
        run.tests[0].identity.configuration = "Dark Appearance"
        run.tests[1].identity.configuration = "German"
        let keys = run.tests.map { TestKey($0.identity) }
        #expect(
            keys.map(\.description) == [
                "AppUITests.AppUITestsLaunchTests/testLaunch@iPhone 16#Dark Appearance",
                "ShareTests/mail a@b #1@iPhone 16#German", "ShareTests/plain",
            ])
        try await TestStore.make(kind).with { store async throws in
            #expect(try await store.store(run, digest: digest) == .inserted)
            let stored = try await store.testRuns(runKey: "parts-1")
            #expect(stored.map(\.configuration) == ["Dark Appearance", "German", nil])
            #expect(stored.map(\.key) == keys)
            #expect(stored.map(\.key.device) == ["iPhone 16", "iPhone 16", nil])
            #expect(stored.map(\.key.configuration) == ["Dark Appearance", "German", nil])
            #expect(stored.map(\.key.test) == keys.map(\.test))
        }
    }
}
