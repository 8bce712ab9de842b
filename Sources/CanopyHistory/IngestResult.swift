import CanopyModel
import Foundation

/// What storing a run did.
package enum IngestResult: String, Sendable, Equatable, Hashable, Codable {
    /// The run was new and is now stored.
    case inserted
    /// A run with the same key was already stored; nothing changed.
    case alreadyStored
}
