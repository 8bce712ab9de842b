import CanopyModel
import Foundation
import GRDB
import Logging
import Testing

@testable import CanopyHistory

@Suite struct StoreLocationTests {
    @Test func aFilePathIsSQLiteAndAPostgresURLIsPostgres() throws {
        #expect(try StoreLocation(parsing: "Reports/history.sqlite") == .sqlite(path: "Reports/history.sqlite"))
        guard case .postgres(let address) = try StoreLocation(parsing: "postgres://ci:s3cret@db.example:6432/canopy")
        else {
            Issue.record("not parsed as PostgreSQL")
            return
        }
        #expect(address.host == "db.example")
        #expect(address.port == 6432)
        #expect(address.user == "ci")
        #expect(address.password == "s3cret")
        #expect(address.database == "canopy")
        #expect(address.sslMode == "prefer")
        #expect(try PostgresAddress(url: "postgresql://canopy@127.0.0.1/canopy").sslMode == "disable")
        #expect(try PostgresAddress(url: "postgresql://canopy@127.0.0.1/canopy").port == 5432)
    }

    @Test func thePasswordIsNeverPrinted() throws {
        let location = try StoreLocation(parsing: "postgres://ci:s3cret@db.example:6432/canopy")
        #expect(location.description == "postgres://ci:***@db.example:6432/canopy")
        #expect(!location.description.contains("s3cret"))
        #expect(
            StoreLocation.redact("connect postgres://u:p%40ss@h/db failed") == "connect postgres://u:***@h/db failed")
        #expect(StoreLocation.redact("postgres://u@h/db") == "postgres://u@h/db")
        let error = HistoryError.invalidLocation("postgres://ci:s3cret@/canopy", reason: "the URL has no host")
        #expect(!error.description.contains("s3cret"))
    }

    @Test func badLocationsAreErrorsThatSayWhatToUse() {
        #expect(throws: HistoryError.self) { try StoreLocation(parsing: "mysql://db/canopy") }
        #expect(throws: HistoryError.self) { try StoreLocation(parsing: "  ") }
        #expect(throws: HistoryError.self) { try StoreLocation(parsing: "postgres://u@h/db?sslmode=verify-full") }
        let message = HistoryError.invalidLocation(
            "mysql://db", reason: "only postgres:// URLs and file paths are supported"
        )
        .description
        #expect(message.contains("postgres://user@host:port/database"))
    }

    @Test func anUnreachableServerIsAnErrorWithoutThePassword() async throws {
        // Port 1 on loopback refuses connections at once; the outage is waited out for the URL's
        // 1 s, which the error states (how long the test takes is `make bench`'s business).
        do {
            _ = try await HistoryStores.open("postgres://ci:s3cret@127.0.0.1:1/canopy?outage_window=1")
            Issue.record("a refused connection opened a store")
        } catch {
            #expect(error is HistoryError)
            #expect(!String(describing: error).contains("s3cret"))
            #expect(String(describing: error).contains("postgres://ci:***@127.0.0.1:1/canopy"))
            #expect(String(describing: error).contains("within 1 s"), "the URL's window, not the standard 30 s")
        }
    }

    @Test func anOutageWindowIsWholeSecondsFromZeroTo600() throws {
        #expect(try PostgresAddress(url: "postgres://u@h/db").retryPolicy == .standard)
        let address = try PostgresAddress(url: "postgres://u@h/db?sslmode=require&outage_window=120")
        #expect(address.retryPolicy == PostgresRetryPolicy(attempts: 5, window: 120))
        #expect(address.description == "postgres://u@h:5432/db")
        for bad in ["-1", "601", "1.5", "soon", "nan", ""] {
            #expect(throws: HistoryError.self, "outage_window=\(bad)") {
                try PostgresAddress(url: "postgres://u@h/db?outage_window=\(bad)")
            }
        }
    }

    @Test func aFailedStatementCarriesItsSQL() throws {
        let error = HistoryError.statementFailed(
            location: "h.sqlite", sql: "SELECT nope FROM runs", reason: "no such column")
        #expect(error.description.contains("SQL: SELECT nope FROM runs"))
    }
}
