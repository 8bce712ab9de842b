import Foundation

/// The rules `canopy check` and the end of `canopy run` enforce (`gates:` in canopy.yml).
/// A nil limit is not checked.
package struct GateConfiguration: Sendable, Equatable {
    /// Minimum identifier coverage of interactive elements, 0…1.
    package var minimumCoverage: Double?
    /// Maximum drop of identifier coverage against the baseline, in points of 0…1 (0.02 = 2 points).
    package var maximumCoverageDrop: Double?
    /// Maximum failing tests that did not fail in the baseline (quarantined tests excluded).
    package var maximumNewFailures: Int?
    /// Maximum failing tests, new or not (quarantined tests excluded; known flaky ones count, as
    /// they failed). Off unless set: `maximumNewFailures` is the gate that history makes fair.
    package var maximumFailures: Int?
    /// Maximum tests that became flaky against the baseline.
    package var maximumNewFlakyTests: Int?
    /// Maximum accessibility audit errors that the baseline did not have.
    package var maximumNewAuditErrors: Int?
    /// Maximum failures per cause category (`elementNotFound: 0`).
    package var maximumFailuresPerCategory: [String: Int]
    /// Minimum tests in the run's test results (JUnit, xcresult). Nil means 1, a gate listed only
    /// when it fails; 0 turns it off.
    package var minimumTests: Int?
    /// Maximum tests of the baseline absent from the run (a crash, a cut-off run; deleted or
    /// renamed tests too). Off unless set: turn it on for the target branch's nightly.
    package var maximumMissingTests: Int?
    /// Maximum XCTMetric measurements that regressed at this run (a `MetricChange` that began here), 0 unless
    /// set; `null` turns it off. Listed only for a run with a metric that has history enough to
    /// judge (`metricChanges.minimumRuns` earlier runs): off while the window is short. A metric
    /// that regressed never changes its test's verdict.
    package var maximumMetricRegressions: Int? = 0

    package init(
        minimumCoverage: Double? = nil, maximumCoverageDrop: Double? = nil, maximumNewFailures: Int? = 0,
        maximumNewFlakyTests: Int? = nil, maximumNewAuditErrors: Int? = 0,
        maximumFailuresPerCategory: [String: Int] = [:]
    ) {
        self.minimumCoverage = minimumCoverage
        self.maximumCoverageDrop = maximumCoverageDrop
        self.maximumNewFailures = maximumNewFailures
        self.maximumNewFlakyTests = maximumNewFlakyTests
        self.maximumNewAuditErrors = maximumNewAuditErrors
        self.maximumFailuresPerCategory = maximumFailuresPerCategory
    }
}
