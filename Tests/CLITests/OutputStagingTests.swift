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

    @Test func aFullOutputDiskLeavesTheEarlierSetAndSaysTheRunIsStored() throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // How much one run's files take, measured on an ordinary disk.
        let measure = directory + "/measure"
        _ = try CLIRunner.run(["run", "--quiet", "--store", directory + "/measure.sqlite", "--out", measure, "--run-key", "m", CLIRunner.night(12)])
        let size = Self.files.reduce(0) { $0 + ((FileManager.default.contents(atPath: measure + "/" + $1)?.count ?? 0) + 4_095) / 4_096 * 4_096 }
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
        let first = try CLIRunner.run(["run", "--quiet", "--store", store, "--out", out, "--run-key", "night-12", CLIRunner.night(12)])
        #expect(first.status == 1 || first.status == 0, "\(first.stderr)")
        let before = Self.snapshot(out)
        #expect(before.count == Self.files.count)

        let second = try CLIRunner.run(["run", "--quiet", "--store", store, "--out", out, "--run-key", "night-13", CLIRunner.night(13)])
        #expect(second.status == 2)
        #expect(second.stderr.contains("run night-13 is stored in \(store), but its files were not written"), "\(second.stderr)")
        #expect(second.stderr.contains("still holds the previous run's files"))
        #expect(Self.snapshot(out) == before, "the earlier set, whole and unchanged")
        let left = try FileManager.default.contentsOfDirectory(atPath: out).filter { $0.hasPrefix(".canopy-staging") }
        #expect(left.isEmpty, "no staging directory left behind")
        let listed = try CLIRunner.run(["report", "--list", "--store", store]).stdout
        #expect(listed.contains("night-13"))
    }
}
