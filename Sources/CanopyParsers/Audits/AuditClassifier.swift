import CanopyModel
import Foundation

enum AuditClassifier {
    /// `XCUIAccessibilityAuditType` option bits by case name.
    static let rawValues: [(name: String, bit: UInt64)] = [
        ("contrast", 1 << 0), ("elementDetection", 1 << 1), ("hitRegion", 1 << 2),
        ("sufficientElementDescription", 1 << 3), ("dynamicType", 1 << 16), ("textClipped", 1 << 17),
        ("trait", 1 << 18), ("action", 1 << 32), ("parentChild", 1 << 33),
    ]

    /// Compact descriptions Xcode writes (their beginnings), with the audit type each belongs to.
    enum CompactDescription: String, CaseIterable {
        case contrastFailed = "Contrast failed"
        case contrastNearlyPassed = "Contrast nearly passed"
        case dynamicTypeFontSizesAre = "Dynamic Type font sizes are"
        case textClipped = "Text clipped"
        case elementHasNoDescription = "Element has no description"
        case potentiallyInaccessibleText = "Potentially inaccessible text"
        case hitRegionIsTooSmall = "Hit region is too small"
        case elementMayBeInaccessible = "Element may be inaccessible"
        case trait = "Trait"

        /// The audit type the description belongs to.
        var auditType: String {
            switch self {
            case .contrastFailed, .contrastNearlyPassed: "contrast"
            case .dynamicTypeFontSizesAre: "dynamicType"
            case .textClipped: "textClipped"
            case .elementHasNoDescription: "sufficientElementDescription"
            case .potentiallyInaccessibleText, .elementMayBeInaccessible: "elementDetection"
            case .hitRegionIsTooSmall: "hitRegion"
            case .trait: "trait"
            }
        }
    }

    static let compactDescriptions = CompactDescription.allCases.map { (prefix: $0.rawValue, auditType: $0.auditType) }

    /// The case name for `contrast`, `.contrast`, `XCUIAccessibilityAuditTypeContrast`, `Contrast`
    /// or a raw option value (`1`, `65536`); nil when unrecognised.
    static func auditType(_ value: JSONValue?) -> String? {
        switch value {
        case .number(let raw)?:
            return rawValues.first { Double($0.bit) == raw }?.name
        case .string(let text)?:
            var key = text.trimmingASCIIWhitespace()
            if key.hasPrefix("XCUIAccessibilityAuditType") { key.removeFirst("XCUIAccessibilityAuditType".count) }
            if key.hasPrefix(".") { key.removeFirst() }
            if let raw = UInt64(key) { return rawValues.first { $0.bit == raw }?.name }
            let folded = key.lowercased().replacingOccurrences(of: " ", with: "")
            return rawValues.first { $0.name.lowercased() == folded }?.name
        default:
            return nil
        }
    }

    /// The audit type a compact description belongs to ("Hit region is too small" → hitRegion).
    static func auditType(compactDescription: String) -> String? {
        compactDescriptions.first { compactDescription.hasPrefix($0.prefix) }?.auditType
    }

    static func severity(auditType: String, compactDescription: String) -> AuditIssue.Severity {
        if auditType == "dynamicType" { return .warning }
        let soft =
            compactDescription.contains("nearly passed") || compactDescription.contains("partially")
            || compactDescription.contains("Potentially")
        return soft ? .warning : .error
    }
}
