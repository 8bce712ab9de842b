import Foundation

/// Runs a `JUnitCaseFolder` on its own thread, fed with batches of finished testcases by the SAX
/// side, so that reading XML and building tests use both cores.
///
/// Why: on an element-dense report (many testcases, little captured output) libxml2 itself is a
/// small part of the parse and turning testcases into tests most of the rest; on one thread that
/// work queues behind the parser. The folder processes batches in order, so the result is the
/// same as folding inline. A dedicated `Thread`, not a Dispatch queue: parsers already run inside
/// `concurrentPerform`, and a consumer waiting for a pool thread there could deadlock the
/// producer blocked on a full channel.
final class JUnitCasePipeline: @unchecked Sendable {
    enum Message: Sendable {
        /// Room for this many tests (from a `tests` attribute).
        case reserve(Int)
        /// Testcases, and the suite boundaries among them: each mark comes before the case at its
        /// position (after the last case when its position is the count).
        case cases([JUnitPendingCase], marks: [SuiteMark])
    }

    /// A `<testsuite>` starting, or ending with the identity its `<properties>` gave.
    enum SuiteEvent: Sendable {
        case started
        case ended(JUnitSuiteIdentity)
    }

    struct SuiteMark: Sendable {
        var before: Int
        var event: SuiteEvent
    }

    /// Testcases per batch: large enough that locking is rare, small enough to keep memory flat.
    static let batchSize = 256
    /// Batches in flight before the producer waits.
    static let capacity = 8

    private let condition = NSCondition()
    /// At most `capacity` messages; a consumed one is removed at once, so its batch is freed
    /// (holding consumed batches until the queue drains would keep every testcase of a steadily
    /// flowing file alive).
    private var queue: [Message] = []
    private var closed = false
    private var done = false
    private var batch: [JUnitPendingCase] = []
    private var marks: [SuiteMark] = []
    /// Owned by the consumer thread until `finish()` returns it.
    private let folder: JUnitCaseFolder
    /// Whether a second thread folds; without one, each testcase is folded as it is submitted.
    private let threaded: Bool

    /// - Parameter threaded: fold on a second thread. Worth it for large files only: on a small
    ///   input starting a thread costs more than it saves, and a directory of small reports is
    ///   already read in parallel across files.
    init(folder: JUnitCaseFolder, threaded: Bool) {
        self.folder = folder
        self.threaded = threaded
        guard threaded else { return }
        batch.reserveCapacity(Self.batchSize)
        let thread = Thread { [self] in consume() }
        thread.name = "canopy.junit.fold"
        thread.start()
    }

    /// Hands over one finished testcase (producer side).
    func submit(_ pending: consuming JUnitPendingCase) {
        guard threaded else { return folder.fold(pending) }
        batch.append(pending)
        if batch.count >= Self.batchSize { flush() }
    }

    /// Tells the folder a `<testsuite>` started or ended, in order with the testcases.
    func suite(_ event: SuiteEvent) {
        guard threaded else { return Self.apply(event, to: folder) }
        marks.append(SuiteMark(before: batch.count, event: event))
        if marks.count >= Self.batchSize { flush() }
    }

    private static func apply(_ event: SuiteEvent, to folder: JUnitCaseFolder) {
        switch event {
        case .started: folder.suiteStarted()
        case .ended(let identity): folder.suiteEnded(identity: identity)
        }
    }

    /// Asks the folder to reserve room before the first testcase.
    func reserve(_ count: Int) {
        guard threaded else { return folder.reserveCapacity(count) }
        flush()
        send(.reserve(count))
    }

    /// Sends what is left, waits for the folder to finish, and returns it.
    func finish() -> JUnitCaseFolder {
        guard threaded else { return folder }
        flush()
        condition.lock()
        closed = true
        condition.broadcast()
        while !done { condition.wait() }
        condition.unlock()
        return folder
    }

    private func flush() {
        guard !batch.isEmpty || !marks.isEmpty else { return }
        let full = batch
        let fullMarks = marks
        batch = []
        marks = []
        batch.reserveCapacity(Self.batchSize)
        send(.cases(full, marks: fullMarks))
    }

    private func send(_ message: Message) {
        condition.lock()
        while queue.count >= Self.capacity { condition.wait() }
        queue.append(message)
        condition.broadcast()
        condition.unlock()
    }

    private func consume() {
        while let message = next() {
            switch message {
            case .reserve(let count): folder.reserveCapacity(count)
            case .cases(let cases, let marks):
                // Borrowed through the buffer: a `for pending in cases` copy would retain every
                // field.
                var mark = 0
                cases.withUnsafeBufferPointer { batch in
                    for position in batch.indices {
                        while mark < marks.count, marks[mark].before == position {
                            Self.apply(marks[mark].event, to: folder)
                            mark += 1
                        }
                        folder.fold(batch[position])
                    }
                }
                for rest in marks[mark...] { Self.apply(rest.event, to: folder) }
            }
        }
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
    }

    private func next() -> Message? {
        condition.lock()
        defer { condition.unlock() }
        while queue.isEmpty && !closed { condition.wait() }
        guard !queue.isEmpty else { return nil }
        let message = queue.removeFirst()
        condition.broadcast()
        return message
    }
}
