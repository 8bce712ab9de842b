import CanopyAnalysis
import CanopyModel

/// Everything `Config/canopy.yml` can set. Every key has a default, so no file is needed.
package struct CanopyConfiguration: Sendable {
    /// Identifier scheme, coverage and failure categories.
    package var analysis = AnalysisConfiguration()
    package var flakiness = FlakinessConfiguration()
    package var gates = GateConfiguration()
    package var quarantine: [QuarantineEntry] = []
    /// `quarantinePolicy:`: what `canopy quarantine suggest` proposes; nil when not configured.
    package var quarantinePolicy: QuarantinePolicy?
    package var output = OutputConfiguration()
    /// When a test counts as slower than in the baseline, and how many are listed (`slowerTests:`).
    package var slowerTests = SlowdownThresholds()
    /// When an XCTMetric's measurements count as changed across history (`metricChanges:`).
    package var metricChanges = MetricChangeThresholds()
    package var attachments = AttachmentConfiguration()
    /// Where history lives: a SQLite path or a `postgres://` URL (`store:`).
    package var store: String?
    /// How long history keeps runs (`history.retention:`); nil when not configured.
    package var retention: RetentionConfiguration?
    /// The file this was read from, nil for defaults.
    package var source: String?

    package init() {}
}
