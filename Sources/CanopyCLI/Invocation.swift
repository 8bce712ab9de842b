import ArgumentParser
import CanopyPipeline
import Foundation

/// One run of a `canopy` command: the environment it reads (CI, GITHUB_*, CANOPY_*, …) and the
/// console it writes to. Subcommands read and write through it only, never through `ProcessInfo`
/// or the process's file descriptors, so that commands can run side by side in one process.
package struct Invocation: Sendable {
    package var environment: [String: String]
    package var console: Console
    /// Keeps the command's results alive until the process exits (`keep`); nil when the command
    /// runs inside another process, which frees them as it goes.
    package var retainer: Retainer?

    package init(environment: [String: String], console: Console, retainer: Retainer? = nil) {
        self.environment = environment
        self.console = console
        self.retainer = retainer
    }

    /// Writes lines to standard output, each on one line that no CI runner reads as a command
    /// (test names and messages are the report writer's text: `String.oneLine`); only the
    /// annotations Canopy made itself go `asWorkflowCommands`.
    func emit(_ lines: [String], asWorkflowCommands: Bool = false) {
        guard !lines.isEmpty else { return }
        let text = asWorkflowCommands ? lines : lines.map(\.oneLine)
        console.output(text.joined(separator: "\n") + "\n")
    }

    /// Writes lines to standard error (which CI runners read for commands too), as `emit` does.
    func warn(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        console.error(lines.map(\.oneLine).joined(separator: "\n") + "\n")
    }

    /// Writes `text` to standard output as it is (JSON, a listing already one line per entry).
    func output(_ text: String) { console.output(text) }

    /// Hands `value` to the retainer, if any: a large run's values are then never freed one by
    /// one, the process returning its memory at exit.
    func keep(_ value: some Sendable) { retainer?.keep(value) }
}

/// Values kept until the process exits (`Invocation.keep`).
package final class Retainer: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [any Sendable] = []

    package init() {}

    func keep(_ value: some Sendable) {
        lock.lock()
        values.append(value)
        lock.unlock()
    }
}

/// A subcommand that runs with its invocation's environment and console (`Canopy.invoke`).
protocol InvokedCommand: ParsableCommand {
    func run(in invocation: Invocation) async throws
}
