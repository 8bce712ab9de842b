import CanopyAnalysis
import CanopyModel
import Foundation
import Testing

/// Rows for one test over commits, built from a compact script: `P` pass, `F` fail every
/// attempt, `R` fail then pass on retry, `I` infrastructure failure then pass.
enum FlakinessScript {
    static func rows(_ script: String, test: String = "T/test", os: String = "18.2") -> [TestRunRow] {
        script.enumerated().map { index, symbol in
            let (outcome, attempts, failed, infra): (TestOutcome, Int, Int, Int) =
                switch symbol {
                case "F": (.failed, 2, 2, 0)
                case "R": (.flaky, 2, 1, 0)
                case "I": (.flaky, 2, 1, 1)
                case "S": (.skipped, 1, 0, 0)
                default: (.passed, 1, 0, 0)
                }
            return TestRunRow(
                runKey: "run-\(index)", commit: String(format: "c%02d", index + 1),
                startedAt: Date(timeIntervalSince1970: Double(index) * 86_400), testKey: test, device: "iPhone 16",
                osVersion: os, outcome: outcome, attempts: attempts, failedAttempts: failed,
                infrastructureFailedAttempts: infra)
        }
    }

    static func analyse(_ script: String, configuration: FlakinessConfiguration = .init()) -> TestFlakiness? {
        FlakinessAnalyzer(configuration: configuration).analyze(rows(script)).first
    }
}

@Suite struct FlakinessTests {
    @Test(
        arguments: [
            ("PPPPPPPPPP", "stable", nil),
            ("PPPRPPPPPP", "flaky", nil),
            ("PPFPPPFPPP", "flaky", nil),
            ("PPPPPPPFFFF", "newlyBroken", "c08"),
            ("PPPPPFFFFPPP", "fixed", "c10"),
            ("FFFPPP", "fixed", "c04"),
            ("FFFFF", "stillFailing", "c01"),
            ("PPPPPPPPPF", "unconfirmedFailure", "c10"),
            ("PPIPPIPP", "stable", nil),
            ("PFPFPFPFFF", "flaky", nil),
        ] as [(String, String, String?)])
    func statesFromScripts(_ script: String, _ state: String, _ commit: String?) throws {
        let result = try #require(FlakinessScript.analyse(script))
        #expect(result.state.name == state)
        #expect(result.state.commit == commit)
    }

    @Test func aTrailingBlockProbableUnderAnEarlierFailureRateIsNotNewlyBroken() throws {
        // 3 of 8 earlier commits failed: three more failures in a row are not improbable.
        let result = try #require(FlakinessScript.analyse("PFPFPFPPFFF"))
        #expect(result.state == .flaky)
        // The same block after a clean record is.
        #expect(FlakinessScript.analyse("PPPPPPPPFFF")?.state == .newlyBroken(since: "c09"))
    }

    @Test("a long failing block followed by passes is fixed as the window moves past the passes before it")
    func aFixStaysAFixAtTheWindowsEdge() throws {
        // Passed twice, failed 9 commits in a row, then passed 4: each night's window drops the
        // oldest commit. The passes after the block are evidence of the rate outside it, so the
        // state never turns flaky on the night only one earlier pass is left.
        let rows = FlakinessScript.rows("PPFFFFFFFFFPPPP")
        for dropped in 0...2 {
            let window = Array(rows.dropFirst(dropped))
            let result = try #require(FlakinessAnalyzer().analyze(window).first)
            #expect(result.state == .fixed(at: "c12"), "window without the first \(dropped) commit(s)")
        }
        // A block broken by a pass is still flaky, whatever comes after it.
        #expect(FlakinessScript.analyse("PFFFFPFFFFPPPP")?.state == .flaky)
        // Two failures between passes are not improbable: flaky, not fixed.
        #expect(FlakinessScript.analyse("PPPFFPPPFFPP")?.state == .flaky)
    }

    @Test func thresholdsComeFromTheConfiguration() throws {
        var strict = FlakinessConfiguration()
        strict.minimumBrokenCommits = 5
        #expect(
            FlakinessScript.analyse("PPPPPPPPFFF", configuration: strict)?.state == .unconfirmedFailure(since: "c09"))
        var countInfra = FlakinessConfiguration()
        countInfra.infrastructureFlakesCountAsPasses = false
        #expect(FlakinessScript.analyse("PPIPP", configuration: countInfra)?.state == .flaky)
    }

    @Test func verdictsWithinARun() {
        let rows = FlakinessScript.rows("PFRIS")
        #expect(
            rows.map(FlakinessAnalyzer.verdict(of:)) == [
                .passed, .failedEveryAttempt, .passedOnRetry, .infrastructureFlake, .skipped,
            ])
    }

    @Test func scoresRankRecentAndFrequentFlakinessHigher() throws {
        let recent = try #require(FlakinessScript.analyse("PPPPPPPPRR"))
        let old = try #require(FlakinessScript.analyse("RRPPPPPPPP"))
        let often = try #require(FlakinessScript.analyse("RPRPRPRPRP"))
        let broken = try #require(FlakinessScript.analyse("PPPPPPPFFF"))
        let stable = try #require(FlakinessScript.analyse("PPPPPPPPPP"))
        #expect(recent.score > old.score)
        #expect(often.score > recent.score)
        #expect(often.score > broken.score)
        #expect(broken.score > stable.score)
        #expect(stable.score == 0)
        #expect(often.evidence.retries == 5)
        #expect(often.evidence.passedOnRetryRunKeys.count == 5)
        #expect(often.evidence.flips == 9)
    }

    @Test func equalScoresRankTheTestWithMoreEvidenceFirst() {
        // A retry on one commit scores 1, as a retry on every one of six commits does, and so does
        // a pass then a failure (the flip rate): more failed runs rank first, then more runs.
        let rows =
            FlakinessScript.rows("R", test: "A/once") + FlakinessScript.rows("RRRRRR", test: "Z/every")
            + FlakinessScript.rows("RR", test: "B/twice") + FlakinessScript.rows("PF", test: "C/passThenFail")
        let ranked = FlakinessAnalyzer().analyze(rows)
        #expect(ranked.map(\.score) == [1, 1, 1, 1])
        #expect(ranked.map(\.key.testKey) == ["Z/every", "B/twice", "C/passThenFail", "A/once"])
    }

    @Test func runsWithoutACommitCountAsTheirOwnCommitAndSkipsAreIgnored() throws {
        var rows = FlakinessScript.rows("PPSP")
        for index in rows.indices { rows[index].commit = nil }
        let result = try #require(FlakinessAnalyzer().analyze(rows).first)
        #expect(result.evidence.runs == 3)
        #expect(result.evidence.commits.map(\.commit) == ["run-0", "run-1", "run-3"])
        #expect(FlakinessAnalyzer().analyze(FlakinessScript.rows("SS")).isEmpty)
    }

    @Test func theSameTestOnAnotherOSIsAnotherKey() {
        let rows = FlakinessScript.rows("PPPPPPFFFF", os: "18.2") + FlakinessScript.rows("PPPPPPPPPP", os: "17.5")
        let results = FlakinessAnalyzer().analyze(rows)
        #expect(results.count == 2)
        #expect(results.first { $0.key.osVersion == "18.2" }?.state == .newlyBroken(since: "c07"))
        #expect(results.first { $0.key.osVersion == "17.5" }?.state == .stable)
    }

    @Test func theAccumulatorMatchesTheBatchAnalysis() {
        let rows = FlakinessScript.rows("PRPFP", test: "A/a") + FlakinessScript.rows("PPPFF", test: "B/b")
        var accumulator = FlakinessAccumulator()
        for row in rows { accumulator.add(row) }
        #expect(accumulator.finish() == FlakinessAnalyzer().analyze(rows))
    }

    /// `check`'s run is not stored: its rows are analysed after the stored rows of their test and
    /// OS, wherever that test's rows stream. A row of an OS the stream did not name joins when the
    /// stream named its test or it fails now; another test's row is left out.
    @Test func theAccumulatorAppendsARunNotStoredAsTheBatchWould() {
        let stored =
            FlakinessScript.rows("PPPPPF", test: "A/a", os: "17.5") + FlakinessScript.rows("PPPPPP", test: "A/a")
            + FlakinessScript.rows("PPPPPP", test: "B/b")
        func own(_ test: String, os: String = "18.2") -> TestRunRow {
            var row = FlakinessScript.rows("PPPPPPF", test: test, os: os)[6]
            row.runKey = "check"
            return row
        }
        // A/a on 17.5 (its block streams first), A/a on 16.0 (a new OS of a streamed test), C/c
        // failing for the first time, D/d passing and never streamed.
        let appended = [own("A/a", os: "17.5"), own("A/a", os: "16.0"), own("C/c"), own("D/d")]
        var accumulator = FlakinessAccumulator(appending: appended, keepingUnread: ["C/c"])
        for row in stored { accumulator.add(row) }
        let expected = FlakinessAnalyzer().analyze(stored + appended.filter { $0.testKey != "D/d" })
        #expect(accumulator.finish() == expected)
        #expect(expected.count == 5)
        #expect(expected.contains { $0.key.testKey == "A/a" && $0.key.osVersion == "17.5" && $0.evidence.runs == 7 })
    }

    @Test func flakyElementsNeedFlakyFailuresFromDifferentTests() {
        let tests = FlakinessAnalyzer().analyze(
            FlakinessScript.rows("PRPRP", test: "A/a") + FlakinessScript.rows("PPRPP", test: "B/b")
                + FlakinessScript.rows("PPPFF", test: "C/c"))
        func failure(_ run: Int, _ test: String, _ identifier: String) -> FailureRow {
            FailureRow(
                runKey: "run-\(run)", commit: nil, testKey: test, attemptIndex: 0, category: "elementNotFound",
                isInfrastructure: false, fingerprint: "f", identifier: identifier)
        }
        let failures = [
            failure(1, "A/a", "Pay"), failure(3, "A/a", "Pay"), failure(2, "B/b", "Pay"),
            failure(3, "C/c", "Login"), failure(4, "C/c", "Login"), failure(1, "A/a", "Login"),
        ]
        let elements = FlakinessAnalyzer().flakyElements(failures: failures, tests: tests)
        // Tests, never failure messages: A/a failed on Pay in two runs and counts once.
        #expect(elements == [FlakyElement(identifier: "Pay", tests: ["A/a", "B/b"], failingTests: 2)])
    }

    @Test func aFlakyElementCostsTheCITimeOfTheAttemptsThatFailedFlakilyOnIt() {
        let tests = FlakinessAnalyzer().analyze(
            FlakinessScript.rows("PRPRP", test: "A/a") + FlakinessScript.rows("PPRPP", test: "B/b"))
        func failure(_ run: Int, _ test: String, _ attempt: Int, infrastructure: Bool = false) -> FailureRow {
            FailureRow(
                runKey: "run-\(run)", commit: nil, testKey: test, attemptIndex: attempt, category: "elementNotFound",
                isInfrastructure: infrastructure, fingerprint: "f", identifier: "Pay")
        }
        func row(_ run: Int, _ test: String, _ outcome: TestOutcome, attempts: Int, duration: Double?) -> TestRunRow {
            TestRunRow(
                runKey: "run-\(run)", commit: nil, startedAt: nil, testKey: test, device: nil, osVersion: "18.2",
                outcome: outcome, attempts: attempts, failedAttempts: 1, infrastructureFailedAttempts: 0,
                duration: duration)
        }
        // A/a, flaky: in run 1 attempt 0 of 2 failed on Pay twice (one attempt, 30 s of 60);
        // in run 3 it failed outright, its 3 attempts all on Pay (45 s). B/b in run 2: one of
        // 2 attempts on Pay (10 s of 20) and one on infrastructure (not a cost); run 4 has no row.
        let failures = [
            failure(1, "A/a", 0), failure(1, "A/a", 0), failure(3, "A/a", 0), failure(3, "A/a", 1),
            failure(3, "A/a", 2), failure(2, "B/b", 0), failure(2, "B/b", 1, infrastructure: true),
            failure(4, "B/b", 0),
        ]
        let rows = [
            row(1, "A/a", .flaky, attempts: 2, duration: 60), row(3, "A/a", .failed, attempts: 3, duration: 45),
            row(2, "B/b", .flaky, attempts: 2, duration: 20), row(5, "B/b", .failed, attempts: 1, duration: 99),
        ]
        let elements = FlakinessAnalyzer().flakyElements(failures: failures, tests: tests, rows: rows)
        #expect(
            elements == [
                FlakyElement(
                    identifier: "Pay", tests: ["A/a", "B/b"], failingTests: 2, seconds: 85, runsWithFailures: 3,
                    failedRuns: 1)
            ])
    }

    @Test func statistics() {
        #expect(FlakinessStatistics.wilsonUpperBound(failures: 0, trials: 0, z: 1.96) == 1)
        let upper = FlakinessStatistics.wilsonUpperBound(failures: 0, trials: 9, z: 1.96)
        #expect(abs(upper - 0.2992) < 0.001)
        #expect(FlakinessStatistics.wilsonUpperBound(failures: 5, trials: 10, z: 1.96) > 0.5)
        #expect(FlakinessStatistics.entropy(failures: 1, trials: 2) == 1)
        #expect(FlakinessStatistics.entropy(failures: 0, trials: 2) == 0)
        #expect(FlakinessStatistics.entropy(failures: 2, trials: 2) == 0)
        #expect(FlakinessStatistics.exponentiallyWeightedMean([0, 1], decay: 0.5) > 0.5)
        #expect(FlakinessStatistics.runLengthProbability(rate: 0.5, length: 3) == 0.125)
    }

    @Test func configurationDecodesPartialKeysOntoDefaults() throws {
        let json = #"{"significance": 0.01, "windowRuns": 50}"#
        let configuration = try JSONDecoder().decode(FlakinessConfiguration.self, from: Data(json.utf8))
        #expect(configuration.significance == 0.01)
        #expect(configuration.windowRuns == 50)
        #expect(configuration.windowDays == 30)
        #expect(configuration.scoreDecay == 0.9)
        let roundTrip = try JSONDecoder().decode(
            FlakinessConfiguration.self, from: JSONEncoder().encode(configuration))
        #expect(roundTrip == configuration)
        #expect(FlakinessConfiguration.keyNames.count == 10)
    }
}
