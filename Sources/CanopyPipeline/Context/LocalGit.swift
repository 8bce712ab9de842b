import CanopyModel
import Foundation

/// Commit and branch of the working directory's git checkout, for runs outside CI.
enum LocalGit {
    static func metadata(environment: [String: String]) -> RunMetadata {
        guard FileManager.default.fileExists(atPath: ".git") else { return RunMetadata() }
        return RunMetadata(
            commit: git(["rev-parse", "HEAD"]),
            branch: git(["rev-parse", "--abbrev-ref", "HEAD"]).flatMap { $0 == "HEAD" ? nil : $0 })
    }

    private static func git(_ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }
}
