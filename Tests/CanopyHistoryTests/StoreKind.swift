import CanopyHistoryTestSupport
import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// The stores the shared suite runs against: SQLite always, PostgreSQL when `CANOPY_TEST_POSTGRES` is set.
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { rawValue }

    static var postgresURL: String? {
        let url = ProcessInfo.processInfo.environment["CANOPY_TEST_POSTGRES"]
        return url?.isEmpty == false ? url : nil
    }

    /// SQLite, plus PostgreSQL when configured.
    static var available: [StoreKind] { postgresURL == nil ? [.sqlite] : [.sqlite, .postgres] }
}

/// A fresh, empty store for one test, and how to throw it away.
struct TestStore: Sendable {
    let kind: StoreKind
    /// What `HistoryStores.open` takes to open another handle on the same store.
    let location: String
    private let cleanup: @Sendable () async -> Void

    private init(kind: StoreKind, location: String, cleanup: @escaping @Sendable () async -> Void) {
        self.kind = kind
        self.location = location
        self.cleanup = cleanup
    }

    /// Creates an empty store: a temporary SQLite file, or a new PostgreSQL database.
    static func make(_ kind: StoreKind) async throws -> TestStore {
        switch kind {
        case .sqlite:
            let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
            return TestStore(kind: kind, location: directory + "/history.sqlite") {
                try? FileManager.default.removeItem(atPath: directory)
            }
        case .postgres:
            let url = try #require(StoreKind.postgresURL)
            let admin = try PostgresAddress(url: url)
            let name =
                "canopy_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            try await PostgresHistoryStore.administer(admin, statements: ["CREATE DATABASE \(name)"])
            var address = admin
            address.database = String(name)
            return TestStore(kind: kind, location: address.urlForTests) {
                try? await PostgresHistoryStore.administer(
                    admin, statements: ["DROP DATABASE IF EXISTS \(name) WITH (FORCE)"])
            }
        }
    }

    func open() async throws -> any HistoryStore { try await HistoryStores.open(location) }

    /// Opens the store, runs `body`, closes it, and drops the store.
    func with<T>(_ body: (any HistoryStore) async throws -> T) async throws -> T {
        let store = try await open()
        do {
            let result = try await body(store)
            await store.close()
            await cleanup()
            return result
        } catch {
            await store.close()
            await cleanup()
            throw error
        }
    }

    func remove() async { await cleanup() }
}

extension PostgresAddress {
    /// The address as a URL again (tests only: it contains the password when there is one).
    var urlForTests: String {
        let credentials = password.map { user + ":" + $0 } ?? user
        return "postgres://\(credentials)@\(host):\(port)/\(database)?sslmode=\(sslMode)"
    }
}

@Suite struct PostgresAvailabilityTests {
    /// Always runs, so a run without PostgreSQL says visibly that those tests were skipped.
    @Test func postgresStoreTestsRunOrSayWhyNot() {
        if StoreKind.postgresURL == nil {
            let notice =
                "skipped: PostgreSQL store tests — set CANOPY_TEST_POSTGRES (e.g. from .ci/start-postgres) to run them"
            print(notice)
        }
        #expect(StoreKind.available.contains(.sqlite))
    }
}
