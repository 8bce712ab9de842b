import CanopyModel
import Foundation

extension ParserRegistry {
    /// Parses every file, in parallel across files, keeping the order of `paths` in the result.
    /// Screens are read within the per-run limits of `SnapshotLimits` (`RunScreenBudget`): an
    /// input past them is a failure.
    ///
    /// Synchronous: blocks its caller until every file is parsed, the files parsed on Dispatch's
    /// worker threads (`concurrentPerform`). Call it from synchronous code on a thread of its own
    /// (the pipeline's `DedicatedThread`), never from a task: a task blocked here would hold a
    /// thread of Swift's cooperative pool.
    ///
    /// - Parameters:
    ///   - reading: called with a file's path and the byte count of each piece of it read, for
    ///     files read in pieces (JUnit XML), from any thread.
    ///   - progress: called after each file with its path and byte count (from any thread).
    package func parseAll(
        _ paths: [String], reading: (@Sendable (String, Int) -> Void)? = nil,
        progress: (@Sendable (String, Int) -> Void)? = nil
    ) -> [Result<ParsedInput, ParserError>] {
        let results = ResultSlots(count: paths.count)
        let budget = RunScreenBudget(inputs: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let result: Result<ParsedInput, ParserError>
            let path = paths[index]
            do throws(ParserError) {
                var onRead: (@Sendable (Int) -> Void)?
                if let reading { onRead = { bytes in reading(path, bytes) } }
                result = .success(try parse(fileAt: path, onRead: onRead))
            } catch {
                result = .failure(error)
            }
            results.set(index, budget.admit(index, result))
            if let progress {
                let bytes = (try? result.get().file.bytes) ?? 0
                progress(paths[index], bytes)
            }
        }
        return budget.decide(results.values)
    }
}

/// Result storage written from concurrent iterations, each to its own slot.
private final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<ParsedInput, ParserError>?]
    private let lock = NSLock()

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Result<ParsedInput, ParserError>) {
        lock.lock()
        slots[index] = value
        lock.unlock()
    }

    var values: [Result<ParsedInput, ParserError>] { slots.map { $0! } }
}
