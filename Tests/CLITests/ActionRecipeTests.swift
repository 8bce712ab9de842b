import Foundation
import Testing

/// The README's Action step, as pasted, on a project that writes test results only: no snapshots,
/// no audits. The Action's `canopy run` step is `.ci/action-run`, given the inputs as the
/// composite step gives them (action.yml).
@Suite("the README's Action recipe")
struct ActionRecipeTests {
    /// The `with:` of the README's `uses: OWNER/canopy@…` step, as `{ key: value, … }`.
    static func readmeInputs() throws -> [String: String] {
        let readme = try String(
            contentsOf: CLIRunner.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let uses = try #require(lines.firstIndex { $0.contains("uses: OWNER/canopy@") }, "no Action step in the README")
        let with = try #require(lines[uses...].first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("with:") })
        let map = try #require(with.split(separator: "{", maxSplits: 1).last?.split(separator: "}").first)
        var inputs: [String: String] = [:]
        for pair in map.split(separator: ",") {
            let parts = pair.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if parts.count == 2 { inputs[parts[0]] = parts[1] }
        }
        return inputs
    }

    /// Runs `.ci/action-run` in `project` with the Action's inputs (its defaults where not given).
    static func actionRun(_ inputs: [String: String], in project: String) throws -> (
        status: Int32, stderr: String, outputs: String
    ) {
        let outputs = project + "/github-output"
        FileManager.default.createFile(atPath: outputs, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLIRunner.repository.appendingPathComponent(".ci/action-run").path]
        process.currentDirectoryURL = URL(fileURLWithPath: project)
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("GITHUB_") && !$0.key.hasPrefix("CANOPY_") && $0.key != "CI"
        }
        environment["CANOPY"] = CLIRunner.binary
        environment["GITHUB_OUTPUT"] = outputs
        environment["REPORTS"] = inputs["reports"] ?? ""
        environment["SNAPSHOTS"] = inputs["snapshots"] ?? ""
        environment["AUDITS"] = inputs["audits"] ?? ""
        environment["OUT"] = inputs["out"] ?? "Reports"
        environment["ANNOTATIONS"] = inputs["annotations"] ?? "auto"
        environment["ARGS"] = inputs["args"] ?? ""
        environment["TEST_OUTCOME"] = inputs["test-outcome"] ?? ""
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr, try String(contentsOfFile: outputs, encoding: .utf8))
    }

    @Test("on a project with no snapshots or audits, the step judges the run: a note for each, never exit 2")
    func noSnapshotsNoAudits() throws {
        let inputs = try Self.readmeInputs()
        #expect(inputs["snapshots"] != nil && inputs["audits"] != nil, "the recipe names them: \(inputs)")
        let project = try CLIRunner.temporaryDirectory()
        let reports = project + "/" + (inputs["reports"] ?? "build/reports")
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        try DestinationTests.xcbeautify(loginFails: false).write(
            toFile: reports + "/junit.xml", atomically: true, encoding: .utf8)
        let result = try Self.actionRun(inputs, in: project)
        #expect(result.status == 0)
        #expect(result.outputs.contains("exit-code=0"), "\(result.outputs)\n\(result.stderr)")
        for name in ["snapshots", "audits"] {
            let path = inputs[name] ?? ""
            #expect(result.stderr.contains("note: skipped \(path): an optional input"), "\(result.stderr)")
        }
        #expect(FileManager.default.fileExists(atPath: project + "/Reports/summary.md"))
    }

    @Test("without test results the step fails (exit 2), naming what it looked for")
    func noResults() throws {
        let inputs = try Self.readmeInputs()
        let project = try CLIRunner.temporaryDirectory()
        let result = try Self.actionRun(inputs, in: project)
        #expect(result.outputs.contains("exit-code=2"), "\(result.outputs)")
        #expect(result.stderr.contains(inputs["reports"] ?? "build/reports"), "\(result.stderr)")
    }

    @Test("an optional input that is there is read")
    func optionalPresent() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        try DestinationTests.xcbeautify(loginFails: false).write(
            toFile: directory + "/junit.xml", atomically: true, encoding: .utf8)
        let snapshots = CLIRunner.repository.appendingPathComponent("Reports/samples/night-14/snapshots.json").path
        let result = try await CLIRunner.run([
            "inspect", "--format", "json", directory + "/junit.xml", "--optional", snapshots,
            "--optional", directory + "/absent/*.json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"format\" : \"snapshots\"") || result.stdout.contains("snapshots.json"))
        #expect(
            result.stderr.contains("note: skipped \(directory)/absent/*.json: an optional input"), "\(result.stderr)")
    }

    @Test(
        "test-outcome: a failed test step whose results explain nothing fails; one whose failure is there passes to the gates"
    )
    func testOutcome() throws {
        var inputs = try Self.readmeInputs()
        inputs["test-outcome"] = "failure"
        let project = try CLIRunner.temporaryDirectory()
        let reports = project + "/" + (inputs["reports"] ?? "build/reports")
        try FileManager.default.createDirectory(atPath: reports, withIntermediateDirectories: true)
        try DestinationTests.xcbeautify(loginFails: false).write(
            toFile: reports + "/junit.xml", atomically: true, encoding: .utf8)
        let unexplained = try Self.actionRun(inputs, in: project)
        #expect(unexplained.outputs.contains("exit-code=1"), "\(unexplained.outputs)\n\(unexplained.stderr)")
        inputs["test-outcome"] = "success"
        let passed = try Self.actionRun(inputs, in: project)
        #expect(
            passed.outputs.hasSuffix("exit-code=0\nsummary=Reports/summary.md\ndashboard=Reports/site/index.html\n"),
            "\(passed.outputs)")
    }
}
