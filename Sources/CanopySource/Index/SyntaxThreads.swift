import Foundation

/// Runs the source index's per-file syntax work (parsing, the visitors' walks) on threads of its
/// own with a large stack, one per core, and returns the results in index order.
///
/// SwiftParser and `SyntaxVisitor` recurse once per level of nesting of the code (brackets,
/// generic arguments, postfix links such as `a.b.c`); a main thread's 8 MiB ends that recursion
/// with a segmentation fault a few thousand levels down in a debug build. ``stackSize`` is
/// reserved address space, not memory: only the pages a deep file touches are committed.
/// ``SourceIndexBounds`` keeps each file's recursion within it.
///
/// Synchronous: blocks its caller until every item is done. Call it from a thread of its own
/// (the pipeline's `DedicatedThread`), never from a task.
enum SyntaxThreads {
    /// Each thread's stack: 512 MiB.
    static let stackSize = 512 << 20

    static func map<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let threads = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        return withoutActuallyEscaping(transform) { transform in
            let work = Work(count: count, transform: transform)
            let group = DispatchGroup()
            for number in 0..<threads {
                group.enter()
                let thread = Thread {
                    work.drain()
                    group.leave()
                }
                thread.name = "canopy.source-syntax-\(number)"
                thread.stackSize = stackSize
                thread.start()
            }
            group.wait()
            // The threads may outlive this call by a moment: they must not hold `transform`.
            work.finish()
            return work.results()
        }
    }
}

/// The items of one ``SyntaxThreads/map(_:_:)`` call: each thread takes the next index until none
/// is left, and stores its result under the lock.
private final class Work<T>: @unchecked Sendable {
    private let count: Int
    /// Read by every thread while they drain; nil once all have (``finish()``).
    private var transform: ((Int) -> T)?
    private let lock = NSLock()
    private var next = 0
    private var slots: [T?]

    init(count: Int, transform: @escaping (Int) -> T) {
        self.count = count
        self.transform = transform
        slots = Array(repeating: nil, count: count)
    }

    func drain() {
        guard let transform else { return }
        while let index = take() {
            let result = transform(index)
            lock.withLock { slots[index] = result }
        }
    }

    private func take() -> Int? {
        lock.withLock {
            guard next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Lets go of `transform`, once every thread has drained.
    func finish() {
        transform = nil
    }

    /// Every result, once every thread has drained.
    func results() -> [T] {
        slots.compactMap { $0 }
    }
}
