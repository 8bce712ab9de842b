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
}
