import Foundation
import Testing

/// `canopy quarantine add|list` on real files: the entry it writes is the one the gates read, bad
/// input exits 2 naming the argument and leaves the file as it was, and `list` shows each entry
/// with its expiry, owner and line.
@Suite("canopy quarantine add and list")
struct QuarantineCommandTests {
    /// A copy of the repository's Config/canopy.yml in a fresh directory.
    func copyOfConfig() throws -> (directory: String, config: String) {
        let directory = try CLIRunner.temporaryDirectory()
        let config = directory + "/canopy.yml"
        try FileManager.default.copyItem(
            atPath: CLIRunner.repository.appendingPathComponent("Config/canopy.yml").path, toPath: config)
        return (directory, config)
    }

    @Test("add quarantines a failing test for check; the same test again updates its entry")
    func addThenCheck() async throws {
        let (out, config) = try copyOfConfig()
        let ingest = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out, "--config", config, "--run-key", "night-12", "--commit", "c12",
            "--branch", "main", "--started-at", "2026-11-12T02:00:00Z", CLIRunner.night(12),
        ])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        // Night 13 has a new failure in SettingsTests and new audit errors; only the failure is at stake.
        try String(contentsOfFile: config, encoding: .utf8)
            .replacingOccurrences(of: "maximumNewAuditErrors: 0", with: "maximumNewAuditErrors: 10")
            .write(toFile: config, atomically: true, encoding: .utf8)
        // The entry goes right under the key, `quarantine: []` in the shipped file.
        let key = try #require(
            try String(contentsOfFile: config, encoding: .utf8).components(separatedBy: "\n")
                .firstIndex(of: "quarantine: []"))
        let check = ["check", "--out", out, "--config", config, "--branch", "main", CLIRunner.night(13)]
        #expect(try await CLIRunner.run(check).status == 1)

        let add = try await CLIRunner.run([
            "quarantine", "add", "AppUITests.SettingsTests/*", "--reason", "dark mode rework (APP-7)", "--until",
            "2099-12-31", "--owner", "@settings", "--config", config, "--out", out,
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(
            add.stdout.hasPrefix("\(config):\(key + 2): added test AppUITests.SettingsTests/* until 2099-12-31"),
            "\(add.stdout)")
        let passed = try await CLIRunner.run(check)
        #expect(passed.status == 0, "\(passed.stdout)\(passed.stderr)")
        #expect(passed.stdout.contains("quarantined"), "\(passed.stdout)")

        let again = try await CLIRunner.run([
            "quarantine", "add", "AppUITests.SettingsTests/*", "--reason", "still reworking (APP-8)", "--until",
            "2099-12-30", "--config", config, "--out", out,
        ])
        #expect(again.stdout.hasPrefix("\(config):\(key + 2): updated test"), "\(again.stdout)\(again.stderr)")
        let list = try await CLIRunner.run(["quarantine", "list", "--format", "json", "--config", config])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any], "\(list.stdout)")
        let entries = try #require(document["entries"] as? [[String: Any]])
        #expect(entries.count == 1)
        #expect(entries.first?["reason"] as? String == "still reworking (APP-8)")
        #expect(entries.first?["expires"] as? String == "2099-12-30")
        #expect(entries.first?["owner"] as? String == "@settings")
        #expect(entries.first?["expired"] as? Bool == false)
    }

    @Test(
        "bad input exits 2 naming the argument and leaves the file untouched",
        arguments: [
            (["A/a", "--until", "2020-01-01"], "--until 2020-01-01 is in the past"),
            (["A/a", "--until", "31.12.2099"], "--until '31.12.2099' is not a day"),
            (["A/a", "--until", "2099-02-30"], "there is no day 30 in February 2099"),
            (["A/a", "--until", "2099-12-31T00:00:00Z"], "--until '2099-12-31T00:00:00Z' is not a day"),
            (
                ["A/a\u{1B}[31m", "--until", "2099-12-31"],
                "<test> \"A/a\\u{1B}[31m\" holds the control character U+001B"
            ),
            (["A/a", "--until", "2099-12-31", "--owner", "team"], "--owner 'team' does not start with @"),
            (["A/a", "--until", "2099-12-31", "--identifier", "x"], "not both"),
            (
                ["A/a", "--until", "2099-12-31", "--audit-type", "contrast"],
                "--audit-type narrows an --identifier entry"
            ),
            (["--until", "2099-12-31"], "give the test to quarantine"),
        ])
    func badInput(_ arguments: [String], _ message: String) async throws {
        let (_, config) = try copyOfConfig()
        let before = try Data(contentsOf: URL(fileURLWithPath: config))
        let result = try await CLIRunner.run(
            ["quarantine", "add"] + arguments + ["--reason", "r", "--config", config, "--allow-unknown"])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: config)) == before)
        #expect(result.stdout.isEmpty)
    }

    @Test("a file that does not load, or a --config that does not exist, is exit 2 and stays as it was")
    func badFile() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let config = directory + "/c.yml"
        try "quarantine:\n  - reasn: x\n".write(toFile: config, atomically: true, encoding: .utf8)
        let arguments = [
            "quarantine", "add", "A/a", "--allow-unknown", "--reason", "r", "--until", "2099-12-31", "--config",
        ]
        let broken = try await CLIRunner.run(arguments + [config])
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("\(config):2:5: error: at quarantine[0].reasn: unknown key"), "\(broken.stderr)")
        #expect(try String(contentsOfFile: config, encoding: .utf8) == "quarantine:\n  - reasn: x\n")
        let missing = try await CLIRunner.run(arguments + [directory + "/nope.yml"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("nope.yml: error: the configuration file does not exist"), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/nope.yml"))
        let list = try await CLIRunner.run(["quarantine", "list", "--config", directory + "/nope.yml"])
        #expect(list.status == 2)
        #expect(
            list.stderr.contains("nope.yml: error: the configuration file --config names does not exist"),
            "\(list.stderr)")
    }

    @Test("without --config, add creates Config/canopy.yml and list reads it")
    func defaultFile() throws {
        let directory = try CLIRunner.temporaryDirectory()
        let empty = try CLIRunner.spawn(["quarantine", "list"], directory: directory)
        #expect(empty.status == 0)
        #expect(empty.stdout == "Config/canopy.yml: no quarantine entries\n")
        let add = try CLIRunner.spawn(
            ["quarantine", "add", "A/a", "--reason", "r", "--until", "2099-12-31", "--allow-unknown"],
            directory: directory)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout == "Config/canopy.yml:2: added test A/a until 2099-12-31\n")
        let text = try String(contentsOfFile: directory + "/Config/canopy.yml", encoding: .utf8)
        #expect(text == "quarantine:\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2099-12-31\n")
    }

    @Test("list shows each entry with its expiry (expired ones with how long ago), owner, line and reason")
    func list() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        let config = directory + "/c.yml"
        try """
        # ours
        quarantine:
          - test: "A/a"
            reason: "flaky on iOS 17"
            expires: 2020-01-01
          - identifier: "Podcast-{id}-row"
            auditType: contrast
            owner: "@design"
            expires: 2099-12-31
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["quarantine", "list", "--config", config])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines.first?.hasPrefix("COVERS") == true)
        // Whole days from 2020-01-01 (1,577,836,800 s after 1970) to today's UTC midnight.
        let days = Int(Date().timeIntervalSince1970 / 86_400) - 1_577_836_800 / 86_400
        let expired = try #require(lines.dropFirst().first)
        #expect(expired.hasPrefix("test A/a "), "\(expired)")
        #expect(expired.contains("2020-01-01, expired \(days) days ago"), "\(expired)")
        #expect(expired.contains("\(config):3"), "\(expired)")
        #expect(expired.hasSuffix("flaky on iOS 17"), "\(expired)")
        let active = try #require(lines.last)
        #expect(active.hasPrefix("identifier Podcast-{id}-row (contrast) "), "\(active)")
        #expect(
            active.contains(" 2099-12-31 ") && active.contains(" @design ") && active.contains("\(config):6"),
            "\(active)")
        // The columns line up: each row's expiry starts where the header's EXPIRES does.
        let column = try #require(lines.first?.range(of: "EXPIRES")).lowerBound.utf16Offset(in: lines[0])
        for line in lines.dropFirst() {
            #expect(Array(line.utf16)[column...].starts(with: Array("20".utf16)), "\(line)")
        }
    }
}
