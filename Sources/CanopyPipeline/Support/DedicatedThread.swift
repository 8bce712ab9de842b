import Foundation

/// Runs synchronous, CPU-bound work on a thread of its own, outside Swift concurrency's
/// cooperative pool, and hands its result to the task that awaits it without blocking any
/// thread of the pool.
///
/// Parsing, analysis and flakiness are synchronous and spread their work over every core with
/// `DispatchQueue.concurrentPerform` (`ParserRegistry.parseAll`, `ParallelMap`), which blocks
/// its caller until every piece is done. Run on a task, that would hold one of the pool's few
/// threads (one per core) for seconds, starving the store and the rendering that run beside it;
/// the commands run those stages through here instead. One thread per call, named
/// `canopy.<name>`, gone when the work is done.
enum DedicatedThread {
    /// Each thread's stack: the 8 MiB a main thread has, for the parsers' and the analysis's
    /// recursion.
    static let stackSize = 8 << 20

    /// The result of `work` (or its error), run on a new thread named `canopy.<name>`.
    static func run<T: Sendable, E: Error>(_ name: String, _ work: @escaping @Sendable () throws(E) -> T)
        async throws(E) -> T
    {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            start(name) { continuation.resume(returning: Result { () throws(E) -> T in try work() }) }
        }
        return try result.get()
    }

    private static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.name = "canopy." + name
        thread.stackSize = stackSize
        thread.start()
    }
}
