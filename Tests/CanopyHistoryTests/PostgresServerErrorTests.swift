import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// What the server said reaches the message: its SQLSTATE, message, detail and hint, never
/// postgres-nio's generic description of an error, and never the URL's password.
@Suite(.enabled(if: StoreKind.postgresURL != nil, "set CANOPY_TEST_POSTGRES"), .timeLimit(.minutes(20)))
struct PostgresServerErrorTests {
    static let password = "pw-never-printed-7Q"

    /// The words postgres-nio's `PSQLError` prints in place of the server's.
    static let generic = "Generic description"

    @Test func aDatabaseThatDoesNotExistIsNamedWithTheServersCode() async throws {
        var address = try PostgresAddress(url: try #require(StoreKind.postgresURL))
        address.database = "canopy_missing_" + UUID().uuidString.prefix(8).lowercased()
        address.password = Self.password
        for readOnly in [false, true] {
            do {
                let store = try await HistoryStores.open(address.urlForTests, readOnly: readOnly)
                await store.close()
                Issue.record("a database that does not exist was opened")
            } catch {
                let text = "\(error)"
                #expect(text.contains("SQLSTATE 3D000"), "\(text)")
                #expect(text.contains("database \"\(address.database)\" does not exist"), "\(text)")
                #expect(!text.contains(Self.generic), "\(text)")
                #expect(!text.contains(Self.password), "\(text)")
            }
        }
    }

    @Test func aStatementTheServerRejectsSaysWhatTheServerSaid() async throws {
        try await TestStore.make(.postgres).with { store async throws in
            let postgres = try #require(store as? PostgresHistoryStore)
            let syntax = await #expect(throws: HistoryError.self) {
                try await postgres.withConnection { try await postgres.execute("SELEC 1", on: $0) }
            }
            let syntaxText = "\(try #require(syntax))"
            #expect(syntaxText.contains("SQLSTATE 42601"), "\(syntaxText)")
            #expect(syntaxText.contains("syntax error at or near \"SELEC\""), "\(syntaxText)")
            #expect(!syntaxText.contains(Self.generic), "\(syntaxText)")

            let duplicate = await #expect(throws: HistoryError.self) {
                try await postgres.withConnection { connection in
                    for sql in [
                        "CREATE TEMPORARY TABLE twice (key INTEGER PRIMARY KEY)", "INSERT INTO twice VALUES (1)",
                        "INSERT INTO twice VALUES (1)",
                    ] {
                        try await postgres.execute(sql, on: connection)
                    }
                }
            }
            let duplicateText = "\(try #require(duplicate))"
            #expect(duplicateText.contains("SQLSTATE 23505"), "\(duplicateText)")
            #expect(duplicateText.contains("Key (key)=(1) already exists"), "the server's detail: \(duplicateText)")
            #expect(!duplicateText.contains(Self.generic), "\(duplicateText)")
        }
    }
}
