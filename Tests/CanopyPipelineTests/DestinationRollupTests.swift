import CanopyAnalysis
import CanopyConfig
import CanopyModel
import Foundation
import Testing

@testable import CanopyPipeline

/// One test's verdicts across the destinations of a run, rolled up once beside the verdicts.
@Suite("Verdicts per destination, rolled up per test")
struct DestinationRollupTests {
    static func row(
        _ className: String, _ name: String, on device: String?, configuration: String? = nil,
        _ outcome: TestOutcome
    ) -> TestRunRow {
        let identity = TestIdentity(className: className, name: name, device: device, configuration: configuration)
        return TestRunRow(
            runKey: "r", commit: "c0013", startedAt: nil, testKey: identity.key, device: device, osVersion: nil,
            outcome: outcome, attempts: outcome == .flaky ? 2 : 1,
            failedAttempts: outcome == .failed || outcome == .flaky ? 1 : 0, infrastructureFailedAttempts: 0)
    }

    static let iPad = "iPad Air (18.2)"
    static let iPhone = "iPhone 16 Pro (18.2)"
    static let se = "iPhone SE (17.5)"
    static let mini = "iPhone 13 mini (17.5)"

    @Test("two devices, failing on one: broken since its commit on that device only; the other passes")
    func twoDevicesFailingOnOne() throws {
        let rows = [
            Self.row("LoginTests", "testLogin", on: Self.iPhone, .passed),
            Self.row("LoginTests", "testLogin", on: Self.iPad, .failed),
            Self.row("LoginTests", "testLogout", on: Self.iPhone, .passed),
            Self.row("LoginTests", "testLogout", on: Self.iPad, .passed),
        ]
        let failing = rows[1].testKey
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [],
            comparison: BaselineComparison(baselineRunKey: "b", failingNotInBaseline: [failing]),
            states: [failing: .newlyBroken(since: "c0012")], stateBranch: "main", quarantine: [])
        let rollup = verdicts.destinations
        #expect(rollup.destinations == [Self.iPad, Self.iPhone])
        #expect(rollup.tests.map(\.test) == ["LoginTests/testLogin", "LoginTests/testLogout"])
        let login = try #require(rollup[key: failing])
        #expect(login.line == "broken since c0012 on iPad Air (18.2) only; passes on 1 other")
        #expect(login.cells.map(\.destination) == [0, 1])
        #expect(login.cells.map(\.status) == [.newFailure, .passed])
        #expect(login.cells.map(\.since) == ["c0012", nil])
        #expect(login.cells.map(\.key) == [failing, rows[0].testKey])
        #expect(!login.isUniform)
        let logout = try #require(rollup[key: rows[3].testKey])
        #expect(logout.line == "passes on both destinations")
        #expect(logout.isUniform)
        // The per-destination verdicts themselves are unchanged: two tests, one new failure.
        #expect(verdicts.newFailures == [failing])
    }

    @Test("four destinations: the failing ones named, the passing ones counted; retries and skips said apart")
    func fourDestinations() throws {
        var rows: [TestRunRow] = []
        for (device, outcome) in [
            (Self.iPad, TestOutcome.failed), (Self.se, .failed), (Self.iPhone, .passed), (Self.mini, .passed),
        ] {
            rows.append(Self.row("LoginTests", "testLogin", on: device, outcome))
        }
        for (device, outcome) in [
            (Self.iPad, TestOutcome.flaky), (Self.se, .skipped), (Self.iPhone, .passed), (Self.mini, .passed),
        ] {
            rows.append(Self.row("FeedTests", "testRefresh", on: device, outcome))
        }
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [],
            comparison: BaselineComparison(
                baselineRunKey: "b", failingNotInBaseline: [rows[0].testKey], stillFailing: [rows[1].testKey]),
            states: [rows[1].testKey: .stillFailing(since: "c0003"), rows[7].testKey: .flaky], stateBranch: "main",
            quarantine: [])
        let rollup = verdicts.destinations
        #expect(rollup.destinations == [Self.iPad, Self.mini, Self.iPhone, Self.se])
        let login = try #require(rollup[key: rows[2].testKey])
        #expect(login.line == "fails on iPad Air (18.2), iPhone SE (17.5); passes on 2 others")
        #expect(login.cells.map(\.status) == [.newFailure, .passed, .passed, .stillFailing])
        let refresh = try #require(rollup[key: rows[4].testKey])
        #expect(
            refresh.line
                == "passed on retry on iPad Air (18.2) only; flaky on 1 other; skipped on 1 other; passes on 1 other")
        #expect(refresh.cells.map(\.status) == [.passedOnRetry, .flaky, .passed, .skipped])
    }

    @Test("a configuration is part of the destination: one device in two configurations is two destinations")
    func configurations() throws {
        let rows = [
            Self.row("LoginTests", "testLogin", on: Self.iPhone, configuration: "Default", .passed),
            Self.row("LoginTests", "testLogin", on: Self.iPhone, configuration: "German", .failed),
        ]
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [],
            comparison: BaselineComparison(baselineRunKey: "b", failingNotInBaseline: [rows[1].testKey]),
            quarantine: [])
        let rollup = verdicts.destinations
        #expect(rollup.destinations == ["iPhone 16 Pro (18.2) · Default", "iPhone 16 Pro (18.2) · German"])
        let login = try #require(rollup[key: rows[1].testKey])
        #expect(login.test == "LoginTests/testLogin")
        #expect(login.line == "fails on iPhone 16 Pro (18.2) · German only; passes on 1 other")
    }

    @Test("one configuration throughout is not named: the devices are the destinations")
    func oneConfiguration() {
        let rows = [
            Self.row("A", "t", on: Self.iPhone, configuration: "Default", .passed),
            Self.row("A", "t", on: Self.iPad, configuration: "Default", .passed),
        ]
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [], comparison: BaselineComparison(baselineRunKey: "b"), quarantine: [])
        #expect(verdicts.destinations.destinations == [Self.iPad, Self.iPhone])
    }

    @Test("a test absent on a destination did not run there; parameterised arguments stay part of the test")
    func absentOnOne() throws {
        let rows = [
            Self.row("RangeTests", "ranges((min: 0, max: 10))", on: Self.iPhone, .failed),
            Self.row("LoginTests", "testLogin", on: Self.iPhone, .passed),
            Self.row("LoginTests", "testLogin", on: Self.iPad, .passed),
            Self.row("LoginTests", "testLogin", on: Self.se, .passed),
            // Its class ran on the others: it did not.
            Self.row("RangeTests", "bounds", on: Self.iPad, .passed),
            Self.row("RangeTests", "bounds", on: Self.se, .passed),
        ]
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [],
            comparison: BaselineComparison(baselineRunKey: "b", failingNotInBaseline: [rows[0].testKey]),
            quarantine: [])
        let ranges = try #require(verdicts.destinations[key: rows[0].testKey])
        #expect(ranges.test == "RangeTests/ranges((min: 0, max: 10))")
        #expect(ranges.cells.map(\.destination) == [1])
        #expect(ranges.line == "fails on iPhone 16 Pro (18.2) only; did not run on 2 others")
        #expect(!ranges.isUniform && ranges.suiteAbsent.isEmpty)
        #expect(verdicts.destinations[key: rows[1].testKey]?.line == "passes on all 3 destinations")
    }

    @Test("a suite run on one destination alone did not miss the others")
    func suiteOnOneDestination() throws {
        let rows = [
            Self.row("PlayerTests", "testScrub", on: Self.iPhone, .failed),
            Self.row("LoginTests", "testLogin", on: Self.iPhone, .passed),
            Self.row("LoginTests", "testLogin", on: Self.iPad, .passed),
        ]
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [],
            comparison: BaselineComparison(baselineRunKey: "b", failingNotInBaseline: [rows[0].testKey]), quarantine: []
        )
        let scrub = try #require(verdicts.destinations[key: rows[0].testKey])
        #expect(scrub.line == "fails on iPhone 16 Pro (18.2), the only destination its suite ran on")
        // The iPad ran none of its suite: no difference there.
        #expect(scrub.suiteAbsent == [0] && scrub.isUniform)
        #expect(verdicts.destinations[key: rows[1].testKey]?.suiteAbsent == [])
        #expect(verdicts.destinations.runTests == 3)
    }

    @Test("many failing destinations are named up to six, the rest counted")
    func manyDestinations() throws {
        let devices = (1...9).map { "iPhone \($0) (18.2)" }
        let rows = devices.enumerated().map { Self.row("A", "t", on: $0.element, $0.offset < 8 ? .failed : .passed) }
        let verdicts = RunVerdicts.judge(
            rows: rows, failures: [],
            comparison: BaselineComparison(baselineRunKey: "b", failingNotInBaseline: rows.prefix(8).map(\.testKey)),
            quarantine: [])
        let line = try #require(verdicts.destinations[key: rows[0].testKey]?.line)
        #expect(
            line
                == "fails on iPhone 1 (18.2), iPhone 2 (18.2), iPhone 3 (18.2), iPhone 4 (18.2), iPhone 5 (18.2), iPhone 6 (18.2) and 2 more; passes on 1 other"
        )
    }

    @Test("a run on one destination, or with no device, rolls nothing up")
    func oneDestination() {
        for device in [nil, Self.iPhone] {
            let rows = [Self.row("A", "t", on: device, .failed), Self.row("A", "u", on: device, .passed)]
            let verdicts = RunVerdicts.judge(
                rows: rows, failures: [],
                comparison: BaselineComparison(baselineRunKey: "b", failingNotInBaseline: [rows[0].testKey]),
                quarantine: [])
            #expect(verdicts.destinations.isEmpty)
            #expect(verdicts.destinations.tests.isEmpty && verdicts.destinations[key: rows[0].testKey] == nil)
        }
    }

    @Test("a run on more destinations than a matrix holds is listed per destination, as a run on one")
    func tooManyDestinations() {
        let count = DestinationRollup.maximumDestinations
        for devices in [count, count + 1] {
            let rows = (0..<devices).map { Self.row("A", "t\($0 % 3)", on: "Device \($0)", .passed) }
            let verdicts = RunVerdicts.judge(
                rows: rows, failures: [], comparison: BaselineComparison(baselineRunKey: "b"), quarantine: [])
            #expect(verdicts.destinations.destinations.count == (devices <= count ? devices : 0), "\(devices)")
        }
    }

    @Test("the test key is the row's key up to its device, even when the name holds an @ or a #")
    func splitting() {
        let odd = TestIdentity(className: "A", name: "mail a@b #1", device: "iPhone @ home", configuration: "De#1")
        #expect(
            DestinationRollup.split(odd.key, device: "iPhone @ home")
                == DestinationRollup.Destination(test: "A/mail a@b #1", device: "iPhone @ home", configuration: "De#1"))
        #expect(DestinationRollup.split("A/t", device: nil) == nil)
        #expect(DestinationRollup.split("A/t@Other", device: "iPhone") == nil)
    }
}
