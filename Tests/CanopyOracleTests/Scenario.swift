import Foundation

/// One attempt of a test in one run, as the scenario decided it.
enum AttemptResult: Equatable {
    case passed(seconds: Double)
    case failed(message: String)
    case skipped
}

/// What a test is meant to do over the scenario's history: its ground truth.
enum Fate: String, CaseIterable {
    /// Passes in every run.
    case stable
    /// Skipped in every run.
    case skipped
    /// Fails then passes on a retry in several runs (at least two before this one): flaky.
    case flaky
    /// Flaky as above, then fails every attempt now with the message it failed with before.
    case knownFlakyFailsAsBefore
    /// Flaky as above, then fails every attempt now with a failure of another kind.
    case flakyNewFailure
    /// Passes in every run before this one and fails every attempt in this one.
    case brokenNow
    /// Passes, then fails every attempt from run `brokenAt` (before this one) on.
    case brokenBefore
    /// Fails every attempt from the window's first run, then passes from run `fixedAt` on.
    case fixed
    /// Fails every attempt in every run.
    case failingThroughout
    /// Fails (or is flaky) now, under an active quarantine entry.
    case quarantinedActive
    /// Broken now, under a quarantine entry that has expired.
    case quarantinedExpired
    /// Passes under an old name until run `renamedAt`, under a new one from then on (two tests).
    case renamedOld
    case renamedNew
}

/// A test of the scenario with its attempts in every run.
struct OracleTest {
    var bundle: String
    /// The class without the bundle (`LoginTests`).
    var suite: String
    /// The function name without `()`.
    var name: String
    /// `iPhone 16 Pro (18.2)`; nil for the tests written without a device.
    var device: String?
    var fate: Fate
    /// Attempts per run index; empty when the test is not in that run.
    var runs: [[AttemptResult]]
    /// The first run of the trailing block of failures (broken fates).
    var brokenAt: Int?
    /// The first passing run after the leading block of failures (`fixed`).
    var fixedAt: Int?
    /// The message of its flaky failures before this run (flaky fates).
    var flakeMessage: String?
    /// Whether the current run's outcome of a quarantined test is flaky rather than failed.
    var quarantinedFlaky = false

    var className: String { bundle + "." + suite }

    /// Canopy's key (docs/identity-and-verdicts.md): `Class/name@device`. The tests on devices
    /// ran on two in one configuration: their keys name the device, not the configuration.
    var key: String {
        var key = className + "/" + name
        if let device { key += "@" + device }
        return key
    }
}

/// The producer shape a run's test results are written in.
enum Shape: String {
    case xcbeautify
    case trainer
    case xcresult
}

/// One run of the scenario's history.
struct OracleRun {
    var index: Int
    var commit: String
    var branch: String
    var startedAt: String
    var isPullRequest: Bool
    /// The shape of the tests without a device.
    var plainShape: Shape
    /// The shape of the tests on devices.
    var deviceShape: Shape
    var withSnapshots: Bool
    var unreadable: Unreadable?

    enum Unreadable: String {
        /// A truncated file beside the readable ones.
        case besideReadable
        /// A truncated file alone.
        case only
    }
}

/// An accessibility audit issue of the scenario, on its own element.
struct OracleAuditIssue {
    var identifier: String
    var auditType: String
    var compactDescription: String
    var isError: Bool
    /// The first run it appears in; it stays in every run after.
    var firstRun: Int
    var quarantined: Bool
}

/// A `quarantine:` entry the scenario writes into its canopy.yml.
struct OracleQuarantineEntry {
    var test: String?
    var identifier: String?
    var auditType: String?
    var reason: String
    var expires: String
    var active: Bool
    /// The 1-based line of the entry's first key in canopy.yml, set when the file is written.
    var line = 0
    var matchesNothing = false
}

/// A seeded history of runs with ground truth, and the files it writes.
struct Scenario {
    static let configuration = "Default"
    static let devices = ["iPhone 16 Pro (18.2)", "iPad Air 13-inch (M2) (18.2)"]
    static let plainBundle = "OracleUITests"
    static let deviceBundle = "OracleDeviceUITests"

    var seed: UInt64
    var runs: [OracleRun]
    var tests: [OracleTest]
    var audits: [OracleAuditIssue]
    var withAudits: Bool
    var quarantine: [OracleQuarantineEntry]
    /// The XCTMetric a stable test measures in every run, when the scenario has one.
    var metric: OracleMetric?

    var current: OracleRun { runs[runs.count - 1] }
    var currentIndex: Int { runs.count - 1 }
    var isPullRequest: Bool { current.isPullRequest }
    var mainCommits: [String] { runs.filter { !$0.isPullRequest }.map(\.commit) }

    /// The tests in the current run.
    var currentTests: [OracleTest] { tests.filter { !$0.runs[currentIndex].isEmpty } }

    init(seed: UInt64) {
        self.seed = seed
        var random = OracleRandom(seed: seed)
        let mainRuns = random.int(3...5)
        let pullRequest = random.chance(0.3)
        let count = mainRuns + (pullRequest ? 1 : 0)
        let current = count - 1
        let day = 24 * 3600.0
        let start = Date(timeIntervalSince1970: 1_793_505_600)  // 2026-11-01T02:00:00Z
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        let plainOffset = random.int(0...1)
        let deviceOffset = random.int(0...1)
        var runs: [OracleRun] = []
        for index in 0..<count {
            let isPR = pullRequest && index == current
            runs.append(
                OracleRun(
                    index: index, commit: random.commit(),
                    branch: isPR ? "feature/oracle-\(seed % 1000)" : "main",
                    startedAt: formatter.string(from: start.addingTimeInterval(Double(index) * day)),
                    isPullRequest: isPR,
                    plainShape: (index + plainOffset) % 2 == 0 ? .xcbeautify : .xcresult,
                    deviceShape: (index + deviceOffset) % 2 == 0 ? .trainer : .xcresult,
                    withSnapshots: random.chance(0.6), unreadable: nil))
        }
        if random.chance(0.05) { runs[current].unreadable = random.chance(0.5) ? .besideReadable : .only }
        self.runs = runs

        var generator = TestGenerator(random: random, runCount: count, isPullRequest: pullRequest)
        let plainCount = random.int(5...30)
        var tests: [OracleTest] = []
        let suites = ["LoginTests", "FeedTests", "SearchTests", "PlayerTests", "SettingsTests", "CheckoutTests"]
        for number in 0..<plainCount {
            let suite = generator.random.pick(suites)
            tests += generator.make(
                bundle: Scenario.plainBundle, suite: suite, name: "test\(generator.random.pick(Self.verbs))\(number)",
                device: nil, fate: generator.plainFate())
        }
        if generator.random.chance(0.5) {
            for number in 0..<generator.random.int(1...4) {
                let name = "test\(generator.random.pick(Self.verbs))OnDevice\(number)"
                let split = generator.random.chance(0.5)
                for (position, device) in Scenario.devices.enumerated() {
                    let fate: Fate =
                        split ? (position == 0 ? .stable : .brokenNow) : generator.random.pick(Self.deviceFates)
                    tests += generator.make(
                        bundle: Scenario.deviceBundle, suite: "CheckoutTests", name: name, device: device, fate: fate)
                }
            }
        }
        random = generator.random

        var audits: [OracleAuditIssue] = []
        let withAudits = random.chance(0.5)
        if withAudits {
            let kinds: [(String, String, Bool)] = [
                ("contrast", "Contrast failed", true), ("hitRegion", "Hit region is too small", true),
                ("dynamicType", "Dynamic Type font sizes are unsupported", false),
            ]
            for number in 0..<random.int(0...2) {
                let kind = random.pick(kinds)
                audits.append(
                    OracleAuditIssue(
                        identifier: "Oracle.Old.Element\(number)", auditType: kind.0, compactDescription: kind.1,
                        isError: kind.2, firstRun: 0, quarantined: false))
            }
            for number in 0..<random.int(0...2) {
                let kind = random.pick(kinds)
                audits.append(
                    OracleAuditIssue(
                        identifier: "Oracle.New.Element\(number)", auditType: kind.0, compactDescription: kind.1,
                        isError: kind.2, firstRun: current, quarantined: kind.2 && random.chance(0.4)))
            }
        }
        self.audits = audits
        self.withAudits = withAudits

        let runStart = formatter.date(from: runs[current].startedAt)!
        let dayFormatter = DateFormatter()
        dayFormatter.dateFormat = "yyyy-MM-dd"
        dayFormatter.timeZone = TimeZone(identifier: "UTC")
        dayFormatter.locale = Locale(identifier: "en_US_POSIX")
        let activeDay = dayFormatter.string(from: runStart.addingTimeInterval(60 * day))
        let expiredDay = dayFormatter.string(from: start.addingTimeInterval(-20 * day))
        var quarantine: [OracleQuarantineEntry] = []
        for test in tests where test.fate == .quarantinedActive || test.fate == .quarantinedExpired {
            let active = test.fate == .quarantinedActive
            quarantine.append(
                OracleQuarantineEntry(
                    test: test.key,
                    reason: "ORACLE-\(random.int(100...999)) \(active ? "races" : "was racing") the reload",
                    expires: active ? activeDay : expiredDay, active: active))
        }
        for issue in audits where issue.quarantined {
            quarantine.append(
                OracleQuarantineEntry(
                    identifier: issue.identifier, auditType: issue.auditType,
                    reason: "ORACLE-\(random.int(100...999)) design review pending", expires: activeDay, active: true))
        }
        if random.chance(0.3) {
            quarantine.append(
                OracleQuarantineEntry(
                    test: "\(Scenario.plainBundle).TypoTests/testMatchesNothing", reason: "ORACLE-1 a typo",
                    expires: activeDay, active: true, matchesNothing: true))
        }
        quarantine.shuffle(using: &random)
        self.quarantine = quarantine
        self.tests = tests
        metric = OracleMetric.make(for: self)
    }

    static let verbs = [
        "Open", "Close", "Scroll", "Tap", "Search", "Share", "Download", "Login", "Logout", "Refresh", "Filter", "Pay",
    ]
    static let deviceFates: [Fate] = [.stable, .flaky, .brokenNow, .brokenBefore, .fixed, .failingThroughout]
}

/// Draws fates and turns each into attempts per run.
struct TestGenerator {
    var random: OracleRandom
    let runCount: Int
    let isPullRequest: Bool

    var current: Int { runCount - 1 }
    /// The runs on the target (main) branch.
    var mainRuns: Int { isPullRequest ? runCount - 1 : runCount }

    mutating func plainFate() -> Fate {
        let weighted: [(Fate, Int)] = [
            (.stable, 30), (.skipped, 5), (.flaky, 12), (.knownFlakyFailsAsBefore, 6), (.flakyNewFailure, 4),
            (.brokenNow, 6), (.brokenBefore, 6), (.fixed, 6), (.failingThroughout, 5), (.quarantinedActive, 5),
            (.quarantinedExpired, 3), (.renamedOld, 4),
        ]
        var roll = random.int(0...(weighted.map(\.1).reduce(0, +) - 1))
        for (fate, weight) in weighted {
            if roll < weight { return fate }
            roll -= weight
        }
        return .stable
    }

    static func seconds(_ random: inout OracleRandom) -> Double { Double(random.int(500...9000)) / 1000 }

    /// A failure message of one of XCUITest's kinds; `number` makes it the test's own.
    mutating func message(kind: Int, number: Int) -> String {
        switch kind % 4 {
        case 0: return "XCTAssertEqual failed: (\"\(number)\") is not equal to (\"\(number + 1)\")"
        case 1:
            return
                "Failed to tap \"Oracle.Button\(number)\" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '\"Oracle.Button\(number)\" IN identifiers'`, given input App element pid: \(random.int(1000...9999))"
        case 2:
            return
                "Asynchronous wait failed: Exceeded timeout of \(number % 50 + 5) seconds, with unfulfilled expectations: \"Oracle.Item\(number) appears\"."
        default: return "XCTAssertTrue failed - Oracle.Banner\(number) not shown"
        }
    }

    /// The test (or, for a rename, the two tests) with its attempts in every run.
    mutating func make(bundle: String, suite: String, name: String, device: String?, fate: Fate) -> [OracleTest] {
        var fate = fate
        let number = random.int(1...999)
        let kind = random.int(0...3)
        // Flaky fates that fail now need two retry runs before the baseline run.
        if [.knownFlakyFailsAsBefore, .flakyNewFailure].contains(fate) && current < 3 { fate = .flaky }
        var test = OracleTest(
            bundle: bundle, suite: suite, name: name, device: device, fate: fate,
            runs: Array(repeating: [], count: runCount))
        let failMessage = message(kind: kind, number: number)
        func pass(_ r: inout OracleRandom) -> [AttemptResult] { [.passed(seconds: Self.seconds(&r))] }
        func fail(_ r: inout OracleRandom, _ text: String) -> [AttemptResult] {
            r.chance(0.5) ? [.failed(message: text)] : [.failed(message: text), .failed(message: text)]
        }
        func retry(_ r: inout OracleRandom, _ text: String) -> [AttemptResult] {
            [.failed(message: text), .passed(seconds: Self.seconds(&r))]
        }
        switch fate {
        case .stable:
            for run in 0..<runCount { test.runs[run] = pass(&random) }
        case .skipped:
            for run in 0..<runCount { test.runs[run] = [.skipped] }
        case .flaky, .knownFlakyFailsAsBefore, .flakyNewFailure:
            test.flakeMessage = failMessage
            // Retries on the target branch, never in the baseline run when this run fails.
            let before = fate == .flaky ? min(mainRuns, current) : current - 1
            let retryCount = random.int(2...max(2, before))
            let retries = Set(random.distinct(retryCount, of: before))
            for run in 0..<runCount {
                test.runs[run] = retries.contains(run) ? retry(&random, failMessage) : pass(&random)
            }
            switch fate {
            case .flaky: if random.chance(0.5) { test.runs[current] = retry(&random, failMessage) }
            case .knownFlakyFailsAsBefore: test.runs[current] = fail(&random, failMessage)
            default:
                let other = kind + 1 + random.int(0...2)
                let text = message(kind: other, number: number + 1)
                test.runs[current] = fail(&random, text)
            }
        case .brokenNow, .quarantinedExpired:
            for run in 0..<current { test.runs[run] = pass(&random) }
            test.runs[current] = fail(&random, failMessage)
            test.brokenAt = current
        case .brokenBefore:
            let at = random.int(1...(current - 1))
            for run in 0..<runCount { test.runs[run] = run < at ? pass(&random) : fail(&random, failMessage) }
            test.brokenAt = at
        case .fixed:
            let at = random.int(1...(isPullRequest ? mainRuns - 1 : current))
            for run in 0..<runCount { test.runs[run] = run < at ? fail(&random, failMessage) : pass(&random) }
            test.fixedAt = at
        case .failingThroughout:
            for run in 0..<runCount { test.runs[run] = fail(&random, failMessage) }
            test.brokenAt = 0
        case .quarantinedActive:
            switch random.int(0...3) {
            case 0:
                for run in 0..<current { test.runs[run] = pass(&random) }
                test.runs[current] = fail(&random, failMessage)
                test.brokenAt = current
            case 1:
                for run in 0..<runCount { test.runs[run] = fail(&random, failMessage) }
                test.brokenAt = 0
            case 2:
                // Flaky and quarantined: retries before, and a retry now.
                test.flakeMessage = failMessage
                let retries = Set(random.distinct(2, of: min(mainRuns, current)))
                for run in 0..<runCount {
                    test.runs[run] = retries.contains(run) ? retry(&random, failMessage) : pass(&random)
                }
                test.runs[current] = retry(&random, failMessage)
                test.quarantinedFlaky = true
            default:
                for run in 0..<current { test.runs[run] = pass(&random) }
                test.runs[current] = fail(&random, failMessage)
                test.brokenAt = current
            }
        case .renamedOld, .renamedNew:
            let at = random.int(1...current)
            var old = test
            old.fate = .renamedOld
            var renamed = test
            renamed.fate = .renamedNew
            renamed.name = name + "Renamed"
            for run in 0..<runCount {
                if run < at { old.runs[run] = pass(&random) } else { renamed.runs[run] = pass(&random) }
            }
            return [old, renamed]
        }
        return [test]
    }
}
