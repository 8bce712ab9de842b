import Foundation
import Testing

/// `canopy index-source` and `canopy run --source` on a tree holding Swift no parser should be
/// given whole (generated here, never committed): both finish, exit 0, and say once per file what
/// they left out; `run` stores its run and moves its files into place.
@Suite("Hostile Swift sources (end to end)", .serialized)
struct HostileSourceCLITests {
    /// The hostile shapes, by file name; each is left out of the index.
    static let shapes: [String: String] = [
        "Generics.swift": "let x: " + String(repeating: "A<", count: 1_000) + "Int"
            + String(repeating: ">", count: 1_000),
        "Members.swift": "let x = a" + String(repeating: ".b", count: 12_000),
        "Calls.swift": "let x = f" + String(repeating: "()", count: 12_000),
        "Unwraps.swift": "let x = a" + String(repeating: "!", count: 12_000),
        "OptionalChain.swift": "let x = a" + String(repeating: "?.b", count: 12_000),
        "Subscripts.swift": "let x = f" + String(repeating: "[0]", count: 12_000),
        "ArrayLiteral.swift": "let x = " + String(repeating: "[", count: 10_000) + "1"
            + String(repeating: "]", count: 10_000),
        "ArrayType.swift": "let x: " + String(repeating: "[", count: 10_000) + "Int"
            + String(repeating: "]", count: 10_000),
        "SixtyBytes.swift": "let a = " + String(repeating: "[", count: 28) + "1" + String(repeating: "]", count: 28),
        "Large.swift": String(repeating: "let a = \"0123456789012345678901234567890123456789\"\n", count: 90_000),
    ]

    /// A directory with the hostile shapes under `Generated/` and one ordinary view.
    static func tree() throws -> String {
        let directory = try CLIRunner.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: directory + "/Generated", withIntermediateDirectories: true)
        try "struct V { func f() { a.accessibilityIdentifier = \"Kept\" } }\n".write(
            toFile: directory + "/V.swift", atomically: true, encoding: .utf8)
        for (name, text) in shapes {
            try text.write(toFile: directory + "/Generated/" + name, atomically: true, encoding: .utf8)
        }
        return directory
    }

    /// Runs `canopy` as `CLIRunner.run` does, killed after `seconds`: a hang fails the test
    /// instead of stopping the suite. Status 9 (SIGKILL) means it was stopped.
    static func run(_ arguments: [String], seconds: Double, environment: [String: String] = [:]) throws
        -> CLIRunner.Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for key in env.keys where key.hasPrefix("GITHUB_") || key.hasPrefix("CANOPY_") || key == "CI" {
            env.removeValue(forKey: key)
        }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-out-\(UUID())")
        let err = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-err-\(UUID())")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let killed = process.terminationReason == .uncaughtSignal
        return CLIRunner.Result(
            status: killed ? 128 + process.terminationStatus : process.terminationStatus,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "")
    }

    @Test func indexSourceSkipsEachHostileFileWithOneWarning() throws {
        let directory = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try Self.run(
            ["index-source", "--format", "json", directory], seconds: 120,
            environment: ["XDG_CACHE_HOME": directory + "/cache"])
        #expect(result.status == 0, "\(result.stderr)")
        let warnings = result.stderr.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
        #expect(warnings.count == Self.shapes.count, "\(result.stderr)")
        for name in Self.shapes.keys {
            #expect(
                warnings.filter { $0.hasPrefix("warning: \(directory)/Generated/\(name): not indexed: ") }.count == 1,
                "\(name): \(result.stderr)")
        }
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Any])
        #expect(summary["skipped"] as? Int == Self.shapes.count)
        #expect(summary["declarations"] as? Int == 1)
    }

    @Test func runWithHostileSourcesStoresTheRun() throws {
        let directory = try Self.tree()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let out = directory + "/out"
        let junit = directory + "/junit.xml"
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="AppUITests.LoginTests" tests="1" failures="0">
        <testcase classname="AppUITests.LoginTests" name="testLogin" time="1.0"/>
        </testsuite></testsuites>
        """.write(toFile: junit, atomically: true, encoding: .utf8)
        let store = directory + "/history.sqlite"
        let result = try Self.run(
            [
                "run", "--out", out, "--store", store, "--annotations", "none", "--run-key", "hostile", "--source",
                directory, junit,
            ], seconds: 180, environment: ["XDG_CACHE_HOME": directory + "/cache"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stderr.components(separatedBy: ": not indexed: ").count - 1 == Self.shapes.count, "\(result.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: store)[.size] as? Int
        #expect((size ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: out + "/summary.md"))
        let hidden = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".") }
        #expect(hidden.isEmpty, "a staging directory was left: \(hidden)")
    }
}
