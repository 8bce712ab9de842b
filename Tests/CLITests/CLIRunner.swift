import Foundation

/// Runs the built `canopy` binary and captures what it prints.
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

    static func run(_ arguments: [String], environment: [String: String] = [:], directory: String? = nil) throws
        -> Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in env.keys
        where key.hasPrefix("GITHUB_") || key.hasPrefix("CANOPY_") || key == "CI" || key.hasPrefix("GITLAB") {
            env.removeValue(forKey: key)
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
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
