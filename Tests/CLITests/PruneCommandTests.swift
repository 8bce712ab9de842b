import Foundation
import Testing

/// `canopy prune` on a real store: the dry run lists exactly what prune then deletes, a prune
/// after `ingest` follows `history.retention`, and bad input exits 2.
@Suite("canopy prune")
struct PruneCommandTests {
    /// `days` days before now, as `--started-at` takes it.
    static func daysAgo(_ days: Double) -> String {
        let formatter = ISO8601DateFormatter()
        return formatter.string(from: Date().addingTimeInterval(-days * 86_400))
    }

    /// Ingests night 12 as run `key` on `branch`, started `days` ago.
    static func ingest(
        _ out: String, _ key: String, branch: String, commit: String, days: Double, config: String? = nil,
        quiet: Bool = true
    ) async throws -> CLIRunner.Result {
        try await CLIRunner.run(
            ["ingest", "--out", out, "--run-key", key, "--commit", commit, "--branch", branch]
                + ["--started-at", daysAgo(days), CLIRunner.night(12)] + (quiet ? ["--quiet"] : [])
                + (config.map { ["--config", $0] } ?? []))
    }

    /// A store with main's one run 400 days old (its baseline: kept) and a feature branch's runs
    /// of one commit 100, 90 and 1 days old (the two old ones go).
    static func history() async throws -> String {
        let out = try CLIRunner.temporaryDirectory()
        for (key, branch, commit, days) in [
            ("main-400", "main", "m1", 400.0), ("pr-100", "feature/pay", "p1", 100), ("pr-90", "feature/pay", "p1", 90),
            ("pr-1", "feature/pay", "p1", 1),
        ] {
            let result = try await ingest(out, key, branch: branch, commit: commit, days: days)
            #expect(result.status == 0, "\(result.stderr)")
        }
        return out
    }

    static func keys(_ json: String) throws -> [String] {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        let runs = try #require(document["runs"] as? [[String: Any]], "\(json)")
        return runs.compactMap { $0["key"] as? String }
    }

    @Test("--dry-run lists what prune then deletes, and deletes nothing")
    func dryRunThenPrune() async throws {
        let out = try await Self.history()
        let dry = try await CLIRunner.run(["prune", "--dry-run", "--out", out])
        #expect(dry.status == 0, "\(dry.stderr)")
        let lines = dry.stdout.components(separatedBy: "\n")
        #expect(
            lines.first?.hasPrefix(
                "dry run: would prune 2 run(s): 0 of target branches, 2 of other branches from \(out)/history.sqlite; 1 older run(s) kept because a reader needs them"
            ) == true, "\(dry.stdout)")
        #expect(lines[1].hasSuffix("pr-100") && lines[2].hasSuffix("pr-90"), "oldest first: \(dry.stdout)")
        let dryJSON = try await CLIRunner.run(["prune", "--dry-run", "--format", "json", "--out", out])
        #expect(try Self.keys(dryJSON.stdout) == ["pr-100", "pr-90"])

        let prune = try await CLIRunner.run(["prune", "--format", "json", "--out", out])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(try Self.keys(prune.stdout) == ["pr-100", "pr-90"])
        #expect(prune.stdout.contains("\"dryRun\" : false"), "\(prune.stdout)")
        #expect(prune.stdout.contains("\"protectedRuns\" : 1"), "\(prune.stdout)")
        let list = try await CLIRunner.run(["report", "--list", "--out", out])
        for key in ["main-400", "pr-1"] { #expect(list.stdout.contains(key), "\(list.stdout)") }
        for key in ["pr-100", "pr-90"] { #expect(!list.stdout.contains(key), "\(list.stdout)") }
        let again = try await CLIRunner.run(["prune", "--out", out])
        #expect(again.stdout.hasPrefix("pruned \(out)/history.sqlite: 0 run(s)"), "\(again.stdout)")
    }

    @Test("ingest prunes after storing when history.retention is configured, and only then")
    func ingestAppliesRetention() async throws {
        let out = try await Self.history()
        let plain = try await Self.ingest(out, "pr-0", branch: "feature/pay", commit: "p1", days: 0.5, quiet: false)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(!plain.stderr.contains("retention:"), "\(plain.stderr)")
        let config = out + "/canopy.yml"
        try "history:\n  retention:\n    days: 365\n    pullRequestDays: 95\n".write(
            toFile: config, atomically: true, encoding: .utf8)
        let result = try await Self.ingest(
            out, "pr-00", branch: "feature/pay", commit: "p1", days: 0.25, config: config, quiet: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stderr.contains("retention: 1 run(s): 0 of target branches, 1 of other branches deleted"),
            "\(result.stderr)")
        let list = try await CLIRunner.run(["report", "--list", "--out", out])
        #expect(!list.stdout.contains("pr-100") && list.stdout.contains("pr-90"), "\(list.stdout)")
    }

    @Test("a bad retention value or a missing store exits 2 and names it")
    func badInput() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let missing = try await CLIRunner.run(["prune", "--store", out + "/nowhere.sqlite"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no history store at \(out)/nowhere.sqlite"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out + "/nowhere.sqlite"))
        let config = out + "/canopy.yml"
        try "history:\n  retention:\n    days: 0\n".write(toFile: config, atomically: true, encoding: .utf8)
        let bad = try await CLIRunner.run(["prune", "--dry-run", "--out", out, "--config", config])
        #expect(bad.status == 2)
        #expect(
            bad.stderr.contains("\(config):3:11: error: at history.retention.days: 0 is out of range"), "\(bad.stderr)")
    }

    /// `canopy affected --format json` for `changed` (sample app paths) against the store in `out`.
    static func affected(_ out: String, _ changed: [String]) async throws -> String {
        let result = try await CLIRunner.run(
            [
                "affected", "--format", "json", "--out", out, "--source",
                CLIRunner.repository.path + "/Reports/samples/app",
            ]
                + changed.flatMap { ["--changed", $0] })
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout
    }

    /// Selected tests in an affected document.
    static func selected(_ json: String) throws -> Int {
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "\(json)")
        return try #require(document["tests"] as? [Any], "\(json)").count
    }

    /// Pruning a back-filled feature-branch run leaves `affected` selecting what it selects from a
    /// store that only ever held the kept runs.
    @Test("prune keeps the identifier history kept runs need: affected selects as without the pruned run")
    func pruneKeepsIdentifierHistory() async throws {
        let control = try CLIRunner.temporaryDirectory()
        let pruned = try CLIRunner.temporaryDirectory()
        defer {
            for directory in [control, pruned] { try? FileManager.default.removeItem(atPath: directory) }
        }
        for out in [control, pruned] {
            for (key, branch, commit) in [("main-1", "main", "m1"), ("pr-1", "feature/pay", "p1")] {
                let result = try await Self.ingest(out, key, branch: branch, commit: commit, days: 1)
                #expect(result.status == 0, "\(result.stderr)")
            }
        }
        // Back-filled: stored after the branch's latest run, started 100 days before it.
        let old = try await Self.ingest(pruned, "pr-100", branch: "feature/pay", commit: "p1", days: 100)
        #expect(old.status == 0, "\(old.stderr)")
        let prune = try await CLIRunner.run(["prune", "--format", "json", "--out", pruned])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(try Self.keys(prune.stdout) == ["pr-100"])
        for changed in [["Podcasts/Checkout/PaymentSheetView.swift"], ["Podcasts/Login/LoginViewController.swift"]] {
            let expected = try await Self.affected(control, changed)
            #expect(try Self.selected(expected) > 0, "the fixture selects nothing for \(changed)")
            await #expect(try Self.affected(pruned, changed) == expected, "\(changed)")
        }
    }
}
