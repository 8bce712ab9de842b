import CanopyRender
import Foundation

/// Reports progress of long work on standard error: a redrawn bar on a terminal, plain log lines
/// otherwise, nothing when quiet. It writes through the sink it was made with, from whichever
/// thread reports (dedicated threads included), never to the process's stream directly.
package final class Progress: @unchecked Sendable {
    package enum Mode: Sendable {
        case bar
        case lines
        case quiet
    }

    private let mode: Mode
    private let output: @Sendable (String) -> Void
    private let lock = NSLock()
    private var total = 0
    private var done = 0
    /// Bytes of every file to read, when known: the bar then fills by bytes.
    private var totalBytes = 0
    private var bytes = 0
    /// Bytes heard of so far per file still being read (`reading`), counted in `bytes` already.
    private var streamed: [String: Int] = [:]
    private var started = Date()
    private var drawn = Date.distantPast

    /// Seconds between two frames of the bar drawn while a file is read.
    private let redrawInterval: Double

    /// - Parameters:
    ///   - output: where the text goes (the invocation's standard error, `Console.error`).
    ///   - redrawInterval: seconds between frames while a file is read (a frame is drawn after each file anyway).
    package init(
        mode: Mode, output: @escaping @Sendable (String) -> Void, redrawInterval: Double = 0.1
    ) {
        self.mode = mode
        self.output = output
        self.redrawInterval = redrawInterval
    }

    /// On `console`'s error stream: a bar when it is a terminal, lines otherwise; `quiet` wins.
    package static func automatic(quiet: Bool, console: Console) -> Progress {
        if quiet { return Progress(mode: .quiet, output: console.error) }
        return Progress(mode: console.errorIsTerminal ? .bar : .lines, output: console.error)
    }

    /// Whether a bar is drawn (it alone shows the inputs' total bytes).
    var drawsBar: Bool { mode == .bar }

    func start(files: Int, bytes totalBytes: Int = 0) {
        lock.lock()
        total = files
        self.totalBytes = totalBytes
        done = 0
        bytes = 0
        streamed = [:]
        started = Date()
        drawn = .distantPast
        lock.unlock()
    }

    /// A piece of `path` was read: the bar moves within a large file (redrawn at most 10 times a second).
    func reading(_ path: String, bytes piece: Int) {
        guard mode == .bar else { return }
        lock.lock()
        defer { lock.unlock() }
        streamed[path, default: 0] += piece
        bytes += piece
        let now = Date()
        guard now.timeIntervalSince(drawn) >= redrawInterval else { return }
        drawn = now
        drawBar(now: now)
    }

    func parsed(_ path: String, bytes fileBytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        // The file counts its size once: what `reading` heard of is replaced (a file read whole
        // was not heard of; one read twice, sanitised, was heard of twice).
        bytes += fileBytes - (streamed.removeValue(forKey: path) ?? 0)
        switch mode {
        case .quiet:
            return
        case .lines:
            log(ProgressWords.fileRead(path, bytes: fileBytes, done: done, total: total))
        case .bar:
            drawn = Date()
            drawBar(now: drawn)
        }
    }

    /// `███░░░ 1/3 files  45.0 MB of 120.0 MB  220.3 MB/s`; called with the lock held.
    private func drawBar(now: Date) {
        let seconds = max(now.timeIntervalSince(started), 0.001)
        // A file read a second time (sanitised) must not take the count past the total.
        let bytes = totalBytes > 0 ? min(self.bytes, totalBytes) : self.bytes
        let rate = Double(bytes) / 1_000_000 / seconds
        let width = 24
        let fraction =
            totalBytes > 0 ? min(1, Double(bytes) / Double(totalBytes)) : (total > 0 ? Double(done) / Double(total) : 1)
        let filled = Int((Double(width) * fraction).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        write(
            "\r"
                + ProgressWords.bar(
                    bar, done: done, total: total, bytes: bytes, totalBytes: totalBytes, megabytesPerSecond: rate))
    }

    func finish() {
        if mode == .bar, total > 0 { write("\n") }
    }

    /// A plain message, unless quiet.
    package func log(_ message: String) {
        guard mode != .quiet else { return }
        write(message + "\n")
    }

    private func write(_ text: String) { output(text) }

}
