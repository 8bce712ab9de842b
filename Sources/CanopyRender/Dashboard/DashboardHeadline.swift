import Foundation

/// The overall verdict of a run.
package enum DashboardStatus: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    /// Every test passed (flaky tests passed on retry) and every gate passed.
    case passed
    /// At least one test failed, but every gate passed (the failures are known, quarantined or allowed).
    case failed
    /// At least one gate failed: the job fails, whatever the tests did.
    case gateFailed
    /// At least one test failed, and no gates were judged (a stored run's report from history).
    case testsFailed

    /// The headline's words, the same on the page and in the summary.
    package var title: String {
        switch self {
        case .passed: "Passed"
        case .failed: "Tests failed, gates passed"
        case .gateFailed: "Gate failed"
        case .testsFailed: "Tests failed"
        }
    }
}

/// One key figure and its value in the baseline run, when there is one.
package struct DashboardKPI: Sendable, Equatable, Hashable, Codable {
    package var value: Double
    /// The same figure in the baseline; nil when there is no baseline.
    package var baseline: Double?
    /// False for a figure the run could not measure (identifier coverage without element-tree
    /// snapshots): shown as "not measured", not as 0.
    package var isMeasured: Bool

    package init(_ value: Double, baseline: Double? = nil, isMeasured: Bool = true) {
        self.value = value
        self.baseline = baseline
        self.isMeasured = isMeasured
    }

    /// `value - baseline`, or nil without a baseline or a measure.
    package var change: Double? { isMeasured ? baseline.map { value - $0 } : nil }
}

/// Status and key figures of the run, each with its change against the baseline.
package struct DashboardHeadline: Sendable, Equatable, Codable {
    package var status: DashboardStatus
    package var tests: DashboardKPI
    package var passed: DashboardKPI
    package var failed: DashboardKPI
    package var flaky: DashboardKPI
    package var skipped: DashboardKPI
    /// Passed (including flaky) over tests that ran, 0…1.
    package var passRate: DashboardKPI
    /// Identified interactive elements over interactive elements, 0…1.
    package var identifierCoverage: DashboardKPI
    package var auditErrors: DashboardKPI
    package var auditWarnings: DashboardKPI
    /// The run's test time in seconds: the sum of its tests' durations (with parallel testing, more than the wall time).
    package var duration: DashboardKPI

    package init(
        status: DashboardStatus, tests: DashboardKPI, passed: DashboardKPI, failed: DashboardKPI, flaky: DashboardKPI,
        skipped: DashboardKPI, passRate: DashboardKPI, identifierCoverage: DashboardKPI, auditErrors: DashboardKPI,
        auditWarnings: DashboardKPI, duration: DashboardKPI
    ) {
        self.status = status
        self.tests = tests
        self.passed = passed
        self.failed = failed
        self.flaky = flaky
        self.skipped = skipped
        self.passRate = passRate
        self.identifierCoverage = identifierCoverage
        self.auditErrors = auditErrors
        self.auditWarnings = auditWarnings
        self.duration = duration
    }
}

/// Where the run came from and where the full dashboard lives. URLs are shown as links only
/// when their scheme is http or https.
package struct DashboardLinks: Sendable, Equatable, Codable {
    package var buildURL: String?
    package var commit: String?
    package var commitURL: String?
    package var branch: String?
    /// What the figures are compared with, e.g. `"main @ 1a2b3c4"`.
    package var baseline: String?
    /// The full HTML dashboard: a URL or a path (named in Markdown when sections were cut).
    package var dashboard: String?

    package init(
        buildURL: String? = nil, commit: String? = nil, commitURL: String? = nil, branch: String? = nil,
        baseline: String? = nil, dashboard: String? = nil
    ) {
        self.buildURL = buildURL
        self.commit = commit
        self.commitURL = commitURL
        self.branch = branch
        self.baseline = baseline
        self.dashboard = dashboard
    }

    /// `dashboard` when it is the page's http(s) URL (`CANOPY_DASHBOARD_URL`), not a path.
    package var dashboardURL: String? { dashboard.flatMap(SafeURL.http) }

    /// Where a reader of the summary sees a test's screenshots: the page opened at the test's
    /// attempts (`#test=<key>`, which the page's script opens) when its URL is known; else the CI
    /// build, whose artifacts hold the page; else nil.
    package func screenshots(of test: String) -> String? {
        if let page = dashboardURL {
            guard !page.contains("#"), let key = test.addingPercentEncoding(withAllowedCharacters: Self.fragmentSafe) else { return page }
            return page + "#test=" + key
        }
        return buildURL.flatMap(SafeURL.http)
    }

    /// What a test key keeps unencoded in the fragment (RFC 3986 unreserved characters).
    private static let fragmentSafe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// The result of one gate from `Config/canopy.yml`.
package struct DashboardGate: Sendable, Equatable, Hashable, Codable {
    package var name: String
    package var passed: Bool
    /// What was measured against what, e.g. `"coverage 71.2% < minimum 75%"`.
    package var detail: String

    package init(name: String, passed: Bool, detail: String) {
        self.name = name
        self.passed = passed
        self.detail = detail
    }
}
