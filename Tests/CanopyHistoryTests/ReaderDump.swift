import CanopyModel
import Foundation
import Testing

@testable import CanopyHistory

/// Everything the readers return for a store, as one JSON document with sorted keys: the runs,
/// each run's tests, failures, tree, coverage and audit issues, the flakiness streams, passed
/// durations, the failures stream, the trend and the baselines. Two stores holding the same runs
/// read the same when their dumps are equal.
enum ReaderDump {
    /// The scripted history the dump is taken of: four nights on `main` (retries, an
    /// infrastructure failure, a skip, a test on a second OS, tests without a device, unknown
    /// durations), and a pull request run.
    static func history() -> [(Run, RunDigest)] {
        typealias Test = RunFactory.ScriptedTest
        var runs: [(Run, RunDigest)] = []
        for night in 1...4 {
            let tests: [Test] = [
                HistoryStoreTests.checkout,
                Test(
                    className: "LoginTests", name: "testLogin()",
                    outcomes: night == 3 ? [.failed, .passed] : [.passed],
                    identifier: "Login.Submit", seconds: 2.125),
                Test(
                    className: "LoginTests", name: "testLogout()",
                    outcomes: night.isMultiple(of: 2) ? [.failed, .error] : [.passed],
                    identifier: "Login.Submit", seconds: 0.001 * Double(900 + night)),
                Test(className: "LoginTests", name: "testSkip()", outcomes: [.skipped], seconds: nil),
                Test(
                    className: "Settings", name: "testToggle()", outcomes: night == 4 ? [.error, .passed] : [.passed],
                    infrastructure: true, identifier: "Settings.Toggle", device: nil, seconds: 12.5),
                Test(
                    className: "Settings", name: "testAbout()", outcomes: [.passed], device: "iPad Pro 13-inch (M4)",
                    seconds: 30),
            ]
            var (run, digest) = RunFactory.run(
                key: "nightly-\(night)", commit: "c\(night)", night: Double(night), os: night == 2 ? "17.5" : "18.2",
                tests: tests, auditIssues: [RunFactory.issue("contrast", "Checkout.PayButton")],
                coverage: [
                    CoverageFigure(scope: .overall, name: "", interactive: 40, identified: 30 + night),
                    CoverageFigure(scope: .screen, name: "Checkout", interactive: 10, identified: 9),
                ],
                nodes: [
                    // testLogout fails on Login.Submit on even nights; testLogin passes on retry on night 3.
                    IdentifierNodeDigest(
                        path: "Login", parent: nil, tests: 2, failed: night.isMultiple(of: 2) ? 1 : 0,
                        passedOnRetry: night == 3 ? 1 : 0, auditIssues: 0, auditErrors: 0),
                    IdentifierNodeDigest(
                        path: "Login.Submit", parent: "Login", tests: 2, failed: night.isMultiple(of: 2) ? 1 : 0,
                        passedOnRetry: night == 3 ? 1 : 0, auditIssues: 0, auditErrors: 0, interactive: 2,
                        identified: 2),
                ])
            run.metadata.finishedAt = run.metadata.startedAt?.addingTimeInterval(600)
            digest.identifierNodes.sort { $0.path < $1.path }
            runs.append((run, digest))
        }
        var (pr, prDigest) = RunFactory.run(
            key: "pr-7", commit: "p7", branch: "feature/pay", night: 4.5,
            tests: [
                HistoryStoreTests.checkout,
                .init(className: "LoginTests", name: "testLogin()", outcomes: [.failed], identifier: "Login.Submit"),
            ])
        pr.metadata.pullRequest = "7"
        pr.metadata.baseBranch = "main"
        prDigest.identifierNodes = []
        runs.append((pr, prDigest))
        return runs
    }

    static func dump(_ store: any HistoryStore) async throws -> String {
        var document: [String: Any] = [:]
        let runs = try await store.runs(in: .all)
        document["runs"] = try json(runs)
        var perRun: [String: Any] = [:]
        for run in runs {
            perRun[run.key] = [
                "tests": try json(try await store.testRuns(runKey: run.key)),
                "failures": try json(try await store.failures(runKey: run.key)),
                "nodes": try json(try await store.identifierNodes(runKey: run.key)),
                "coverage": try json(try await store.coverage(runKey: run.key)),
                "audits": try json(try await store.auditIssues(runKey: run.key)),
            ]
        }
        document["perRun"] = perRun
        for (name, window) in [("all", HistoryWindow.all), ("main", HistoryWindow(branch: "main", runs: 3))] {
            var all: [TestRunRow] = []
            try await store.forEachTestRun(in: window, onlyTestsWithFailures: false) { all.append($0) }
            var failing: [TestRunRow] = []
            try await store.forEachTestRun(
                in: window, onlyTestsWithFailures: true,
                alsoTestKeys: Set(all.map(\.testKey).filter { $0.contains("testAbout") })
            ) { failing.append($0) }
            var keyed: [TestRunRow] = []
            let keys = Set(all.map(\.testKey).filter { $0.contains("Login") })
            try await store.forEachTestRun(in: window, testKeys: keys) { keyed.append($0) }
            let durations = try await store.passedDurations(
                in: window, testKeys: Set(all.map(\.testKey)), excludingRun: "nightly-4")
            var failures: [FailureRow] = []
            try await store.forEachFailure(in: window) { failures.append($0) }
            document[name] = [
                "testRuns": try json(all), "failingTestRuns": try json(failing), "keyedTestRuns": try json(keyed),
                "passedDurations": try json(durations), "failures": try json(failures),
                "trend": try json(try await store.trend(in: window)),
            ]
        }
        document["previous"] = try json(
            try await store.previousRun(branch: "main", before: "nightly-4", excludingCommit: "c3"))
        let data = try JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// `value` as a JSON object (sorted keys, dates as seconds), for the document.
    private static func json(_ value: some Encodable) throws -> Any {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .secondsSince1970
        return try JSONSerialization.jsonObject(with: encoder.encode(value), options: [.fragmentsAllowed])
    }
}
