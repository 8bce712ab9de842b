import Foundation
import Testing

/// A full disk under `--out` stored the run, then wrote only `summary.md` and `comment.md` beside
/// an earlier run's `index.html`, `report.json` and `insights.json`. The files are now staged and
/// moved in together: `--out` keeps the earlier set whole, and the message says the run is stored
/// and its files are not.
@Suite("canopy run: a full --out keeps the earlier files whole", .serialized)
struct OutputStagingTests {
    static let files = ["summary.md", "comment.md", "site/index.html", "report.json", "insights.json"]

    static func snapshot(_ out: String) -> [String: Data] {
        var contents: [String: Data] = [:]
        for file in files { contents[file] = FileManager.default.contents(atPath: out + "/" + file) }
        return contents
    }

    /// Runs `command` (mount, umount); whether it succeeded.
    static func system(_ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    @Test func aFullOutputDiskLeavesTheEarlierSetAndSaysTheRunIsStored() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // How much one run's files take, measured on an ordinary disk.
        let measure = directory + "/measure"
        _ = try await CLIRunner.run([
            "run", "--quiet", "--store", directory + "/measure.sqlite", "--out", measure, "--run-key", "m",
            CLIRunner.night(12),
        ])
        let size = Self.files.reduce(0) {
            $0 + ((FileManager.default.contents(atPath: measure + "/" + $1)?.count ?? 0) + 4_095) / 4_096 * 4_096
        }
        #expect(size > 0)
        // A disk with room for one set and a half (tmpfs: root only, Linux).
        let out = directory + "/small"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        guard Self.system(["mount", "-t", "tmpfs", "-o", "size=\(size * 3 / 2 / 4_096 * 4)k", "tmpfs", out]) else {
            print("skipped: a full --out needs a tmpfs, which only root can mount")
            return
        }
        defer { _ = Self.system(["umount", out]) }
        let store = directory + "/history.sqlite"
        let first = try await CLIRunner.run([
            "run", "--quiet", "--store", store, "--out", out, "--run-key", "night-12", CLIRunner.night(12),
        ])
        #expect(first.status == 1 || first.status == 0, "\(first.stderr)")
        let before = Self.snapshot(out)
        #expect(before.count == Self.files.count)

        let second = try await CLIRunner.run([
            "run", "--quiet", "--store", store, "--out", out, "--run-key", "night-13", CLIRunner.night(13),
        ])
        #expect(second.status == 2)
        #expect(
            second.stderr.contains("run night-13 is stored in \(store), but its files were not written"),
            "\(second.stderr)")
        #expect(second.stderr.contains("still holds the previous run's files"))
        #expect(Self.snapshot(out) == before, "the earlier set, whole and unchanged")
        let left = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".canopy-staging") }
        #expect(left.isEmpty, "no staging directory left behind")
        let listed = try await CLIRunner.run(["report", "--list", "--store", store]).stdout
        #expect(listed.contains("night-13"))
    }
}

/// A SIGKILL between the per-file renames left `summary.md` from the new run, `comment.md` missing
/// and the rest from the old run. The set is now swapped whole: `canopy run` is killed (by its test
/// hook) just before each step that changes the file system in turn, and after each kill every
/// file is the earlier run's (killed before the swap) or every file the new run's (after it); once
/// no step is left to kill at, every file is the new run's. The
/// next run after a kill removes the staging directory left behind.
@Suite("canopy run: a kill at any step leaves the earlier set or the new one", .serialized)
struct OutputSwapKillTests {
    static let files = OutputStagingTests.files

    /// A JUnit file with one failing test named after `marker`, so that every file of the run's
    /// set (summary, comment, page, report, insights) names it.
    static func input(_ marker: String, in directory: String) throws -> String {
        let path = directory + "/\(marker).xml"
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="\(marker)Tests"><testcase classname="\(marker)Tests" name="test\(marker)" time="1.0"><failure message="\(marker) failed"/></testcase><testcase classname="\(marker)Tests" name="testPasses" time="1.0"/></testsuite></testsuites>
        """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Which run each file of `out` is from: "old", "new", "absent", or "mixed" for a file naming both.
    static func sets(_ out: String) -> [String] {
        files.map { file in
            guard let text = try? String(contentsOfFile: out + "/" + file, encoding: .utf8) else { return "absent" }
            switch (text.contains("OldSetTests"), text.contains("NewSetTests")) {
            case (true, false): return "old"
            case (false, true): return "new"
            default: return "mixed"
            }
        }
    }

    static func staging(_ out: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: out)) ?? []).filter { $0.hasPrefix(".canopy-staging") }
    }

    /// `--out` as Canopy wrote it before the set moved into `site/`: plain files at the top.
    static func flatten(_ out: String) throws {
        for name in ["summary.md", "comment.md", "report.json", "insights.json"] {
            let top = out + "/" + name
            let data = try Data(contentsOf: URL(fileURLWithPath: top))
            try FileManager.default.removeItem(atPath: top)
            try FileManager.default.removeItem(atPath: out + "/site/" + name)
            try data.write(to: URL(fileURLWithPath: top))
        }
    }

    @Test(arguments: ["committed", "plain files"])
    func aKillAtEveryStepLeavesTheEarlierSetOrTheNewOne(start: String) async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let oldInput = try Self.input("OldSet", in: directory)
        let newInput = try Self.input("NewSet", in: directory)
        var killed = 0
        var killedAfterSwap = 0
        for step in 1...80 {
            let trial = directory + "/\(step)"
            let out = trial + "/out"
            let old = try await CLIRunner.run([
                "run", "--quiet", "--store", trial + "/old.sqlite", "--out", out, "--run-key", "old", oldInput,
            ])
            #expect(old.status == 1, "\(old.stderr)")
            if start == "plain files" { try Self.flatten(out) }
            #expect(Self.sets(out) == Array(repeating: "old", count: Self.files.count))
            let new = try CLIRunner.spawn(
                ["run", "--quiet", "--store", trial + "/new.sqlite", "--out", out, "--run-key", "new", newInput],
                environment: ["CANOPY_TEST_OUTPUT_KILL_STEP": "\(step)"])
            if new.status == 9 {
                killed += 1
                let left = Self.sets(out)
                #expect(
                    left == Array(repeating: "old", count: Self.files.count)
                        || left == Array(repeating: "new", count: Self.files.count),
                    "killed before step \(step), from \(start): \(left)")
                if left.first == "new" { killedAfterSwap += 1 }
                // The next run removes what the killed one left and writes its set.
                let again = try await CLIRunner.run([
                    "run", "--quiet", "--store", trial + "/new.sqlite", "--out", out, "--run-key", "new", newInput,
                ])
                #expect(again.status == 1, "\(again.stderr)")
                #expect(
                    Self.sets(out) == Array(repeating: "new", count: Self.files.count),
                    "the run after the kill at step \(step)")
                #expect(Self.staging(out).isEmpty, "the staging directory of the killed run is removed by the next")
                try? FileManager.default.removeItem(atPath: trial)
                continue
            }
            #expect(new.status == 1, "\(new.stderr)")
            #expect(
                Self.sets(out) == Array(repeating: "new", count: Self.files.count),
                "no step \(step) to kill at, from \(start)")
            #expect(Self.staging(out).isEmpty)
            break
        }
        // Five writes, the exchange and the tidying (and the links, from plain files).
        #expect(killed >= 7, "killed at \(killed) steps")
        #expect(
            killedAfterSwap >= 1 && killedAfterSwap < killed,
            "\(killedAfterSwap) of \(killed) kills came after the swap")
    }
}

/// `canopy report` writes a set of its own (the page and the summary of the run it renders), swapped
/// in like `run`'s: the links at the top of `--out` stay links, and no file of the earlier set of
/// another run stays beside it.
@Suite("canopy report: its page and summary replace the earlier set whole")
struct ReportOutputSetTests {
    @Test func reportReplacesRunsSetAndKeepsTheLinks() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let store = directory + "/history.sqlite"
        let out = directory + "/out"
        let old = try OutputSwapKillTests.input("OldSet", in: directory)
        let new = try OutputSwapKillTests.input("NewSet", in: directory)
        #expect(try await CLIRunner.run(["ingest", "--quiet", "--store", store, "--run-key", "old", old]).status == 0)
        let run = try await CLIRunner.run(["run", "--quiet", "--store", store, "--out", out, "--run-key", "new", new])
        #expect(run.status == 1, "\(run.stderr)")
        let report = try await CLIRunner.run(["report", "--store", store, "--out", out, "--run", "old"])
        #expect(report.status == 0, "\(report.stderr)")
        let summary = out + "/summary.md"
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: summary) == "site/summary.md")
        let text = try String(contentsOfFile: summary, encoding: .utf8)
        #expect(text.contains("OldSetTests") && !text.contains("NewSetTests"))
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        #expect(page.contains("OldSetTests") && !page.contains("NewSetTests"))
        // run's report of the other run does not stay beside report's page.
        #expect(!FileManager.default.fileExists(atPath: out + "/site/report.json"))
        #expect(!FileManager.default.fileExists(atPath: out + "/report.json"))
    }
}
