import Foundation
import Testing

/// `CLIRunner.run` runs a command in the test process (`Canopy.invoke`): it must end with the code
/// and print the text the `canopy` binary does, read only the environment it is given, and write
/// only to its own console while other commands run beside it.
@Suite("commands run in the test process as the binary runs them")
struct InProcessInvocationTests {
    /// One argument list per way a command ends: success, a failed gate, a usage error, a
    /// validation error, bad input, help and version (standard output, 0), a command group's help.
    static func endings(out: String) -> [[String]] {
        [
            ["inspect", "--summary", CLIRunner.night(14)],
            ["check", "--out", out, "--config", CLIRunner.night(14) + "/../canopy.yml", CLIRunner.night(14)],
            ["inspect", "--no-such-option", CLIRunner.night(14)],
            ["run", "--quiet", "--verbose", CLIRunner.night(14)],
            ["inspect", out + "/missing.xml"],
            ["inspect", "--help"],
            ["--version"],
            ["quarantine"],
        ]
    }

    @Test("every ending: the same exit code, standard output and standard error as the binary")
    func sameEndingsAsTheBinary() async throws {
        let out = try CLIRunner.temporaryDirectory()
        var statuses: Set<Int32> = []
        for arguments in Self.endings(out: out) {
            let inProcess = try await CLIRunner.run(arguments)
            let spawned = try CLIRunner.spawn(arguments)
            let name = arguments.joined(separator: " ")
            #expect(inProcess.status == spawned.status, "\(name): \(inProcess.status) in process")
            #expect(inProcess.stdout == spawned.stdout, "\(name)")
            #expect(Self.lines(inProcess.stderr) == Self.lines(spawned.stderr), "\(name): \(inProcess.stderr)")
            statuses.insert(spawned.status)
        }
        #expect(statuses == [0, 1, 2], "the endings cover success, a failed gate and bad input: \(statuses)")
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"), "check stored nothing")
    }

    /// `text`'s lines sorted, each progress line without its count (`[2/6]`): files are read in
    /// parallel, so their lines come in any order.
    static func lines(_ text: String) -> [Substring] {
        text.split(separator: "\n").map { line in
            guard line.hasPrefix("read "), line.hasSuffix("]"), let count = line.range(of: " [", options: .backwards)
            else { return line }
            return line[..<count.lowerBound]
        }.sorted()
    }

    @Test("commands run side by side each print their own output, whole")
    func concurrentCommandsKeepTheirOutput() async throws {
        let nights = Array(1...8)
        var alone: [Int: CLIRunner.Result] = [:]
        for night in nights { alone[night] = try await CLIRunner.run(["inspect", CLIRunner.night(night)]) }
        let together = try await withThrowingTaskGroup(of: (Int, CLIRunner.Result).self) { group in
            for night in nights {
                group.addTask { (night, try await CLIRunner.run(["inspect", CLIRunner.night(night)])) }
            }
            return try await group.reduce(into: [Int: CLIRunner.Result]()) { $0[$1.0] = $1.1 }
        }
        #expect(Set(alone.values.map(\.stdout)).count == nights.count, "the nights' listings differ")
        for night in nights {
            #expect(together[night]?.stdout == alone[night]?.stdout, "night \(night)")
            #expect(together[night].map { Self.lines($0.stderr) } == alone[night].map { Self.lines($0.stderr) })
        }
    }

    @Test("a command reads the environment it is given, not the test process's")
    func givenEnvironmentOnly() async throws {
        #expect(ProcessInfo.processInfo.environment["CANOPY_STORE"] == nil)
        let directory = try CLIRunner.temporaryDirectory()
        let store = directory + "/named.sqlite"
        let ingest = try await CLIRunner.run(
            ["ingest", "--quiet", "--out", directory + "/out", "--run-key", "given", CLIRunner.night(3)],
            environment: ["CANOPY_STORE": store])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(FileManager.default.fileExists(atPath: store), "CANOPY_STORE named the store")
        #expect(!FileManager.default.fileExists(atPath: directory + "/out/history.sqlite"))
        let list = try await CLIRunner.run(["report", "--list", "--store", store])
        #expect(list.stdout.contains("given"), "\(list.stdout)")
    }

    @Test("progress goes to the command's own standard error, as lines (in process it is never a terminal)")
    func progressOnTheInvocationsError() async throws {
        let night = CLIRunner.night(12)
        let result = try await CLIRunner.run([
            "ingest", "--out", try CLIRunner.temporaryDirectory(), "--run-key", "n12", night,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: night).filter { !$0.hasPrefix(".") }
        for file in files {
            #expect(result.stderr.contains(file), "no progress line for \(file):\n\(result.stderr)")
        }
        #expect(!result.stderr.contains("\r"), "no bar is drawn")
    }
}
