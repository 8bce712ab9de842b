import Foundation

/// Reports progress of long work on standard error: a redrawn bar on a terminal, plain log lines
/// otherwise, nothing when quiet.
public final class Progress: @unchecked Sendable {
    public enum Mode: Sendable {
        case bar
        case lines
        case quiet
    }

    private let mode: Mode
    private let lock = NSLock()
    private var total = 0
    private var done = 0
    private var bytes = 0
    private var started = Date()

    public init(mode: Mode) {
        self.mode = mode
    }

    /// A bar on a terminal, lines otherwise; `quiet` wins.
    public static func automatic(quiet: Bool) -> Progress {
        if quiet { return Progress(mode: .quiet) }
        return Progress(mode: isatty(STDERR_FILENO) == 1 ? .bar : .lines)
    }

    func start(files: Int) {
        lock.lock()
        total = files
        done = 0
        bytes = 0
        started = Date()
        lock.unlock()
    }

    func parsed(_ path: String, bytes fileBytes: Int) {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        bytes += fileBytes
        let seconds = max(Date().timeIntervalSince(started), 0.001)
        let rate = Double(bytes) / 1_000_000 / seconds
        switch mode {
        case .quiet:
            return
        case .lines:
            log("parsed \(path) (\(format(Double(fileBytes) / 1_000_000)) MB) [\(done)/\(total)]")
        case .bar:
            let width = 24
            let filled = total > 0 ? width * done / total : width
            let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
            write("\r\(bar) \(done)/\(total) files  \(format(Double(bytes) / 1_000_000)) MB  \(format(rate)) MB/s ")
        }
    }

    func finish() {
        if mode == .bar, total > 0 { write("\n") }
    }

    /// A plain message, unless quiet.
    public func log(_ message: String) {
        guard mode != .quiet else { return }
        write(message + "\n")
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    private func format(_ value: Double) -> String { String(format: "%.1f", value) }
}
