import Foundation

/// Maps indices to values on every core, keeping index order in the result.
///
/// For the passes that are pure per item: the analysis's per test or per identifier (extracting
/// mentions, templating, normalising messages), the source index's per file (parsing, visiting);
/// they would otherwise run one after another on one core. Work is split into a few chunks per core so one slow
/// chunk does not hold the others up.
///
/// Synchronous: each call blocks its caller until every piece is done, the pieces running on
/// Dispatch's worker threads (`concurrentPerform`). Call it from synchronous code on a thread of
/// its own (the pipeline's `DedicatedThread`), never from a task: a task blocked here would hold
/// a thread of Swift's cooperative pool.
package enum ParallelMap {
    /// Below this many items a single thread does the work: spreading costs more than it saves.
    package static let minimumParallelCount = 64

    /// Chunks of work per core.
    private static var chunkCount: Int { ProcessInfo.processInfo.activeProcessorCount * 4 }

    package static func map<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
        guard count >= minimumParallelCount else { return (0..<count).map(transform) }
        let chunks = min(count, chunkCount)
        return fill(count, chunks: chunks, chunkSize: (count + chunks - 1) / chunks, transform)
    }

    /// Splits `0..<count` into one range per core and transforms each range on every core, in
    /// range order: for passes that gather per range and merge the results (the fewer ranges,
    /// the less merging).
    package static func mapRanges<T>(_ count: Int, _ transform: (Range<Int>) -> T) -> [T] {
        let chunks = max(1, min(count, ProcessInfo.processInfo.activeProcessorCount))
        let size = (count + chunks - 1) / chunks
        let ranges = (0..<chunks).map { ($0 * size)..<min(count, ($0 + 1) * size) }.filter { !$0.isEmpty }
        return fill(ranges.count, chunks: ranges.count, chunkSize: 1) { transform(ranges[$0]) }
    }

    /// Runs two independent pieces of work at once and returns both results, once both are done.
    package static func both<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
        let firstResult = UnsafeMutablePointer<A>.allocate(capacity: 1)
        let secondResult = UnsafeMutablePointer<B>.allocate(capacity: 1)
        defer {
            firstResult.deallocate()
            secondResult.deallocate()
        }
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(second) { second in
                let work = Unchecked((first, second, firstResult, secondResult))
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    if index == 0 {
                        work.value.2.initialize(to: work.value.0())
                    } else {
                        work.value.3.initialize(to: work.value.1())
                    }
                }
            }
        }
        return (firstResult.move(), secondResult.move())
    }

    private static func fill<T>(_ count: Int, chunks: Int, chunkSize: Int, _ transform: (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
            let base = Unchecked(buffer.baseAddress!)
            withoutActuallyEscaping(transform) { transform in
                let box = Unchecked(transform)
                // Each chunk initialises its own disjoint range of the buffer.
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let start = chunk * chunkSize
                    let end = min(count, start + chunkSize)
                    guard start < end else { return }
                    for index in start..<end { (base.value + index).initialize(to: box.value(index)) }
                }
            }
            initialized = count
        }
    }
}

/// Hands a value that is only read to `concurrentPerform`'s iterations.
private struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
