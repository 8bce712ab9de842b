import CanopyModel
import Foundation

/// Recognises Canopy's JSON inputs by the keys they use.
///
/// First from the keys found in the first bytes of a file (`"key":`, wherever they sit: key order
/// is not stable between xcresulttool dumps); when that is inconclusive and the file is longer than
/// what was sniffed, the whole file is parsed and its top-level keys decide.
enum JSONShapeSniffer {
    /// The format of the JSON file at `path` whose first bytes are `head`: from the keys in the
    /// head, else from the whole document, parsed. Nil for JSON of no known shape; broken JSON
    /// (garbage, truncated, nested too deep) throws `.malformed`.
    static func format(head: [UInt8], path: String, sniffLength: Int) throws(ParserError) -> InputFormat? {
        if let format = format(head: head) { return format }
        // A head shorter than the sniff is the whole file.
        let value =
            head.count < sniffLength ? try JSONDocument.parse(head, path: path) : try JSONDocument.load(path).value
        try JSONDocument.refuseOwnDocument(value, path: path)
        return format(value: value)
    }

    /// The format suggested by the keys present in `head`; nil when no shape is recognised.
    static func format(head: [UInt8]) -> InputFormat? {
        let keys = JSONKeyScanner.keys(in: head)
        return format(keys: keys, arrayRoot: firstSignificantByte(head) == UInt8(ascii: "["))
    }

    /// The format of a fully parsed document, from its top-level keys (or its first item's).
    static func format(value: JSONValue) -> InputFormat? {
        switch value {
        case .object(let members):
            var keys = Set(members.keys)
            if let first = members["value"]?.array?.first?.object { keys.formUnion(first.keys) }
            if let first = members["issues"]?.array?.first?.object { keys.formUnion(first.keys) }
            return format(keys: keys, arrayRoot: false)
        case .array(let items):
            return format(keys: Set(items.first?.object?.keys ?? []), arrayRoot: true)
        default:
            return nil
        }
    }

    private static func format(keys: Set<String>, arrayRoot: Bool) -> InputFormat? {
        func has(_ names: String...) -> Bool { names.contains { keys.contains($0) } }
        // xcresulttool's documents (`docs/input-formats.md`, "xcresulttool JSON"), most specific first:
        // test-details carries `devices` and `testPlanConfigurations` as the tests document does,
        // and `testIdentifier` and `testRuns` as activities does.
        if has("testNodes") { return .xcresultTests }
        if !arrayRoot, has("testResult", "hasMediaAttachments", "hasPerformanceMetrics") { return .xcresultTestDetails }
        if has("totalTestCount", "devicesAndConfigurations", "testFailures", "environmentDescription") {
            return .xcresultSummary
        }
        if has("commonFailureInsights", "failureDistributionInsights", "longestTestRunsInsights") {
            return .xcresultInsights
        }
        if has("testPlanConfigurations") { return .xcresultTests }
        if arrayRoot, has("testIdentifier"), has("attachments") { return .xcresultAttachments }
        if arrayRoot, has("testIdentifier"), has("metrics", "unitOfMeasurement", "baselineAverage", "polarity") {
            return .xcresultMetrics
        }
        if !arrayRoot, has("testIdentifier"), has("testRuns") { return .xcresultActivities }
        if has("snapshot"), has("generated", "filename", "version") || !has("root", "screens", "elementType") {
            return .a11yUITestsSnapshot
        }
        if has("elementAttributes", "elementDescription") { return .appiumAudit }
        if has("issues", "auditIssues", "auditType", "compactDescription") { return .auditJSON }
        if has("screens", "root", "elementType") { return .elementSnapshot }
        if !arrayRoot, has("errorCount", "analyzerWarningCount", "analyzerWarnings") || has("errors") && has("status") {
            return .xcresultBuildResults
        }
        return nil
    }

    private static func firstSignificantByte(_ head: [UInt8]) -> UInt8? {
        var index = head.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        return index < head.count ? head[index] : nil
    }
}
