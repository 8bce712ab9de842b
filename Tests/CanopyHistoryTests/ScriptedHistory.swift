import CanopyModel
import Foundation

/// A deterministic fifteen-night history with known answers.
///
/// Main (iOS 18.2), one run a night on commits c01…c15, plus a rerun of night 7 on c07; release
/// (iOS 17.5), one run a night. The tests:
/// - `Stable/testStable` passes everywhere;
/// - `Flaky/testFlaky` fails then passes on retry on nights 3, 7 and 11, fails outright on 5 and 13;
/// - `Broken/testNewlyBroken` fails every attempt from night 10 on main, passes on release;
/// - `Fixed/testFixed` fails every attempt on nights 6–11 and passes from night 12;
/// - `Failing/testAlwaysFails` fails every night;
/// - `Infra/testInfra` fails only in infrastructure (nights 4, 8 then passes on retry; night 9 every attempt);
/// - `Recency/testFlakyEarly` and `Recency/testFlakyLate` pass on retry on nights 2–3 and 13–14;
/// - `Recent/testUnconfirmed` fails once, on night 15.
enum ScriptedHistory {
    static let nights = 1...15
    typealias Test = RunFactory.ScriptedTest

    static func commit(_ night: Int) -> String { String(format: "c%02d", night) }
    static func key(_ name: String) -> String { name + "@iPhone 16" }

    static var runs: [(Run, RunDigest)] {
        var runs: [(Run, RunDigest)] = []
        for night in nights {
            runs.append(main(night: night, rerun: false))
            if night == 7 { runs.append(main(night: night, rerun: true)) }
            runs.append(
                RunFactory.run(
                    key: "release-\(night)", commit: "r" + commit(night), branch: "release",
                    night: Double(night) + 0.25,
                    os: "17.5",
                    tests: [
                        Test(className: "Stable", name: "testStable()", outcomes: [.passed]),
                        Test(className: "Broken", name: "testNewlyBroken()", outcomes: [.passed]),
                    ]))
        }
        return runs
    }

    static func main(night: Int, rerun: Bool) -> (Run, RunDigest) {
        let failTwice: [Outcome] = [.failed, .failed]
        let retry: [Outcome] = [.failed, .passed]
        let pass: [Outcome] = [.passed]
        let flaky: [Outcome] =
            rerun ? pass : [3, 7, 11].contains(night) ? retry : [5, 13].contains(night) ? [.failed] : pass
        let infra: [Outcome] = [4, 8].contains(night) ? retry : night == 9 ? [.error, .error] : pass
        let tests = [
            Test(className: "Stable", name: "testStable()", outcomes: pass),
            Test(className: "Flaky", name: "testFlaky()", outcomes: flaky, identifier: "Checkout.PayButton"),
            Test(
                className: "Broken", name: "testNewlyBroken()", outcomes: night >= 10 ? failTwice : pass,
                identifier: "Login.Submit"),
            Test(
                className: "Fixed", name: "testFixed()", outcomes: (6...11).contains(night) ? failTwice : pass,
                identifier: "Settings.Toggle"),
            Test(className: "Failing", name: "testAlwaysFails()", outcomes: failTwice, identifier: "Login.Submit"),
            Test(className: "Infra", name: "testInfra()", outcomes: infra, infrastructure: true),
            Test(
                className: "Recency", name: "testFlakyEarly()",
                outcomes: [2, 3].contains(night) && !rerun ? retry : pass, identifier: "Checkout.PayButton"),
            Test(
                className: "Recency", name: "testFlakyLate()", outcomes: [13, 14].contains(night) ? retry : pass,
                identifier: "Checkout.PayButton"),
            Test(className: "Recent", name: "testUnconfirmed()", outcomes: night == 15 ? [.failed] : pass),
        ]
        var issues = [RunFactory.issue("contrast", "Checkout.PayButton")]
        if night == 15 { issues.append(RunFactory.issue("hitRegion", "Login.Submit", severity: .warning)) }
        let coverage = [CoverageFigure(scope: .overall, name: "", interactive: 40, identified: night == 15 ? 30 : 28)]
        return RunFactory.run(
            key: rerun ? "main-\(night)-rerun" : "main-\(night)", commit: commit(night),
            night: Double(night) + (rerun ? 0.5 : 0),
            tests: tests, auditIssues: issues, coverage: coverage)
    }
}
