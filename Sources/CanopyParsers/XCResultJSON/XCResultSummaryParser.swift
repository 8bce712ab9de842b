import CanopyModel
import Foundation

/// Reads `xcrun xcresulttool get test-results summary --format json`: run metadata (title, start
/// and finish time in epoch seconds within `InputRange`'s window, device and OS) and the failing
/// tests it lists (`testFailures`), each one failed test keyed as the `tests` document keys it
/// (bundle from `targetName`, class and name from `testIdentifierString`; no device, which the
/// summary does not say per failure). Its passed and skipped counts name no test and make none.
/// A summary whose `result` is `Failed` but lists no failing test is refused: it could only pass.
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
                        .note,
                        "summary: \(total) tests, \(failed) failed (it names only the failing tests; the tests JSON lists them all)",
                        file: path))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "$.totalTestCount/$.failedTests: \(totalValue)/\(failedValue) is not a count from 0 to \(InputRange.maximumCount); ignored",
                        file: path))
            }
        }
        let tests = try failedTests(root, path: path, diagnostics: &diagnostics)
        let file = InputFile(path: path, format: .xcresultSummary, bytes: bytes)
        var input = ParsedInput(file: file, tests: tests, metadata: metadata, diagnostics: diagnostics)
        input.declaredTests = root["totalTestCount"]?.number.flatMap(InputRange.count)
        return input
    }

    /// One failed test per test `testFailures` names (its failures in one attempt, in order).
    private func failedTests(
        _ root: JSONValue, path: String, diagnostics: inout [Diagnostic]
    ) throws(ParserError) -> [TestCase] {
        var folder = TestFolder()
        var positions: [String: Int] = [:]
        for (index, entry) in (root["testFailures"]?.array ?? []).enumerated() {
            let testName = entry["testName"]?.text ?? ""
            let identifier = entry["testIdentifierString"]?.text
            guard !testName.isEmpty || identifier?.isEmpty == false else {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "$.testFailures[\(index)]: a failure naming no test (no testName or testIdentifierString); skipped",
                        file: path))
                continue
            }
            var context = XCResultNodeContext()
            context.bundle = entry["targetName"]?.text.flatMap { $0.isEmpty ? nil : $0 }
            let identity = XCResultNodeWalker.identity(name: testName, nodeIdentifier: identifier, context: context)
            let text = (entry["failureText"]?.string ?? "").truncatedUTF8(to: XCResultFailureText.messageLimit)
            let leading = FailureText.leadingLocation(text)
            let failure = Failure(message: leading?.rest ?? text, location: leading?.location)
            if let position = positions[identity.key] {
                folder.update(at: position) { $0.attempts[0].failures.append(failure) }
            } else {
                let attempt = Attempt(outcome: .failed, failures: [failure], origin: SourceLocation(file: path))
                positions[identity.key] = folder.add(TestCase(identity: identity, attempts: [attempt]))
            }
        }
        let failedCount = root["failedTests"]?.number.flatMap(InputRange.count) ?? 0
        if root["result"]?.text == "Failed", folder.tests.isEmpty {
            throw .invalidValue(
                path: path, jsonPath: "$.testFailures",
                message:
                    "the summary says the run failed (result \"Failed\", \(failedCount) failed test(s)) but names no failing test, "
                    + "so nothing in it can be reported; give the tests themselves: "
                    + "`xcrun xcresulttool get test-results tests --path X.xcresult --format json`")
        }
        if failedCount > folder.tests.count {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the summary counts \(failedCount) failed test(s) but names \(folder.tests.count); the tests themselves are in "
                        + "`xcrun xcresulttool get test-results tests --format json`",
                    file: path))
        }
        return folder.tests
    }
}
