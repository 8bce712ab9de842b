import CanopyModel
import Foundation

/// A history store: both sides, plus where it lives and how to let it go.
package protocol HistoryStore: HistoryReader, HistoryWriter, HistoryShards, HistoryPruning {
    /// The store's location with any password redacted.
    var location: String { get }
    /// The schema version the store is at.
    func schemaVersion() async throws -> Int
    /// Releases connections. The store must not be used afterwards.
    func close() async
}
