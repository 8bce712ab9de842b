import CanopyModel
import Foundation

enum AuditClassifier {
    /// `XCUIAccessibilityAuditType` option bits by case name.
    static let rawValues: [(name: String, bit: UInt64)] = [
        ("contrast", 1 << 0), ("elementDetection", 1 << 1), ("hitRegion", 1 << 2),
        ("sufficientElementDescription", 1 << 3), ("dynamicType", 1 << 16), ("textClipped", 1 << 17),
        ("trait", 1 << 18), ("action", 1 << 32), ("parentChild", 1 << 33),
    ]

    /// Compact descriptions Xcode writes, with the audit type each belongs to.
    static let compactDescriptions: [(prefix: String, auditType: String)] = [
        ("Contrast failed", "contrast"), ("Contrast nearly passed", "contrast"),
        ("Dynamic Type font sizes are", "dynamicType"), ("Text clipped", "textClipped"),
        ("Element has no description", "sufficientElementDescription"),
        ("Potentially inaccessible text", "elementDetection"), ("Hit region is too small", "hitRegion"),
        ("Element may be inaccessible", "elementDetection"), ("Trait", "trait"),
    ]

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
        let soft = ["nearly passed", "partially", "Potentially"]
        return soft.contains { compactDescription.contains($0) } ? .warning : .error
    }
}
