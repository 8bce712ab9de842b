import Foundation

/// An XCTMetric one stable test measures in every run of a scenario (docs/performance.md): the app
/// launch, five measurements a run spread evenly around 2 s, every run alike until `changeAt`, from
/// which each is `factor` times as large. Runs alike tie in every rank, so an unchanged metric is
/// never a change and a changed one always is: the truth is certain, not statistical.
struct OracleMetric {
    static let identifier = "com.apple.dt.XCTMetric_ApplicationLaunch-AppLaunch.duration"
    static let device = "iPhone 16 Pro"
    /// `metricChanges.minimumRuns`' default: earlier measured runs a change needs before it.
    static let minimumRuns = 3

    var test: OracleTest
    /// The first run measured `factor` times as large; nil when the metric never changes.
    var changeAt: Int?
    /// 1.6 (60 % slower, a regression of a metric that prefers smaller) or 0.6 (an improvement).
    var factor: Double

    func measurements(run: Int) -> [Double] {
        let scale = changeAt.map { run >= $0 ? factor : 1 } ?? 1
        return [1.96, 1.98, 2.0, 2.02, 2.04].map { ($0 * scale * 10_000).rounded() / 10_000 }
    }

    /// A metric for about 40 % of scenarios whose runs are all readable and that have a plain test
    /// stable in every run, drawn from a stream of its own so the rest of the scenario is the one
    /// the seed always gave. The change begins at the current run, at an earlier run of main
    /// (from the fourth on: three runs before it to compare with), or never.
    static func make(for scenario: Scenario) -> OracleMetric? {
        var random = OracleRandom(seed: scenario.seed ^ 0x6d65_7472_6963)
        guard random.chance(0.4), scenario.runs.allSatisfy({ $0.unreadable == nil }),
            let test = scenario.tests.first(where: { test in
                test.device == nil && test.fate == .stable && test.runs.allSatisfy { !$0.isEmpty }
            })
        else { return nil }
        let current = scenario.currentIndex
        let factor = random.chance(0.7) ? 1.6 : 0.6
        switch random.int(0...9) {
        case 0...3: return OracleMetric(test: test, changeAt: nil, factor: factor)
        case 4...7: return OracleMetric(test: test, changeAt: current, factor: factor)
        default:
            let earlier =
                scenario.isPullRequest || current <= minimumRuns ? current : random.int(minimumRuns...(current - 1))
            return OracleMetric(test: test, changeAt: earlier, factor: factor)
        }
    }

    /// `xcrun xcresulttool get test-results metrics` for run `run`: the test as xcresulttool names it
    /// (`Suite/test()`), one measured run on the device, its metric as Xcode 26 writes it.
    func document(run: Int) -> [[String: Any]] {
        let metric: [String: Any] = [
            "baselineAverage": 0, "baselineName": "", "displayName": "Duration (AppLaunch)",
            "identifier": Self.identifier, "maxPercentRegression": 10, "maxPercentRelativeStandardDeviation": 10,
            "maxRegression": 0.1, "maxStandardDeviation": 0.1, "measurements": measurements(run: run),
            "polarity": "prefers smaller", "unitOfMeasurement": "s",
        ]
        return [
            [
                "testIdentifier": test.suite + "/" + test.name + "()",
                "testIdentifierURL": "test://com.apple.xcode/Oracle/\(test.bundle)/\(test.suite)/\(test.name)()",
                "testRuns": [
                    [
                        "device": ["deviceId": "00008120-ORACLE", "deviceName": Self.device],
                        "testPlanConfiguration": ["configurationId": "1", "configurationName": Scenario.configuration],
                        "metrics": [metric],
                    ]
                ],
            ]
        ]
    }
}

/// What the current run's metric changes are by docs/performance.md.
struct MetricTruth: Equatable {
    /// Metrics that changed across history, and how many of them regressed.
    var changed = 0
    var regressed = 0
    /// Regressions that began at the current run: what the gate counts and the comment lists.
    var regressedHere = 0
    /// Changes that began at the current run (the comment's list).
    var changedHere = 0

    init() {}

    init(_ scenario: Scenario) {
        guard let metric = scenario.metric, let changeAt = metric.changeAt else { return }
        let current = scenario.currentIndex
        // The runs compared with: the target branch's before this run (main's, for a pull request).
        let earlier = scenario.runs.filter { $0.index < current && !$0.isPullRequest }.count
        let reported = changeAt == current ? earlier >= OracleMetric.minimumRuns : changeAt >= OracleMetric.minimumRuns
        guard reported else { return }
        let regression = metric.factor > 1
        changed = 1
        regressed = regression ? 1 : 0
        if changeAt == current {
            changedHere = 1
            regressedHere = regressed
        }
    }
}

extension ScenarioFiles {
    /// The scenario's metrics document in run `run`'s directory, when it measures one.
    func writeMetrics(run: Int) throws {
        guard let metric = scenario.metric else { return }
        try JSONSerialization.data(withJSONObject: metric.document(run: run), options: [.prettyPrinted, .sortedKeys])
            .write(to: URL(fileURLWithPath: runDirectory(run) + "/metrics.json"))
    }
}
