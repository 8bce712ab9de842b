import CanopyModel
import Foundation

/// How a command should report new failures inline in CI.
package enum AnnotationMode: String, Sendable, CaseIterable {
    /// GitHub workflow commands on GitHub Actions, nothing elsewhere.
    case automatic = "auto"
    case none
    /// `::error file=…,line=…,title=…::message` lines.
    case github
    /// A GitLab Code Quality report (`Reports/gl-code-quality.json`).
    case gitlab
}
