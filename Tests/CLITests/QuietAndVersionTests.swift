import Foundation
import Testing

/// `--quiet` means the same on every command that writes files; `--version` answers; commands
/// that only read history never create a store.
@Suite("--quiet on every command, --version, no store created by reading", .serialized)
struct QuietAndVersionTests {
    /// Inputs and the path options are what users type: the completion scripts complete files
    /// for them (bash completed nothing, since no completion kind was declared).
    @Test("shell completions complete files for inputs, --junit, --config and --store, directories for --out")
    func completions() throws {
        let bash = try CLIRunner.spawn(["--generate-completion-script", "bash"])
        #expect(bash.status == 0)
        let inspect = try #require(
            bash.stdout.components(separatedBy: "_canopy_inspect() {").last?.components(separatedBy: "\n}\n").first)
        #expect(inspect.contains("'--junit')\n        __canopy_add_completions -f"), "\(inspect)")
        #expect(
            inspect.contains("'--config')\n        __canopy_add_completions -o plusdirs -fX '!*.@(yml|yaml)'"),
            "\(inspect)")
        #expect(
            inspect.contains("# Offer positional completions")
                && inspect.hasSuffix("__canopy_add_completions -f\n        return\n        ;;\n    esac"), "\(inspect)")
        let run = try #require(
            bash.stdout.components(separatedBy: "_canopy_run() {").last?.components(separatedBy: "\n}\n").first)
        #expect(run.contains("'--store')\n        __canopy_add_completions -f"), "\(run)")
        #expect(run.contains("'--out')\n        __canopy_add_completions -d"), "\(run)")
        let zsh = try CLIRunner.spawn(["--generate-completion-script", "zsh"])
        #expect(zsh.stdout.contains(":_files"), "\(zsh.stdout.prefix(2000))")
    }

    /// `canopy inspect … | head -1` closes the pipe while Canopy writes: the rest is dropped and
    /// the exit code is Canopy's own, not 141 (killed by SIGPIPE), which fails a `pipefail` step.
    @Test("a reader that goes away (| head, | true) leaves the exit code Canopy's own")
    func closedPipe() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [
            "-c", "set -o pipefail; \"$0\" inspect \"$1\" | true; echo \"status $?\"", CLIRunner.binary,
            CLIRunner.night(14),
        ]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(text == "status 0\n")
    }

    @Test("--version prints the version and, built from a git checkout, the commit it was built from")
    func version() throws {
        let result = try CLIRunner.spawn(["--version"])
        #expect(result.status == 0)
        let line = result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = line.split(separator: " ", maxSplits: 1)
        #expect(
            parts.first?.split(separator: ".").count == 3
                && parts.first?.allSatisfy { $0.isNumber || $0 == "." } == true, "\(line)")
        // `git` may be missing (a source tarball has no `.git` either): then only the form is checked.
        guard let head = Self.gitHead() else { return }
        #expect(line.hasSuffix(" (commit \(head.prefix(12)))"), "\(line) does not name HEAD \(head)")
    }

    /// `git rev-parse HEAD` in the repository, nil without git or a checkout.
    static func gitHead() -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", CLIRunner.repository.path, "rev-parse", "HEAD"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let head = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return process.terminationStatus == 0 && head.count == 40 ? head : nil
    }

    @Test(
        "contradictory or empty options are usage errors naming the command",
        arguments: [
            (["ingest", "-q", "-v"], "--quiet and --verbose"),
            (["run", "--quiet", "--verbose"], "--quiet and --verbose"),
            (["ingest", "--run-key", ""], "--run-key is empty"),
            (["ingest", "--run-key", "nightly\n::error::x"], "--run-key holds a line break"),
            (["ingest", "--started-at", "yesterday"], "is not an ISO 8601 time"),
            // Times Foundation's formatter rolls over or reads as the day alone.
            (
                ["ingest", "--started-at", "2026-02-30T00:00:00Z"],
                "is not an ISO 8601 time: there is no day 30 in February 2026"
            ),
            (["ingest", "--started-at", "2026-11-22T25:00:00Z"], "hour 25 is out of range"),
            (["ingest", "--started-at", "2026-11-22T02:00:00+99:00"], "the offset +99:00 is out of range"),
            (["ingest", "--started-at", "2026-11-22T02:00:00"], "the time has no zone; add Z"),
            (["inspect", "--report", "--summary"], "--summary"),
        ])
    func contradictoryOptions(_ arguments: [String], message: String) async throws {
        let out = try CLIRunner.temporaryDirectory()
        let output = arguments[0] == "inspect" ? [] : ["--out", out]
        let result = try await CLIRunner.run(arguments + output + [CLIRunner.night(12)])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stderr.contains("Usage: canopy \(arguments[0])"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/history.sqlite"))
    }

    @Test("--started-at takes ISO 8601 with fractional seconds, an offset, or a day")
    func startedAtForms() async throws {
        let out = try CLIRunner.temporaryDirectory()
        for (key, time) in [("a", "2026-11-22T02:00:00.123Z"), ("b", "2026-11-22T03:00:00+01:00"), ("c", "2026-11-23")]
        {
            let result = try await CLIRunner.run([
                "ingest", "-q", "--out", out, "--run-key", key, "--started-at", time, CLIRunner.night(12),
            ])
            #expect(result.status == 0, "\(time): \(result.stderr)")
        }
        let list = try await CLIRunner.run(["report", "--list", "--out", out]).stdout
        #expect(
            list.contains("a\t2026-11-22T02:00:00Z") && list.contains("b\t2026-11-22T02:00:00Z")
                && list.contains("c\t2026-11-23T00:00:00Z"), "\(list)")
    }

    @Test("check, report and trend print nothing with -q but a failed gate and its tests; without it they do")
    func quiet() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let ingest = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out, "--run-key", "n12", "--commit", "c12", "--branch", "main",
            CLIRunner.night(12),
        ])
        #expect(
            ingest.status == 0 && ingest.stdout.isEmpty && ingest.stderr.isEmpty, "\(ingest.stdout)\(ingest.stderr)")
        // Not on a terminal and not quiet: one progress line per file read, on standard error.
        let logged = try await CLIRunner.run([
            "ingest", "--out", try CLIRunner.temporaryDirectory(), "--run-key", "n12", CLIRunner.night(12),
        ])
        let files = try FileManager.default.contentsOfDirectory(atPath: CLIRunner.night(12)).filter {
            !$0.hasPrefix(".")
        }
        let lines = logged.stderr.split(separator: "\n").filter { $0.hasPrefix("read ") }
        #expect(
            lines.count == files.count && lines.contains { $0.hasSuffix("[\(files.count)/\(files.count)]") },
            "\(logged.stderr)")

        let check = try await CLIRunner.run([
            "check", "-q", "--out", out, "--commit", "c13", "--branch", "main", CLIRunner.night(13),
        ])
        #expect(check.status == 1)
        #expect(
            check.stdout.split(separator: "\n") == [
                "✗ GATE FAILED: no new failures — 1 new failing test(s), at most 0 allowed",
                "    AppUITests.SettingsTests/testDarkModeToggle",
            ], "\(check.stdout)")
        // What -q keeps is chosen by kind, not by the text: the line naming the store, whose path
        // has "GATE" in it, is not a gate line.
        let gateNamedStore = try CLIRunner.temporaryDirectory() + "/GATES/history.sqlite"
        _ = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out, "--store", gateNamedStore, "--run-key", "n12", "--commit", "c12",
            "--branch", "main", CLIRunner.night(12),
        ])
        let run = try await CLIRunner.run([
            "run", "-q", "--out", out, "--store", gateNamedStore, "--run-key", "n13", "--commit", "c13", "--branch",
            "main", CLIRunner.night(13),
        ])
        #expect(run.status == 1)
        #expect(run.stdout == check.stdout, "\(run.stdout)")
        #expect(
            try await CLIRunner.run(["report", "--list", "--out", out, "--store", gateNamedStore]).stdout.contains(
                "n13"))
        let loud = try await CLIRunner.run([
            "check", "--out", out, "--commit", "c13", "--branch", "main", CLIRunner.night(13),
        ])
        #expect(loud.stdout.contains("checked ") && loud.stdout.contains("gate passed"), "\(loud.stdout)")

        for command in [["report"], ["trend", "--runs", "5"]] {
            let quiet = try await CLIRunner.run(command + ["-q", "--out", out])
            #expect(quiet.status == 0, "\(command): \(quiet.stderr)")
            #expect(quiet.stdout.isEmpty, "\(command): \(quiet.stdout)")
            let plain = try await CLIRunner.run(command + ["--out", out])
            #expect(!plain.stdout.isEmpty, "\(command)")
        }
        // --list is the output itself: -q does not hide it.
        #expect(try await CLIRunner.run(["report", "--list", "-q", "--out", out]).stdout.contains("n12"))
    }

    @Test(
        "report and trend on a store that does not exist are exit 2 naming it; check judges without history; none creates it"
    )
    func missingStore() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let typo = out + "/histroy.sqlite"
        for command in [["report"], ["report", "--list"], ["trend"]] {
            let result = try await CLIRunner.run(command + ["--out", out, "--store", typo])
            #expect(result.status == 2, "\(command): \(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("no history store at \(typo)"), "\(command): \(result.stderr)")
        }
        let check = try await CLIRunner.run([
            "check", "--out", out, "--store", typo, "--branch", "main", CLIRunner.night(12),
        ])
        #expect(check.status != 2, "\(check.stdout)\(check.stderr)")
        #expect(check.stdout.contains("note: no history store at \(typo)"), "\(check.stdout)")
        #expect(check.stdout.contains("without a baseline"), "\(check.stdout)")
        #expect(!FileManager.default.fileExists(atPath: typo))
        // Control: once a run is stored there, report reads it.
        _ = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out, "--store", typo, "--run-key", "n12", CLIRunner.night(12),
        ])
        #expect(try await CLIRunner.run(["report", "--out", out, "--store", typo]).status == 0)
    }
}
