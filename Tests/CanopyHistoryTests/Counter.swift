import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// A thread-safe count.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    /// Adds one and returns the new count.
    @discardableResult func add() -> Int {
        lock.withLock {
            count += 1
            return count
        }
    }
}
