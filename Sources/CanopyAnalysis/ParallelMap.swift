import Foundation

/// Maps indices to values on every core, keeping index order in the result.
///
/// For the analysis passes that are pure per test or per identifier (extracting mentions,
/// templating, normalising messages): on the 100 MB bench report they were most of the analysis
/// time, and run one after another on one of two cores. Work is split into a few chunks per core
/// so one slow chunk does not hold the others up.
enum ParallelMap {
    /// Below this many items a single thread does the work: spreading costs more than it saves.
    static let minimumParallelCount = 64

    static func map<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
        guard count >= minimumParallelCount else { return (0..<count).map(transform) }
        let chunks = min(count, ProcessInfo.processInfo.activeProcessorCount * 4)
        let chunkSize = (count + chunks - 1) / chunks
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
