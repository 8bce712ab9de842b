import Foundation
import Testing

/// The Action's Slack step (action.yml, `Post the Slack message`): it posts `<out>/slack.json` with
/// `curl`, and a failure to post is a warning, never a failed step.
@Suite("the Action's Slack step")
struct ActionSlackStepTests {
    /// The `run: |` script of the step named `name` in action.yml.
    static func script(_ name: String) throws -> String {
        let action = try String(contentsOf: CLIRunner.repository.appendingPathComponent("action.yml"), encoding: .utf8)
        let lines = action.components(separatedBy: "\n")
        let step = try #require(lines.firstIndex { $0.trimmingCharacters(in: .whitespaces) == "- name: \(name)" })
        let run = try #require(lines[step...].firstIndex { $0.trimmingCharacters(in: .whitespaces) == "run: |" })
        let indent = lines[run].prefix { $0 == " " }.count
        let body = lines[(run + 1)...].prefix { line in
            line.trimmingCharacters(in: .whitespaces).isEmpty || line.prefix { $0 == " " }.count > indent
        }
        return body.map { String($0.dropFirst(min(indent + 2, $0.count))) }.joined(separator: "\n")
    }

    /// Runs the step in `project` with a `curl` on the PATH that records its arguments and exits
    /// `curlStatus`: the step's status, its standard output, and curl's arguments (nil: not run).
    static func post(in project: String, curlStatus: Int32) throws -> (status: Int32, stdout: String, curl: String?) {
        let bin = project + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/sh\nprintf '%s\\n' \"$@\" > \"\(project)/curl-args\"\nexit \(curlStatus)\n".write(
            toFile: bin + "/curl", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/curl")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-e", "-c", try script("Post the Slack message")]
        process.currentDirectoryURL = URL(fileURLWithPath: project)
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["WEBHOOK"] = "https://hooks.slack.example/services/T0/B0/secret"
        environment["OUT"] = "Reports"
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let stdout = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, try? String(contentsOfFile: project + "/curl-args", encoding: .utf8))
    }

    @Test("posts <out>/slack.json to the webhook; a failed post or no message is a warning, exit 0")
    func postsOrWarns() throws {
        let project = try CLIRunner.temporaryDirectory()
        // No message written (the run stopped before its files): a warning, curl not run.
        let missing = try Self.post(in: project, curlStatus: 0)
        #expect(missing.status == 0 && missing.curl == nil)
        #expect(missing.stdout.contains("::warning::") && missing.stdout.contains("Reports/slack.json"))
        try FileManager.default.createDirectory(atPath: project + "/Reports", withIntermediateDirectories: true)
        try "{\"text\":\"t\",\"blocks\":[]}\n".write(
            toFile: project + "/Reports/slack.json", atomically: true, encoding: .utf8)
        let posted = try Self.post(in: project, curlStatus: 0)
        #expect(posted.status == 0 && !posted.stdout.contains("::warning::"), "\(posted.stdout)")
        let arguments = try #require(posted.curl).components(separatedBy: "\n")
        #expect(arguments.contains("-fsS") && arguments.contains("POST"))
        #expect(arguments.contains("Content-type: application/json"))
        #expect(arguments.contains("@Reports/slack.json"))
        #expect(arguments.contains("https://hooks.slack.example/services/T0/B0/secret"))
        // Slack refuses the post (curl -f exits 22): the job goes on, warned.
        let refused = try Self.post(in: project, curlStatus: 22)
        #expect(refused.status == 0, "\(refused.stdout)")
        #expect(refused.stdout.contains("::warning::canopy: posting Reports/slack.json"), "\(refused.stdout)")
    }
}
