/// Opens history stores from a location.
package enum HistoryStores {
    /// Opens (creating and migrating when needed) the store at `location`: a SQLite file path or a
    /// `postgres://` URL (`--store` / `CANOPY_STORE`). With `readOnly`, for commands that only
    /// read history, the store must exist at this build's schema: it is opened read-only and
    /// never created, migrated or written (`SQLiteHistoryStore.init(readingAt:)`).
    package static func open(_ location: String, readOnly: Bool = false) async throws -> any HistoryStore {
        try await open(StoreLocation(parsing: location), readOnly: readOnly)
    }

    /// Opens the store at `location`, as `open(_:readOnly:)` does.
    package static func open(_ location: StoreLocation, readOnly: Bool = false) async throws -> any HistoryStore {
        switch location {
        case .sqlite(let path):
            return readOnly ? try SQLiteHistoryStore(readingAt: path) : try SQLiteHistoryStore(path: path)
        case .postgres(let address): return try await PostgresHistoryStore(address: address, readOnly: readOnly)
        }
    }
}
