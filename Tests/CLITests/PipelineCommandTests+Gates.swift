import Foundation
import Testing

extension PipelineCommandTests {
    @Suite("check, gates, quarantine and configuration errors")
    struct Gates: SampleHistoryCommands {
        @Test("a failed gate lists its first 10 tests and says how many more there are")
        func gateListsAreCounted() async throws {
            let out = try temporaryDirectory()
            let junit = out + "/junit.xml"
            let cases = (1...12).map {
                "<testcase classname=\"A.Tests\" name=\"test\($0)\" time=\"1\"><failure message=\"XCTAssertTrue failed\"/></testcase>"
            }
            try "<testsuites><testsuite name=\"S\">\(cases.joined())</testsuite></testsuites>".write(
                toFile: junit, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(["run", "--out", out, "--branch", "main", junit])
            #expect(result.status == 1)
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.filter { $0.hasPrefix("    A.Tests/") }.count == 10, "\(result.stdout)")
            #expect(lines.contains("    … and 2 more (insights.json lists them all)"), "\(result.stdout)")
        }

        @Test("check passes and fails by the configured gates without storing anything")
        func checkGates() async throws {
            let out = try temporaryDirectory()
            for number in 1...11 { await #expect(try ingest(out, number).status == 0) }
            let strict = out + "/strict.yml"
            try "gates:\n  minimumCoverage: 0.99\n  maximumNewFailures: 0\n".write(
                toFile: strict, atomically: true, encoding: .utf8)
            let lenient = out + "/lenient.yml"
            // Lenient on the sample's launch-time regression too (from night 11 on).
            try "gates:\n  maximumNewFailures: 5\n  maximumNewAuditErrors: 5\n  maximumMetricRegressions: 5\n".write(
                toFile: lenient, atomically: true, encoding: .utf8)
            let failing = try await CLIRunner.run([
                "check", "--out", out, "--config", strict, "--branch", "main", night(12),
            ])
            #expect(failing.status == 1)
            #expect(failing.stdout.contains("GATE FAILED: minimum identifier coverage"))
            let passing = try await CLIRunner.run([
                "check", "--out", out, "--config", lenient, "--branch", "main", night(12),
            ])
            #expect(passing.status == 0)
            #expect(!passing.stdout.contains("GATE FAILED"))
            let list = try await CLIRunner.run(["report", "--list", "--out", out])
            #expect(list.stdout.split(separator: "\n").count == 11)
        }

        @Test("test results holding no test fail the tests gate; a config can turn it off")
        func emptyResults() async throws {
            let out = try temporaryDirectory()
            let empty = out + "/junit.xml"
            try "<testsuites name=\"AppUITests\" tests=\"0\"></testsuites>".write(
                toFile: empty, atomically: true, encoding: .utf8)
            let run = try await CLIRunner.run(["run", "--out", out + "/r", "--branch", "main", empty])
            #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
            #expect(
                run.stdout.contains("GATE FAILED: at least 1 test — 0 test(s) in the test results"), "\(run.stdout)")
            #expect(try String(contentsOfFile: out + "/r/summary.md", encoding: .utf8).contains("at least 1 test"))
            let off = out + "/off.yml"
            try "gates:\n  minimumTests: 0\n".write(toFile: off, atomically: true, encoding: .utf8)
            let check = try await CLIRunner.run(["check", "--out", out + "/r", "--config", off, empty])
            #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
        }

        /// `check` judges a run as `run` will once it is stored: a run from the past against the run
        /// before it, not against the latest run.
        @Test("check of a run started in the past compares it with the run before it, as run does")
        func checkInThePast() async throws {
            let out = try temporaryDirectory()
            for number in [12, 13] { await #expect(try ingest(out, number).status == 0) }
            let past = [
                "--out", out, "--branch", "main", "--commit", "x12b", "--started-at", "2026-11-12T12:00:00Z", night(13),
            ]
            let check = try await CLIRunner.run(["check"] + past)
            #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
            #expect(check.stdout.contains("against c12"), "\(check.stdout)")
            #expect(check.stdout.contains("GATE FAILED: no new failures"), "\(check.stdout)")
            let run = try await CLIRunner.run(["run", "--run-key", "x12b"] + past)
            #expect(run.status == check.status, "\(run.stdout)")
        }

        @Test("quarantined tests do not fail the gate until the entry expires")
        func quarantine() async throws {
            let out = try temporaryDirectory()
            for number in 12...12 { await #expect(try ingest(out, number).status == 0) }
            let config = out + "/q.yml"
            try """
            gates:
              maximumNewAuditErrors: 10
            quarantine:
              - test: "AppUITests.SettingsTests/*"
                reason: dark mode rework
                expires: 2999-01-01
            """.write(toFile: config, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run([
                "check", "--out", out, "--config", config, "--branch", "main", night(13),
            ])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            // The run's summary and page say which failure was left out, and why.
            let run = try await CLIRunner.run([
                "run", "--out", out, "--config", config, "--run-key", "n13", "--branch", "main", night(13),
            ])
            #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
            let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
            #expect(
                summary.contains(
                    "### Failing, not counted as new (1)\n\n- ❌ <code>AppUITests.SettingsTests/testDarkModeToggle</code>"
                ), "\(summary)")
            #expect(
                summary.contains("  - quarantined until 2999-01-01: dark mode rework\n  - XCTAssertEqual failed"),
                "\(summary)")
            let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
            #expect(page.contains("No new failures that the gate counts.</p>"))
            let notCounted = try #require(
                page.range(of: "<h3>Failing, not counted as new <span class=\"count\">1</span></h3>"))
            let item = page[notCounted.upperBound...].prefix { $0 != "\n" }.components(separatedBy: "</li>").first ?? ""
            #expect(item.contains("<code>AppUITests.SettingsTests/testDarkModeToggle</code>"), "\(item)")
            #expect(
                item.contains("<p class=\"f-note muted\">quarantined until 2999-01-01: dark mode rework</p>"), "\(item)"
            )
            #expect(item.contains("<p class=\"msg\">XCTAssertEqual failed"), "\(item)")
            try """
            gates:
              maximumNewAuditErrors: 10
            quarantine:
              - test: "AppUITests.SettingsTests/*"
                expires: 2001-01-01
                owner: "@settings"
            """.write(toFile: config, atomically: true, encoding: .utf8)
            let expired = try await CLIRunner.run([
                "check", "--out", out, "--config", config, "--branch", "main", night(13),
            ])
            #expect(expired.status == 1)
            // The warning says when it expired, where the entry is written and whose it is.
            #expect(
                expired.stdout.contains(
                    "warning: quarantine entry for AppUITests.SettingsTests/* (\(config):4 (quarantine[0])), owned by @settings, expired on 2001-01-01;"
                ),
                "\(expired.stdout)")
            // A misspelt audit type matched nothing, silently.
            try """
            quarantine:
              - identifier: "Login.ForgotPassword"
                auditType: contrst
                expires: 2999-01-01
              - identifier: "Login.ForgotPassword"
                auditType: contrast
                expires: 2999-01-01
            """.write(toFile: config, atomically: true, encoding: .utf8)
            let typo = try await CLIRunner.run([
                "check", "--out", out, "--config", config, "--branch", "main", night(13),
            ])
            #expect(
                typo.stdout.contains(
                    "warning: quarantine entry for Login.ForgotPassword names auditType 'contrst', which is none of the audit types Canopy knows ("
                ), "\(typo.stdout)")
            #expect(!typo.stdout.contains("auditType 'contrast'"), "\(typo.stdout)")
        }

        /// The CI report actions fail a step on any failure; history's fair gate is `maximumNewFailures`.
        /// Night 14 fails two tests, neither new: its gates pass unless `maximumFailures` is set (the
        /// sample's launch-time regression, judged by its own gate, is left out here).
        @Test("gates.maximumFailures counts every failing test, new or not, quarantined ones left out")
        func maximumFailures() async throws {
            let out = try temporaryDirectory()
            try await ingestNights(1...13, into: out)
            let config = out + "/g.yml"
            try "gates:\n  maximumFailures: 0\n  maximumMetricRegressions: null\n".write(
                toFile: config, atomically: true, encoding: .utf8)
            let defaults = out + "/defaults.yml"
            try "gates:\n  maximumMetricRegressions: null\n".write(toFile: defaults, atomically: true, encoding: .utf8)
            let plain = try await CLIRunner.run([
                "check", "--out", out, "--config", defaults, "--branch", "main", night(14),
            ])
            #expect(plain.status == 0, "\(plain.stdout)")
            #expect(!plain.stdout.contains("failing test(s), new or not"))
            let strict = try await CLIRunner.run([
                "check", "--out", out, "--config", config, "--branch", "main", night(14),
            ])
            #expect(strict.status == 1, "\(strict.stdout)")
            #expect(
                strict.stdout.contains(
                    "✗ GATE FAILED: no failing tests — 2 failing test(s), new or not, at most 0 allowed"),
                "\(strict.stdout)")
            try
                "gates:\n  maximumFailures: 1\n  maximumMetricRegressions: null\nquarantine:\n  - test: \"AppUITests.SettingsTests/*\"\n    expires: 2999-01-01\n"
                .write(
                    toFile: config, atomically: true, encoding: .utf8)
            let quarantined = try await CLIRunner.run([
                "check", "--out", out, "--config", config, "--branch", "main", night(14),
            ])
            #expect(quarantined.status == 0, "\(quarantined.stdout)")
            #expect(
                quarantined.stdout.contains(
                    "✓ gate passed: at most 1 failing tests — 1 failing test(s), new or not, at most 1 allowed"),
                "\(quarantined.stdout)")
        }

        @Test(
            "configuration errors exit 2 naming the key path",
            arguments: [
                ("gates:\n  minimumCoverag: 0.5\n", "gates.minimumCoverag"),
                ("gates:\n  minimumCoverage: high\n", "gates.minimumCoverage"),
                ("categories:\n  - name: x\n    pattern: '([unclosed'\n", "categories[0].pattern"),
                ("flakiness:\n  windowDays: -3\n", "flakiness.windowDays"),
                ("unknownSection: 1\n", "unknownSection"),
                // A syntax error is one line, `file:line:column: error: not valid YAML: …`.
                ("gates: [1, 2\n", "bad.yml:2:1: error: not valid YAML: did not find expected ',' or ']'"),
                // A number where a path or URL goes is a mistake, not a store named "5".
                ("store: 5\n", "bad.yml:1:8: error: at store: expected a path or postgres:// URL, found the number 5"),
                (
                    "gates:\n  maximumFailuresPerCategory:\n    appCrashd: 0\n",
                    "gates.maximumFailuresPerCategory.appCrashd"
                ),
                // Keys read only when present are still named in the unknown-key message.
                ("gates:\n  maximumNewFailure: 0\n", "maximumNewFailures"),
                // A day the calendar does not have is not rolled over into the next month.
                (
                    "quarantine:\n  - test: \"A/*\"\n    expires: 2026-13-01\n",
                    "bad.yml:3:14: error: at quarantine[0].expires: '2026-13-01' is not a date"
                ),
                // A repeated key is named at the repeat, with its key path.
                (
                    "gates:\n  maximumNewFailures: 0\n  maximumNewFailures: 3\n",
                    "bad.yml:3:3: error: at gates.maximumNewFailures: duplicate key; it is first set at line 2, column 3"
                ),
            ])
        func configurationErrors(_ yaml: String, _ keyPath: String) async throws {
            let out = try temporaryDirectory()
            let config = out + "/bad.yml"
            try yaml.write(toFile: config, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(["check", "--out", out, "--config", config, night(1)])
            #expect(result.status == 2)
            #expect(result.stderr.contains(keyPath), "\(result.stderr)")
            #expect(result.stderr.contains("bad.yml"))
            #expect(
                result.stderr.split(separator: "\n").filter { $0.contains("error:") }.count == 1, "\(result.stderr)")
        }

        @Test("a --config that is a directory says so")
        func configIsADirectory() async throws {
            let out = try temporaryDirectory()
            let result = try await CLIRunner.run(["check", "--out", out, "--config", out, night(1)])
            #expect(result.status == 2)
            #expect(
                result.stderr.contains(
                    "\(out): error: it is a directory; give --config a YAML file such as Config/canopy.yml"),
                "\(result.stderr)")
        }
    }
}
