/// Opens history stores from a location.
package enum HistoryStores {
    /// Opens (creating and migrating when needed) the store at `location`: a SQLite file path or a
    /// `postgres://` URL (`--store` / `CANOPY_STORE`).
    package static func open(_ location: String) async throws -> any HistoryStore {
        try await open(StoreLocation(parsing: location))
    }

    /// Opens (creating and migrating when needed) the store at `location`.
    package static func open(_ location: StoreLocation) async throws -> any HistoryStore {
        switch location {
        case .sqlite(let path): return try SQLiteHistoryStore(path: path)
        case .postgres(let address): return try await PostgresHistoryStore(address: address)
        }
    }
}
