import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// Releases a fixed number of threads at the same moment.
final class ThreadBarrier: @unchecked Sendable {
    private let condition = NSCondition()
    private let count: Int
    private var arrived = 0

    init(count: Int) { self.count = count }

    /// Blocks until `count` threads have called it, then lets them all go.
    func wait() {
        condition.lock()
        arrived += 1
        if arrived == count {
            condition.broadcast()
        } else {
            while arrived < count { condition.wait() }
        }
        condition.unlock()
    }
}
