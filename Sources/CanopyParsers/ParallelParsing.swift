import CanopyModel
import Foundation

extension ParserRegistry {
    /// Parses every file, in parallel across files, keeping the order of `paths` in the result.
    ///
    /// - Parameter progress: called after each file with its path and byte count (from any thread).
    public func parseAll(
        _ paths: [String], progress: (@Sendable (String, Int) -> Void)? = nil
    ) -> [Result<ParsedInput, ParserError>] {
        let results = ResultSlots(count: paths.count)
        DispatchQueue.concurrentPerform(iterations: paths.count) { index in
            let result: Result<ParsedInput, ParserError>
            do throws(ParserError) {
                result = .success(try parse(fileAt: paths[index]))
            } catch {
                result = .failure(error)
            }
            results.set(index, result)
            if let progress {
                let bytes = (try? result.get().file.bytes) ?? 0
                progress(paths[index], bytes)
            }
        }
        return results.values
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
