import CanopyModel
import Foundation

/// Names and grades `XCUIAccessibilityAuditIssue`s.
///
/// Severity policy (README): every audit type is an `error` except `dynamicType`, and except the
/// near misses Xcode itself words softly ("Contrast nearly passed", "… partially unsupported",
/// "Potentially inaccessible text"), which are `warning`s.
/// The audit types Canopy names: Xcode's `XCUIAccessibilityAuditType` cases and A11yUITests'
/// checks. An audit file may carry others, kept as written.
package enum AuditTypes {
    package static let known: Set<String> = Set(AuditClassifier.rawValues.map(\.name))
        .union(A11yUITestsCheck.wordings.map(\.check)).union(A11yUITestsCheck.phrases.map(\.check)).union([
            "a11yUITests"
        ])
}
