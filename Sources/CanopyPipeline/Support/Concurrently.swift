import Foundation

/// Work started on another thread and waited for: for the parts of a command that do not depend
/// on each other (the commands are synchronous up to the store).
final class Concurrently<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    private init() {}

    static func start(_ work: @escaping @Sendable () -> Value) -> Concurrently {
        let task = Concurrently()
        DispatchQueue.global().async {
            task.value = work()
            task.done.signal()
        }
        return task
    }

    /// The value, once the work is done (the semaphore orders the write before this read); any
    /// number of callers may wait.
    func wait() -> Value {
        done.wait()
        defer { done.signal() }
        return value!
    }
}
