import Foundation

/// Runs the built `canopy` binary; the oracle reads nothing but what it writes.
enum CanopyBinary {
    struct Result {
        var arguments: [String]
        var status: Int32
        var stdout: String
        var stderr: String
        var seconds: Double = 0
    }

    /// `.build/<triple>/debug/canopy`, next to the test bundle (the target depends on `canopy`).
    static let path: String = {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if directory.lastPathComponent.hasSuffix(".xctest") { directory.deleteLastPathComponent() }
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent("canopy").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return ".build/debug/canopy"
    }()

    /// Runs `canopy arguments…` with no CI variables in its environment; stdout and stderr go to
    /// files, so a full pipe never blocks it.
    static func run(_ arguments: [String], scratch: String) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys
        where key.hasPrefix("GITHUB_") || key.hasPrefix("CANOPY_") || key == "CI" || key.hasPrefix("GITLAB")
            || key.hasPrefix("BITRISE") || key.hasPrefix("BUILDKITE") || key.hasPrefix("JENKINS")
            || key.hasPrefix("CIRCLE") || key == "CHANGE_TARGET" || key.hasPrefix("CI_")
        {
            environment.removeValue(forKey: key)
        }
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: scratch)
        let outPath = scratch + "/.stdout"
        let errPath = scratch + "/.stderr"
        FileManager.default.createFile(atPath: outPath, contents: nil)
        FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer {
            try? out.close()
            try? err.close()
        }
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let started = Date()
        try process.run()
        process.waitUntilExit()
        let seconds = Date().timeIntervalSince(started)
        let stdout = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return Result(
            arguments: arguments, status: process.terminationStatus, stdout: stdout, stderr: stderr, seconds: seconds)
    }
}
