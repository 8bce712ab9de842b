/// The kinds of input Canopy reads, detected from content.
package enum InputFormat: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case junitXML = "junit"
    case xcresultTests = "xcresult-tests"
    case xcresultSummary = "xcresult-summary"
    /// An `.xcresult` bundle (a directory), read from its `database.sqlite3` and `Data/`.
    case xcresultBundle = "xcresult-bundle"
    /// `xcresulttool export attachments`' `manifest.json`: attachments of tests another input lists.
    case xcresultAttachments = "xcresult-attachments"
    /// `xcresulttool get test-results activities` JSON: the steps of one test's runs.
    case xcresultActivities = "xcresult-activities"
    /// `xcresulttool get test-results test-details` JSON: one test's runs per device and configuration.
    case xcresultTestDetails = "xcresult-test-details"
    /// `xcresulttool get test-results insights` JSON: Xcode's own observations of one run.
    case xcresultInsights = "xcresult-insights"
    /// `xcresulttool get test-results metrics` JSON: XCTMetric measurements.
    case xcresultMetrics = "xcresult-metrics"
    /// `xcresulttool get build-results` JSON: the build's status, errors and warnings.
    case xcresultBuildResults = "xcresult-build-results"
    case elementSnapshot = "element-snapshot"
    case a11yUITestsSnapshot = "a11yuitests-snapshot"
    case auditJSON = "audit"
    case appiumAudit = "appium-audit"

    /// Whether the format lists tests (JUnit, xcresulttool's tests JSON): a run from such inputs
    /// with no test in them is a test step that did not run.
    package var carriesTests: Bool { self == .junitXML || self == .xcresultTests || self == .xcresultBundle }

    /// Whether the format holds results a run can be judged by: tests (listed, summarised or one
    /// test's details), element snapshots or audit findings. Metrics, insights, activities,
    /// attachment manifests and build results only add to such results; a run of them alone is a
    /// run of no test results.
    package var holdsResults: Bool {
        switch self {
        case .xcresultMetrics, .xcresultInsights, .xcresultActivities, .xcresultAttachments, .xcresultBuildResults:
            false
        default:
            true
        }
    }

    /// The flag that gives a file of this format by name.
    package var flag: String {
        switch self {
        case .junitXML: "--junit"
        case .xcresultTests, .xcresultSummary, .xcresultBundle, .xcresultAttachments, .xcresultActivities,
            .xcresultTestDetails, .xcresultInsights, .xcresultMetrics, .xcresultBuildResults:
            "--xcresult"
        case .elementSnapshot, .a11yUITestsSnapshot: "--snapshots"
        case .auditJSON, .appiumAudit: "--audits"
        }
    }
}
