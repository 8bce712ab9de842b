import CanopyModel
import Foundation
import GRDB
import Logging
import Testing

@testable import CanopyHistory

/// A server that stopped mid-write and stays down: the wait for it ends within its window (the
/// pool had kept trying for about 70 s, then said it could not open the store).
@Suite(.enabled(if: TimingTests.alone, TimingTests.why)) struct PostgresServerReturnTests {
    @Test func aServerThatDoesNotComeBackIsNotWaitedForPastTheWindow() async throws {
        let address = try PostgresAddress(url: "postgres://canopy@127.0.0.1:1/canopy")
        let start = Date()
        #expect(try await PostgresHistoryStore.awaitServer(address, within: 1, logger: Logger(label: "test")) == false)
        #expect(Date().timeIntervalSince(start) < 30, "one connection attempt past the window at most")
    }

    /// Each store says what to check: the server and URL for PostgreSQL, the file for SQLite.
    @Test func aStoreThatCannotOpenSaysWhatToCheck() async throws {
        await #expect {
            _ = try await PostgresHistoryStore(
                address: try PostgresAddress(url: "postgres://canopy@127.0.0.1:1/canopy"),
                retryPolicy: PostgresRetryPolicy(attempts: 2, window: 1))
        } throws: { error in
            "\(error)".contains("PostgreSQL server is running") && "\(error)".contains("within 1 s")
                && !"\(error)".contains("directory")
        }
        let directory = NSTemporaryDirectory() + "canopy-history-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = directory + "/notes.sqlite"
        try String(repeating: "not a database\n", count: 400).write(toFile: text, atomically: true, encoding: .utf8)
        #expect {
            _ = try SQLiteHistoryStore(path: text)
        } throws: { error in
            "\(error)".contains("The file is not a SQLite database") && !"\(error)".contains("PostgreSQL")
        }
    }
}
