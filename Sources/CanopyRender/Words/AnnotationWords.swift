import CanopyModel

/// The titles of the CI annotations `run` writes (GitHub workflow commands).
package enum AnnotationWords {
    /// `CartTests/testCheckout — flaky: failed, then passed on a retry`.
    package static func flakyTitle(test: String) -> String { "\(test) — flaky: failed, then passed on a retry" }

    /// `New accessibility error: contrast on checkout.pay (Checkout)`.
    package static func auditTitle(_ issue: AuditIssue) -> String {
        let element = issue.element?.identifier ?? issue.element?.label ?? "an element"
        let level = issue.severity == .error ? "error" : "warning"
        let screen = issue.screen.map { " (\($0))" } ?? ""
        return "New accessibility \(level): \(issue.auditType) on \(element)\(screen)"
    }

    /// `App launch regressed: PlayerTests/testPlayPause on iPhone 16 Pro (18.2)`.
    package static func metricTitle(_ change: MetricChange) -> String {
        let verb =
            switch change.direction {
            case .regressed: "regressed"
            case .improved: "improved"
            case .changed: "changed"
            }
        return "\(change.metricName) \(verb): \(change.testName)" + (change.device.map { " on \($0)" } ?? "")
    }
}
