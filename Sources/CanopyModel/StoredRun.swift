import Foundation

/// A run as history stores it: its key, metadata and totals, without tests.
package struct StoredRun: Sendable, Equatable, Hashable, Codable {
    /// `RunMetadata.runKey`, the run's identity in the store.
    package var key: String
    package var metadata: RunMetadata
    package var totals: RunTotals

    package init(key: String, metadata: RunMetadata, totals: RunTotals) {
        self.key = key
        self.metadata = metadata
        self.totals = totals
    }
}
