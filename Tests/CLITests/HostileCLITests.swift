import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Hostile inputs through the built binary: every case ends with exit 2 (or 0 with a warning),
/// in bounded time, never a signal, and a failing `canopy ingest` leaves the history untouched.
@Suite("Hostile input through the CLI", .serialized)
struct HostileCLITests {
    let sample = CLIRunner.repository.appendingPathComponent("Reports/samples/night-01").path

    private func temporaryDirectory(_ name: String = "canopy-hostile-") throws -> String {
        let path = NSTemporaryDirectory() + name + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// A copy of the first sample night plus `extra` files, in a fresh directory.
    private func inputDirectory(with extra: [String: Data]) throws -> String {
        let directory = try temporaryDirectory() + "/inputs"
        try FileManager.default.copyItem(atPath: sample, toPath: directory)
        for (name, data) in extra { try data.write(to: URL(fileURLWithPath: directory + "/" + name)) }
        return directory
    }

    /// The bytes of every file of the store (`history.sqlite`, `-wal`, `-shm`), to compare before and after.
    private func storeFiles(_ out: String) -> [String: Data] {
        var files: [String: Data] = [:]
        for suffix in ["", "-wal"] {
            let path = out + "/history.sqlite" + suffix
            if let data = FileManager.default.contents(atPath: path) { files[suffix] = data }
        }
        return files
    }

    private func ingest(_ out: String, _ inputs: [String], key: String = "hostile") throws -> BoundedRun {
        try BoundedRun.run(["ingest", "--quiet", "--out", out, "--run-key", key] + inputs)
    }

    /// Expects a failing ingest: exit 2, the offending file named, the store as it was.
    private func expectRefused(_ files: [String: Data], naming name: String) throws {
        let out = try temporaryDirectory()
        let clean = try ingest(out, [sample], key: "clean")
        #expect(clean.status == 0, "\(clean.stderr)")
        let before = storeFiles(out)
        let result = try ingest(out, [try inputDirectory(with: files)])
        #expect(!result.timedOut, "ingest hung")
        #expect(!result.crashed, "ingest died of signal \(result.status)")
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains(name), "\(result.stderr)")
        #expect(storeFiles(out) == before, "the store changed after a failing ingest")
        let list = try BoundedRun.run(["report", "--list", "--out", out])
        #expect(list.stdout.split(separator: "\n").count == 1)
    }

    @Test(
        "a hostile file among good ones: exit 2, named, nothing stored",
        arguments: [
            ("deep.json", Data(String(repeating: "[", count: 100_000).utf8)),
            ("deep-xcresult.json", Data(("{\"testNodes\":" + String(repeating: "[", count: 100_000)).utf8)),
            ("nul.json", Data("{\"testNodes\":[{\"nodeType\":\"Test Case\",\"name\":\"a\u{0}\"}]}".utf8)),
            ("garbage.json", Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })),
            (
                "garbage.xml",
                Data([0x3C, 0xFF, 0xFE, 0x00, 0x01] + (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            ),
            ("truncated-other.json", Data(#"{"name": "app", "vers"#.utf8)),
            ("truncated.json", Data("{\"testNodes\":[{\"nodeType\":\"Test Case\",\"name\":\"t".utf8)),
        ] as [(String, Data)])
    func hostileFileRefused(_ name: String, _ data: Data) throws {
        try expectRefused([name: data], naming: name)
    }

    @Test(
        "other documents a directory holds (coverage XML, a property list, package.json) are skipped with a note; named, refused"
    )
    func otherDocumentsSkipped() throws {
        let others: [String: Data] = [
            "coverage.xml": Data(#"<?xml version="1.0" ?><coverage line-rate="0.8"><packages/></coverage>"#.utf8),
            "Info.xml": Data(
                #"<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE plist><plist version="1.0"><dict/></plist>"#.utf8),
            "package.json": Data(#"{"name": "app", "version": "1.0.0"}"#.utf8),
            "tsconfig.json": Data(#"[{"compilerOptions": {"strict": true}}]"#.utf8),
        ]
        let clean = try BoundedRun.run(["ingest", "--out", try temporaryDirectory(), "--run-key", "clean", sample])
        #expect(clean.status == 0, "\(clean.stderr)")
        let out = try temporaryDirectory()
        let result = try BoundedRun.run([
            "ingest", "--out", out, "--run-key", "mixed", try inputDirectory(with: others),
        ])
        #expect(!result.timedOut && !result.crashed)
        #expect(result.status == 0, "\(result.stderr)")
        for name in others.keys {
            #expect(
                result.stderr.split(separator: "\n").contains { $0.hasPrefix("note: skipped") && $0.contains(name) },
                "\(name): \(result.stderr)")
        }
        #expect(result.stderr.contains("<coverage>") && result.stderr.contains("<plist>"))
        // The sample's own files are all read: the same tests as without the other documents.
        let tests = { (output: String) in output.split(separator: "(").last.map(String.init) }
        #expect(tests(result.stdout) == tests(clean.stdout), "\(result.stdout) vs \(clean.stdout)")

        // Named on the command line, another document is an error; a directory of nothing else is one too.
        let named = try ingest(try temporaryDirectory(), [sample, try inputDirectory(with: others) + "/coverage.xml"])
        #expect(named.status == 2 && named.stderr.contains("coverage.xml"), "\(named.stderr)")
        let lonely = try temporaryDirectory()
        try others["package.json"]?.write(to: URL(fileURLWithPath: lonely + "/package.json"))
        let none = try ingest(try temporaryDirectory(), [lonely])
        #expect(
            none.status == 2 && none.stderr.contains("package.json") && none.stderr.contains("not a report"),
            "\(none.stderr)")
    }

    @Test(
        "a flag takes its format: other reports a directory under --junit holds are skipped with a note; named, refused"
    )
    func flagsTakeTheirFormat() throws {
        let night = CLIRunner.night(12)
        let result = try BoundedRun.run([
            "ingest", "--out", try temporaryDirectory(), "--run-key", "junit-only", "--junit", night,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        for name in ["player-tests.json", "audit.json", "snapshots.json"] {
            #expect(
                result.stderr.split(separator: "\n").contains {
                    $0.hasPrefix("note: skipped") && $0.contains(name) && $0.contains("which --junit does not take")
                }, "\(name): \(result.stderr)")
        }
        let named = try ingest(try temporaryDirectory(), ["--junit", night + "/player-tests.json"])
        #expect(
            named.status == 2 && named.stderr.contains("player-tests.json")
                && named.stderr.contains("given with --junit"), "\(named.stderr)")
        // It says which flag takes it, and does not list it among what Canopy reads as if it were refused.
        #expect(named.stderr.contains("give it with --xcresult or as a plain path"), "\(named.stderr)")
        #expect(!named.stderr.contains("not a report Canopy reads"), "\(named.stderr)")
    }

    @Test("invalid UTF-8 in a JSON report is repaired: exit 0, the run is stored")
    func invalidUTF8Stored() throws {
        var bytes = Array(
            "{\"testNodes\":[{\"nodeType\":\"Test Case\",\"name\":\"tXX()\",\"nodeIdentifier\":\"A/tXX()\",\"result\":\"Passed\"}]}"
                .utf8)
        for index in bytes.indices where bytes[index] == UInt8(ascii: "X") { bytes[index] = 0xFF }
        let directory = try temporaryDirectory()
        try Data(bytes).write(to: URL(fileURLWithPath: directory + "/bad-utf8.json"))
        let out = try temporaryDirectory()
        let result = try ingest(out, [directory])
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test("links to reports are read; links to directories (a loop back up) are not followed")
    func linksFollowed() throws {
        let directory = try inputDirectory(with: [:])
        let manager = FileManager.default
        let linked = CLIRunner.repository.appendingPathComponent("Reports/samples/night-02/audit.json").path
        try manager.createSymbolicLink(atPath: directory + "/linked-audit.json", withDestinationPath: linked)
        try manager.createSymbolicLink(atPath: directory + "/loop", withDestinationPath: "..")
        let result = try BoundedRun.run(["inspect", "--summary", "--format", "json", directory])
        #expect(!result.timedOut && !result.crashed)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("linked-audit.json"))
    }

    @Test(
        "a dangling link, a link to itself or a loop of links: exit 2 naming it, bounded, nothing stored",
        arguments: [
            ["self.xml": "self.xml"], ["a.json": "b.json", "b.json": "a.json"], ["gone.xml": "/nonexistent/canopy.xml"],
        ])
    func brokenLinks(_ links: [String: String]) throws {
        let directory = try inputDirectory(with: [:])
        for (name, target) in links {
            try FileManager.default.createSymbolicLink(atPath: directory + "/" + name, withDestinationPath: target)
        }
        let out = try temporaryDirectory()
        let result = try ingest(out, [directory])
        #expect(!result.timedOut, "ingest hung on a symlink")
        #expect(!result.crashed)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(links.keys.contains { result.stderr.contains($0) }, "\(result.stderr)")
        #expect(result.stderr.contains("symbolic link"))
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
        // Named on the command line, a loop is an error too.
        let direct = try ingest(try temporaryDirectory(), [directory + "/" + (links.keys.sorted().first ?? "")])
        #expect(!direct.timedOut && !direct.crashed)
        #expect(direct.status == 2)
    }

    @Test("a link to a file that is not a report (/etc/passwd): exit 2, and none of its content is printed")
    func linkToSystemFile() throws {
        let directory = try inputDirectory(with: [:])
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/passwd.xml", withDestinationPath: "/etc/passwd")
        let out = try temporaryDirectory()
        let result = try ingest(out, [directory])
        #expect(!result.timedOut && !result.crashed)
        #expect(result.status == 2)
        #expect(result.stderr.contains("passwd.xml"))
        #expect(!result.stdout.contains("root:") && !result.stderr.contains("root:"))
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    @Test("NUL bytes in XML are replaced with a warning; the run is stored")
    func nulInXML() throws {
        let xml =
            "<testsuites><testsuite name=\"a\u{0}\"><testcase classname=\"A\" name=\"t\"/></testsuite></testsuites>"
        let directory = try temporaryDirectory()
        try Data(xml.utf8).write(to: URL(fileURLWithPath: directory + "/nul.xml"))
        let inspect = try BoundedRun.run(["inspect", directory + "/nul.xml"])
        #expect(inspect.status == 0)
        #expect(inspect.stdout.contains("not allowed in XML"), "\(inspect.stdout)")
        let out = try temporaryDirectory()
        let result = try ingest(out, [directory])
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "--quiet: \(result.stderr)")
        // Without --quiet, the warning is on standard error as compilers print one; `run` says it too.
        let loud = try BoundedRun.run(["ingest", "--out", try temporaryDirectory(), "--run-key", "nul", directory])
        #expect(
            loud.stderr.split(separator: "\n").contains {
                $0.contains("nul.xml") && $0.contains(": warning: characters not allowed in XML")
            }, "\(loud.stderr)")
        let run = try BoundedRun.run(["run", "--out", try temporaryDirectory(), "--run-key", "nul", directory])
        #expect(run.status == 0 && run.stderr.contains(": warning: characters not allowed in XML"), "\(run.stderr)")
    }

    @Test(
        "an unreadable file in the input directory: exit 2 naming it, nothing stored",
        .enabled(if: geteuid() != 0, "running as root: chmod 000 does not deny reads, so this case cannot be checked"))
    func unreadableFile() throws {
        let directory = try inputDirectory(with: ["locked.xml": Data("<testsuites/>".utf8)])
        chmod(directory + "/locked.xml", 0)
        defer { chmod(directory + "/locked.xml", 0o644) }
        let out = try temporaryDirectory()
        let result = try ingest(out, [directory])
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status == 2)
        #expect(result.stderr.contains("locked.xml"))
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    /// As root, permissions deny nothing; a file whose read fails still does: `/proc/self/mem` opens
    /// but reading its offset 0 (unmapped) fails with EIO, in whichever process reads it.
    @Test(
        "a file whose read fails (root too): exit 2 naming it, nothing stored",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem"), "needs Linux /proc"))
    func fileWhoseReadFails() throws {
        let directory = try inputDirectory(with: [
            "good.xml": Data(
                "<testsuites><testsuite name=\"S\"><testcase classname=\"A\" name=\"t\"/></testsuite></testsuites>".utf8
            )
        ])
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/broken-disk.xml", withDestinationPath: "/proc/self/mem")
        let out = try temporaryDirectory()
        let result = try ingest(out, [directory])
        #expect(!result.crashed && !result.timedOut)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("broken-disk.xml"))
        #expect(
            result.stderr.contains("Input/output error"),
            "the system's reason, not Foundation's generic one: \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    /// A FIFO was read to its end by the first look and opened again, which blocked for ever;
    /// `<(cat report.xml)` was read twice and misparsed. Named, they are refused at once.
    @Test("a FIFO, a device or standard input named as an input: exit 2 at once naming it, nothing stored")
    func pipesAndDevices() throws {
        let directory = try temporaryDirectory()
        let fifo = directory + "/results.xml"
        #expect(mkfifo(fifo, 0o644) == 0)
        let out = try temporaryDirectory()
        for input in [fifo, "/dev/zero", "-"] {
            let result = try BoundedRun.run(
                ["ingest", "--quiet", "--out", out, "--run-key", "pipe", input], seconds: 30)
            #expect(!result.crashed && !result.timedOut, "\(input)")
            #expect(result.status == 2, "\(input): \(result.stderr)")
            #expect(
                result.stderr.contains(input == "-" ? "standard input is not read" : "not a file"), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    @Test("paths with spaces and unicode work for inputs, output and the store, and are named in errors")
    func spacesAndUnicode() throws {
        let base = try temporaryDirectory("canopy hostile ünï 测试 🌳 ")
        let inputs = base + "/my reports/nuit d'été"
        try FileManager.default.createDirectory(atPath: inputs, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: sample) {
            try FileManager.default.copyItem(atPath: sample + "/" + file, toPath: inputs + "/rapport é " + file)
        }
        let out = base + "/out put"
        let result = try ingest(out, [inputs])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/history.sqlite"))
        let report = try BoundedRun.run(["report", "--out", out])
        #expect(report.status == 0, "\(report.stderr)")
        #expect(FileManager.default.fileExists(atPath: out + "/site/index.html"))
        let broken = inputs + "/cassé 💥.xml"
        try Data("<testsuites><testsuite>".utf8).write(to: URL(fileURLWithPath: broken))
        let failing = try ingest(out, [inputs], key: "second")
        #expect(failing.status == 2)
        #expect(failing.stderr.contains("cassé 💥.xml"), "\(failing.stderr)")
    }
}

/// One run of the binary with a deadline: output goes to files (no pipe can fill and block), and
/// a run past the deadline is killed and reported as hung.
struct BoundedRun {
    var status: Int32
    var stdout: String
    var stderr: String
    var timedOut: Bool
    /// Whether the process died of a signal (other than our own kill on timeout).
    var crashed: Bool

    static func run(_ arguments: [String], seconds: Double = 120) throws -> BoundedRun {
        let directory = NSTemporaryDirectory() + "canopy-run-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        FileManager.default.createFile(atPath: directory + "/out", contents: nil)
        FileManager.default.createFile(atPath: directory + "/err", contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/out"))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: directory + "/err"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for key in environment.keys where key.hasPrefix("GITHUB_") || key.hasPrefix("CANOPY_") || key == "CI" {
            environment.removeValue(forKey: key)
        }
        process.environment = environment
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(seconds)
        var timedOut = false
        while process.isRunning {
            if Date() > deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        let stdout = FileManager.default.contents(atPath: directory + "/out") ?? Data()
        let stderr = FileManager.default.contents(atPath: directory + "/err") ?? Data()
        return BoundedRun(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self), timedOut: timedOut,
            crashed: !timedOut && process.terminationReason == .uncaughtSignal)
    }
}
