import CanopyModel
import Foundation
import GRDB
import Logging
import Testing

@testable import CanopyHistory

/// A server that stopped mid-write and stays down: the write gives up within its window with
/// `connectionLost` (the pool had kept trying for about 70 s, then said it could not open the store).
@Suite struct PostgresServerReturnTests {
    @Test func aServerThatDoesNotComeBackIsAConnectionLossWithinTheWindow() async throws {
        let address = try PostgresAddress(url: "postgres://canopy@127.0.0.1:1/canopy")
        await #expect {
            try await PostgresHistoryStore.awaitServer(
                address, within: 1, logger: Logger(label: "test"), location: "postgres://canopy@127.0.0.1:1/canopy")
        } throws: { error in
            guard case HistoryError.connectionLost(_, let reason)? = error as? HistoryError else { return false }
            return reason.contains("did not accept connections again within 1 s") && "\(error)".contains("Retry the command once the server is back")
        }
    }

    /// Each store says what to check: the server and URL for PostgreSQL, the file for SQLite.
    @Test func aStoreThatCannotOpenSaysWhatToCheck() async throws {
        await #expect {
            _ = try await PostgresHistoryStore(address: try PostgresAddress(url: "postgres://canopy@127.0.0.1:1/canopy"))
        } throws: { error in
            "\(error)".contains("PostgreSQL server is running") && !"\(error)".contains("directory")
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
