import CanopyHistory
import Foundation

/// Opens a command's history store and closes it whatever happens: read-write for the commands
/// that store, read-only for those that only read, and never creating an empty SQLite file where
/// a mistyped location points. Store errors become `PipelineError.store` with any password
/// redacted. A value of the store's location (`CommandContext.history`).
package struct HistoryAccess: Sendable {
    /// `--store`, `CANOPY_STORE`, `store:` in the config, or `<out>/history.sqlite`.
    package let location: String

    package func openStore(readOnly: Bool = false) async throws -> any HistoryStore {
        do {
            return try await HistoryStores.open(location, readOnly: readOnly)
        } catch {
            throw PipelineError.store(StoreLocation.redact("\(error)"))
        }
    }

    /// The SQLite file the store location names, when it does not exist: opening it would create
    /// an empty history there, which a command that only reads history must not leave behind
    /// where a mistyped `--store` points.
    var missingSQLiteStore: String? {
        guard case .sqlite(let path) = try? StoreLocation(parsing: location),
            !FileManager.default.fileExists(atPath: path)
        else { return nil }
        return path
    }

    /// `withStore` for `report` and `trend`, which only read history: the store opens read-only
    /// (`HistoryStores.open(_:readOnly:)`), and a SQLite store that does not exist is a usage
    /// error naming it.
    package func withExistingStore<T: Sendable>(_ body: (any HistoryStore) async throws -> T) async throws -> T {
        if let path = missingSQLiteStore {
            throw PipelineError.usage(
                "no history store at \(path) (from --store, CANOPY_STORE, store: in the config, or <out>/history.sqlite); "
                    + "run `canopy ingest` or `canopy run` first, or fix the path")
        }
        return try await withStore(try await openStore(readOnly: true), body)
    }

    /// `withStore` for `check`, which reads history but never stores: the store opens read-only;
    /// when the SQLite store does
    /// not exist the run is judged without history, in an empty store made and removed in the
    /// temporary directory, and the path is returned for a note.
    func withStoreOrNone<T: Sendable>(_ body: (any HistoryStore) async throws -> T) async throws -> (
        T, missing: String?
    ) {
        guard let path = missingSQLiteStore else {
            return (try await withStore(try await openStore(readOnly: true), body), nil)
        }
        let empty = NSTemporaryDirectory() + "canopy-empty-history-\(UUID().uuidString).sqlite"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: empty + suffix) } }
        let store: any HistoryStore
        do { store = try await HistoryStores.open(empty) } catch { throw PipelineError.store("\(error)") }
        return (try await withStore(store, body), path)
    }

    /// Opens the store, runs `body`, and closes the store whatever happens; store errors become
    /// `PipelineError.store` with any password redacted.
    package func withStore<T: Sendable>(_ body: (any HistoryStore) async throws -> T) async throws -> T {
        try await withStore(try await openStore(), body)
    }

    /// `withStore` on a store the caller opened.
    func withStore<T: Sendable>(_ store: any HistoryStore, _ body: (any HistoryStore) async throws -> T) async throws
        -> T
    {
        let (value, closing) = try await withStoreClosingLater(store, body)
        await closing.value
        return value
    }

    /// `withStore`, but after `body` succeeds the store closes in the background (closing waits
    /// for SQLite's checkpoint of the run just written): the caller renders meanwhile and awaits
    /// the returned task before it exits.
    package func withStoreClosingLater<T: Sendable>(
        _ body: (any HistoryStore) async throws -> T
    ) async throws -> (T, Task<Void, Never>) {
        try await withStoreClosingLater(try await openStore(), body)
    }

    /// `withStoreClosingLater` on a store the caller opened.
    func withStoreClosingLater<T: Sendable>(
        _ store: any HistoryStore, _ body: (any HistoryStore) async throws -> T
    ) async throws -> (T, Task<Void, Never>) {
        do {
            let value = try await body(store)
            return (value, Task { await store.close() })
        } catch let error as PipelineError {
            await store.close()
            throw error
        } catch let conflict as ShardMergeConflict {
            // The merge reads its legs again (`RunCommand.run`).
            await store.close()
            throw conflict
        } catch {
            await store.close()
            throw PipelineError.store(StoreLocation.redact("\(error)"))
        }
    }
}
