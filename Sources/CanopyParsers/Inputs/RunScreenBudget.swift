import CanopyModel
import Foundation

/// The per-run screen and element limits (`SnapshotLimits.screensPerRun`, `elementsPerRun`)
/// over files parsed in parallel.
///
/// Screens are counted over the inputs in the order given: an input whose screens take the run
/// past a limit, and every input with screens after it, is refused (`ParserError.overLimit`): a
/// run missing screens could pass the coverage gates it fails, so nothing is dropped silently, and
/// `canopy run --allow-partial` stores the run without those inputs, marked partial. The outcome
/// depends on the files alone, never on which file finished parsing first.
///
/// Memory stays bounded while files are still being parsed: a file is known to be refused as
/// soon as the inputs before it that are already parsed and it hold more than a limit (the count
/// before it can only grow), and its screens are released then rather than at the end.
final class RunScreenBudget: @unchecked Sendable {
    private struct Count {
        var screens = 0
        var elements = 0
    }

    private let screenLimit: Int
    private let elementLimit: Int
    private var counts: [Count?]
    private let lock = NSLock()

    init(
        inputs: Int, screenLimit: Int = SnapshotLimits.screensPerRun, elementLimit: Int = SnapshotLimits.elementsPerRun
    ) {
        self.screenLimit = screenLimit
        self.elementLimit = elementLimit
        counts = Array(repeating: nil, count: inputs)
    }

    /// Counts input `index`'s screens and returns it, its screens released when it is already
    /// known to be refused (`decide` then says why).
    func admit(_ index: Int, _ result: Result<ParsedInput, ParserError>) -> Result<ParsedInput, ParserError> {
        guard case .success(var input) = result, !input.screens.isEmpty else {
            record(index, Count())
            return result
        }
        var count = Count(screens: input.screens.count)
        for screen in input.screens { screen.forEachElement { _ in count.elements += 1 } }
        if record(index, count) {
            input.screens = []
            return .success(input)
        }
        return result
    }

    /// Records input `index`'s count; true when the inputs parsed so far up to it already pass a limit.
    @discardableResult
    private func record(_ index: Int, _ count: Count) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        counts[index] = count
        guard count.screens > 0 else { return false }
        var total = Count()
        for earlier in counts[...index] {
            total.screens += earlier?.screens ?? 0
            total.elements += earlier?.elements ?? 0
        }
        return total.screens > screenLimit || total.elements > elementLimit
    }

    /// The results with every input refused that takes the run past a limit, or comes after one
    /// that does (in input order). Call once every input is admitted.
    func decide(_ results: [Result<ParsedInput, ParserError>]) -> [Result<ParsedInput, ParserError>] {
        var total = Count()
        return results.enumerated().map { index, result in
            guard case .success(let input) = result, let count = counts[index], count.screens > 0 else { return result }
            total.screens += count.screens
            total.elements += count.elements
            if total.screens > screenLimit {
                return .failure(
                    .overLimit(
                        path: input.file.path, line: nil,
                        message:
                            "the inputs up to this one hold \(total.screens) screens (limit: \(screenLimit) screens per run)"
                    ))
            }
            if total.elements > elementLimit {
                return .failure(
                    .overLimit(
                        path: input.file.path, line: nil,
                        message:
                            "the inputs up to this one hold \(total.elements) elements (limit: \(elementLimit) elements per run)"
                    ))
            }
            return result
        }
    }
}
