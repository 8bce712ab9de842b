import Foundation
import Testing

/// `canopy quarantine suggest` on a generated history whose tests are known: flaky ones over the
/// policy's threshold are proposed, a stable one and a broken one are not, a quarantined test that
/// became stable is lifted, one still flaky stays; `--write` edits the file in place, comments and
/// order kept (a golden file).
@Suite("canopy quarantine suggest follows quarantinePolicy")
struct QuarantineSuggestTests {
    static let folder = CLIRunner.repository.appendingPathComponent("Tests/CLITests/QuarantineSuggest").path

    /// One night's JUnit (xcbeautify's shape: a retry is another `<testcase>` of the same name).
    static func junit(night: Int) -> String {
        var cases: [String] = []
        func pass(_ suite: String, _ name: String) {
            cases.append("<testcase classname=\"Gen.\(suite)\" name=\"\(name)()\" time=\"2.0\"/>")
        }
        func fail(_ suite: String, _ name: String) {
            cases.append(
                "<testcase classname=\"Gen.\(suite)\" name=\"\(name)()\" time=\"2.0\"><failure message=\"Gen.swift:\(night) - XCTAssertTrue failed\"/></testcase>"
            )
        }
        func retried(_ suite: String, _ name: String) {
            fail(suite, name)
            pass(suite, name)
        }
        // Flaky: passes on a retry every other night (50 % of runs).
        night % 2 == 1 ? retried("FlakyTests", "testFlaky") : pass("FlakyTests", "testFlaky")
        // Flaky, quarantined already: every third night, the last ones included.
        night % 3 == 0 ? retried("FlakyTests", "testStillFlaky") : pass("FlakyTests", "testStillFlaky")
        // Flaky once only: under the 30 % threshold.
        night == 4 ? retried("FlakyTests", "testRarelyFlaky") : pass("FlakyTests", "testRarelyFlaky")
        pass("StableTests", "testStable")
        // Broken from night 7 on: failing, not flaky.
        night >= 7 ? fail("BrokenTests", "testBroken") : pass("BrokenTests", "testBroken")
        // Flaky in the first nights, clean for the last 8: quarantined, to lift.
        night <= 4 ? retried("FixedTests", "testHealed") : pass("FixedTests", "testHealed")
        return "<testsuites name=\"Gen\">\n<testsuite name=\"Gen\">\n" + cases.joined(separator: "\n")
            + "\n</testsuite>\n</testsuites>\n"
    }

    @Test("exactly the flaky tests over the threshold are proposed, the healed one lifted; --write keeps the file")
    func generatedHistory() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let config = out + "/canopy.yml"
        try FileManager.default.copyItem(atPath: Self.folder + "/canopy.yml", toPath: config)
        let start = Date().addingTimeInterval(-13 * 3_600)
        let formatter = ISO8601DateFormatter()
        for night in 1...12 {
            let file = out + "/night-\(night).xml"
            try Self.junit(night: night).write(toFile: file, atomically: true, encoding: .utf8)
            let ingest = try await CLIRunner.run([
                "ingest", "--quiet", "--out", out, "--config", config, "--run-key", "night-\(night)", "--commit",
                "c\(night)", "--branch", "main", "--started-at",
                formatter.string(from: start.addingTimeInterval(Double(night) * 3_600)), file,
            ])
            #expect(ingest.status == 0, "\(ingest.stderr)")
        }
        let arguments = ["quarantine", "suggest", "--config", config, "--out", out, "--branch", "main"]
        let suggest = try await CLIRunner.run(arguments)
        #expect(suggest.status == 0, "\(suggest.stderr)")
        let lines = suggest.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(suggest.stdout)")
        let add = try #require(lines.first)
        #expect(add.hasPrefix("add Gen.FlakyTests/testFlaky: flaky, "), "\(add)")
        #expect(add.contains("failed 6 of 12 runs (50%), passed on retry in 6"), "\(add)")
        #expect(lines.last?.hasPrefix("lift Gen.FixedTests/testHealed (\(config):10): passed its last 5 runs") == true)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: config))
                == Data(contentsOf: URL(fileURLWithPath: Self.folder + "/canopy.yml")))

        let write = try await CLIRunner.run(arguments + ["--write"])
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stdout.contains(": added test Gen.FlakyTests/testFlaky until "), "\(write.stdout)")
        #expect(write.stdout.contains("\(config):10: removed test Gen.FixedTests/testHealed"), "\(write.stdout)")
        let evidence = String(add.dropFirst("add Gen.FlakyTests/testFlaky: ".count))
        let expires = ISO8601DateFormatter.string(
            from: Date().addingTimeInterval(30 * 86_400), timeZone: .gmt, formatOptions: [.withFullDate])
        let expected = try String(contentsOfFile: Self.folder + "/canopy.expected.yml", encoding: .utf8)
            .replacingOccurrences(of: "{{EVIDENCE}}", with: evidence)
            .replacingOccurrences(of: "{{EXPIRES}}", with: expires)
        let written = try String(contentsOfFile: config, encoding: .utf8)
        #expect(written == expected, "\(written)")
        // Applied, the policy calls for nothing more.
        let again = try await CLIRunner.run(arguments)
        #expect(again.stdout == "no quarantine changes: the policy calls for none\n", "\(again.stdout)")
    }

    @Test("a policy out of range is exit 2 naming the key")
    func badPolicy() async throws {
        let out = try CLIRunner.temporaryDirectory()
        let config = out + "/canopy.yml"
        try "quarantinePolicy:\n  minimumFailureRate: 30\n".write(toFile: config, atomically: true, encoding: .utf8)
        let result = try await CLIRunner.run(["quarantine", "suggest", "--config", config, "--out", out])
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "\(config):2:23: error: at quarantinePolicy.minimumFailureRate: 30.0 is out of range"),
            "\(result.stderr)")
        let none = try CLIRunner.spawn(["quarantine", "suggest", "--out", out], directory: out)
        #expect(none.status == 2)
        #expect(none.stderr.contains("quarantinePolicy:"), "\(none.stderr)")
    }
}
