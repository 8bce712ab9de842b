import CanopyModel

/// Recognises Canopy's JSON inputs from the keys in the first bytes of a file.
///
/// Key order is not stable between xcresulttool dumps, so each format is recognised by any of
/// several keys that only it uses.
enum JSONShapeSniffer {
    static func format(head: [UInt8]) -> InputFormat? {
        let text = String(decoding: head, as: UTF8.self)
        func has(_ key: String) -> Bool { text.contains("\"\(key)\"") }
        if has("testNodes") || has("testPlanConfigurations") && !has("totalTestCount") { return .xcresultTests }
        if has("totalTestCount") || has("testFailures") || has("devicesAndConfigurations") { return .xcresultSummary }
        if has("snapshot") && (has("generated") || has("version")) { return .a11yUITestsSnapshot }
        if has("elementDescription") || has("elementAttributes") { return .appiumAudit }
        if has("auditType") || has("auditIssues") { return .auditJSON }
        if has("elementType") || has("screens") { return .elementSnapshot }
        return nil
    }
}
