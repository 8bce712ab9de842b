import CanopyCLI
import CanopyPipeline
import Foundation

/// Runs `canopy` commands, in this process (`run`) or as the built binary (`spawn`), and captures
/// what they print.
struct CLIRunner {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// `.build/<triple>/debug/canopy`, next to the test bundle.
    static var binary: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("canopy").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return ".build/debug/canopy"
    }

    /// The repository root, found from this source file.
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A fresh directory under the system's temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "canopy-cli-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A night of the sample history (`Reports/samples/night-NN`).
    static func night(_ number: Int) -> String {
        repository.appendingPathComponent("Reports/samples").path + String(format: "/night-%02d", number)
    }

    static func fixture(_ relative: String) -> String {
        repository.appendingPathComponent("Tests/CanopyParsersTests/Fixtures/" + relative).path
    }

    /// Runs `canopy arguments…` in this process (`Canopy.invoke`) with `childEnvironment(environment)`
    /// and a console of its own: what it returns and printed, as the binary would have. Commands
    /// run so share the process's current directory, and read no variable from the process's own
    /// environment; a test that needs a process of its own (a working directory, signals, a
    /// broken pipe, exit codes end to end, a variable read from `ProcessInfo`) uses `spawn`.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Result {
        let output = Sink()
        let error = Sink()
        let environment = childEnvironment(environment)
        // A spawned binary's output is a pipe: ArgumentParser wraps at `COLUMNS`, else 80.
        let columns = environment["COLUMNS"].flatMap(Int.init) ?? 80
        let status = await Canopy.invoke(
            arguments, environment: environment,
            console: Console(output: output.append, error: error.append, columns: columns))
        return Result(status: status, stdout: output.text, stderr: error.text)
    }

    /// Runs the built `canopy` binary with `childEnvironment(environment)`, in `directory` (the
    /// current directory when nil), and captures what it prints.
    static func spawn(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = childEnvironment(environment)
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The environment a command is given: this process's, less what would make it think it runs
    /// in CI or name its store and configuration (GITHUB_*, GITLAB*, CANOPY_*, CI), plus `given`.
    static func childEnvironment(_ given: [String: String]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys
        where key.hasPrefix("GITHUB_") || key.hasPrefix("CANOPY_") || key == "CI" || key.hasPrefix("GITLAB") {
            environment.removeValue(forKey: key)
        }
        for (key, value) in given { environment[key] = value }
        return environment
    }

    /// Text written from any thread, kept in order.
    final class Sink: @unchecked Sendable {
        private let lock = NSLock()
        private var written = ""

        @Sendable func append(_ text: String) {
            lock.lock()
            written += text
            lock.unlock()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return written
        }
    }

    /// Runs `python3 -c script arguments…` (the tests edit stores with python3's sqlite3, as
    /// another program would); its exit status and what it printed on stdout, trimmed.
    static func python(_ script: String, _ arguments: String...) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let printed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, printed.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
