import CanopyModel
import Foundation

/// Reads `xcrun xcresulttool get test-results summary --format json` into run metadata: title,
/// start and finish time (epoch seconds, within `InputRange`'s window), device and OS. It
/// contributes no tests.
package struct XCResultSummaryParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .xcresultSummary }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard root.object != nil else {
            throw .invalidValue(path: path, jsonPath: "$", message: "expected an object, found \(root.typeName)")
        }
        var metadata = RunMetadata()
        var diagnostics: [Diagnostic] = []
        metadata.title = root["title"]?.text
        for (key, keyPath) in [("startTime", \RunMetadata.startedAt), ("finishTime", \RunMetadata.finishedAt)] {
            guard let value = root[key] else { continue }
            if let seconds = value.number {
                if let date = InputRange.date(seconds: seconds, since: Date(timeIntervalSince1970: 0)) {
                    metadata[keyPath: keyPath] = date
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "$.\(key): \(seconds) is not a time from 2000 to 2100; ignored", file: path))
                }
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "$.\(key): expected epoch seconds, found \(value.typeName); ignored", file: path))
            }
        }
        if let first = root["devicesAndConfigurations"]?.array?.first, let device = first["device"] {
            metadata.device = device["deviceName"]?.text ?? device["modelName"]?.text
            metadata.osVersion = device["osVersion"]?.text
        }
        if let totalValue = root["totalTestCount"]?.number {
            let failedValue = root["failedTests"]?.number ?? 0
            if let total = InputRange.count(totalValue), let failed = InputRange.count(failedValue) {
                diagnostics.append(
                    Diagnostic(
                        .note, "summary: \(total) tests, \(failed) failed (tests themselves come from the tests JSON)",
                        file: path))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "$.totalTestCount/$.failedTests: \(totalValue)/\(failedValue) is not a count from 0 to \(InputRange.maximumCount); ignored",
                        file: path))
            }
        }
        let file = InputFile(path: path, format: .xcresultSummary, bytes: bytes)
        return ParsedInput(file: file, metadata: metadata, diagnostics: diagnostics)
    }
}
