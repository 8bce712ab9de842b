import CanopyModel
import Foundation

/// Recognises accessibility findings that arrive as test failures (`docs/input-formats.md`,
/// "Accessibility audits"): A11yUITests'
/// `❌ Accessibility Failure` / `⚠️ Accessibility Warning` assertions and unhandled Xcode audit
/// issues whose failure message is a compact description ("Contrast failed", …).
///
/// The failure itself stays on its test; the recogniser only adds `AuditIssue`s beside it.
package enum FailureAuditRecognizer {
    /// What A11yUITests writes before a finding, by severity.
    enum Marker: String {
        case failure = "❌ Accessibility Failure"
        case warning = "⚠️ Accessibility Warning"
    }

    /// What Xcode or a helper writes before an audit issue's compact description.
    enum AuditPrefix: String, CaseIterable {
        case audit = "Accessibility Audit: "
        case auditFailure = "Accessibility audit failure: "
        case issue = "Issue: "
    }

    /// The audit issues one failure carries, attributed to `test` (a `TestIdentity.key`) and
    /// `source` (the input file). Empty when the failure is not an accessibility finding.
    package static func issues(in failure: Failure, test: String?, source: String) -> [AuditIssue] {
        for text in [failure.message, failure.detail ?? ""] where !text.isEmpty {
            if let found = a11yUITests(text, test: test, source: source) { return found }
        }
        if let issue = xcodeAudit(failure.message, test: test, source: source) { return [issue] }
        return []
    }

    /// `"{condition}: {msg}\n{elements joined by ", "}.\n{reason}"`, one issue per element (or one
    /// without an element when none is listed).
    static func a11yUITests(_ text: String, test: String?, source: String) -> [AuditIssue]? {
        guard ByteSearch.contains(text, "Accessibility ") else { return nil }
        let severity: AuditIssue.Severity
        let marker: Range<String.Index>
        if let range = text.range(of: Marker.failure.rawValue) {
            severity = .error
            marker = range
        } else if let range = text.range(of: Marker.warning.rawValue) {
            severity = .warning
            marker = range
        } else {
            return nil
        }
        let rest = text[marker.upperBound...].drop { $0 == ":" || $0 == " " || $0 == "-" || $0 == "\n" }
        let (message, elements, reason) = rest.contains("\n") ? lines(rest) : oneLine(rest)
        let check = A11yUITestsCheck.name(message: message, reason: reason)
        let targets: [ElementReference?] = elements.isEmpty ? [nil] : elements
        return targets.map { element in
            AuditIssue(
                auditType: check, severity: severity, compactDescription: message.isEmpty ? check : message,
                detailedDescription: reason.isEmpty ? nil : reason, element: element, test: test, origin: .testFailure,
                source: source)
        }
    }

    /// `{msg}\n{elements}.\n{reason}`: message, elements and reason on lines of their own.
    private static func lines(_ rest: Substring) -> (String, [ElementReference], String) {
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var elements: [ElementReference] = []
        var reasonLines = Array(lines.dropFirst())
        if let elementLine = reasonLines.first {
            elements = A11yUITestsElementList.parse(elementLine)
            if !elements.isEmpty { reasonLines.removeFirst() }
        }
        return (lines.first ?? "", elements, reasonLines.filter { !$0.isEmpty }.joined(separator: "\n"))
    }

    /// `{msg}: {elements}. {reason}.` on one line (A11yUITests before the multi-line form), or
    /// `{msg}.` for a check of the whole screen. The elements end after the last element's type
    /// (past its quoted label, which may hold `. `); the reason is what follows.
    private static func oneLine(_ rest: Substring) -> (String, [ElementReference], String) {
        let text = rest.trimmingCharacters(in: .whitespaces)
        guard let split = text.range(of: ": "),
            A11yUITestsElementList.Start.allCases.contains(where: { text[split.upperBound...].hasPrefix($0.rawValue) })
        else {
            return (text.hasSuffix(".") ? String(text.dropLast()) : text, [], "")
        }
        let message = String(text[..<split.lowerBound])
        let tail = text[split.upperBound...]
        let lastValue =
            [tail.lastIndex(of: "\""), tail.range(of: "[No identifier]", options: .backwards)?.upperBound]
            .compactMap { $0 }.max() ?? tail.startIndex
        guard let end = tail[lastValue...].range(of: ". ") else {
            return (message, A11yUITestsElementList.parse(String(tail)), "")
        }
        var reason = tail[end.upperBound...].trimmingCharacters(in: .whitespaces)
        if reason.hasSuffix(".") { reason.removeLast() }
        return (message, A11yUITestsElementList.parse(String(tail[..<end.lowerBound])), reason)
    }

    /// An unhandled `performAccessibilityAudit` issue: the failure message is its compact description.
    static func xcodeAudit(_ message: String, test: String?, source: String) -> AuditIssue? {
        var text = message.trimmingASCIIWhitespace()
        for prefix in AuditPrefix.allCases where text.hasPrefix(prefix.rawValue) {
            text.removeFirst(prefix.rawValue.count)
        }
        guard let auditType = AuditClassifier.auditType(compactDescription: text) else { return nil }
        let parts = text.split(separator: "\n", maxSplits: 1).map(String.init)
        let compact = parts.first ?? text
        return AuditIssue(
            auditType: auditType, severity: AuditClassifier.severity(auditType: auditType, compactDescription: compact),
            compactDescription: compact, detailedDescription: parts.count > 1 ? parts[1] : nil, test: test,
            origin: .testFailure, source: source)
    }
}
