import CanopyModel

/// The steps of one run of a test, exported by `xcresulttool get test-results activities`,
/// before they join the test's failing attempt (`RunAssembler`).
package struct ExportedSteps: Sendable, Equatable, Codable {
    package var test: ExportedTestReference
    /// Whether a step of the run is associated with a failure: only such runs join an attempt.
    package var failed: Bool
    package var steps: [Step]
}

/// Reads `xcrun xcresulttool get test-results activities --test-id ID --format json` (`docs/xcresult-bundles.md`,
/// "Exported forms"): per run of the test (device, configuration, arguments), its activity tree, which
/// becomes the step log of the test's failing attempts, in order, as a bundle's activities do.
package struct XCResultActivitiesParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .xcresultActivities }

    /// Steps kept per run, as for a bundle.
    static let stepLimit = 2_000

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard let identifier = root["testIdentifier"]?.text else {
            throw .invalidValue(path: path, jsonPath: "$.testIdentifier", message: "expected the test's identifier")
        }
        guard let runs = root["testRuns"]?.array else {
            throw .invalidValue(path: path, jsonPath: "$.testRuns", message: "expected an array of test runs")
        }
        var exported: [ExportedSteps] = []
        for run in runs {
            var steps: [Step] = []
            var failed = false
            let activities = run["activities"]?.array ?? []
            let origin = activities.compactMap { $0["startTime"]?.number }.min()
            // Depth-first, children after their parent; an explicit stack, so nesting cannot exhaust the call stack.
            var stack: [(node: JSONValue, depth: Int)] = activities.reversed().map { ($0, 0) }
            while let (node, depth) = stack.popLast(), steps.count < Self.stepLimit {
                let isFailure = node["isAssociatedWithFailure"]?.bool ?? false
                failed = failed || isFailure
                let offset = node["startTime"]?.number.flatMap { start in origin.map { start - $0 } }
                steps.append(Step(title: node["title"]?.string ?? "", offset: offset, depth: depth, failed: isFailure))
                stack += (node["childActivities"]?.array ?? []).reversed().map { ($0, depth + 1) }
            }
            let arguments = run["arguments"]?.array.map { values in
                values.compactMap { $0["value"]?.text ?? $0.text }.joined(separator: ", ")
            }
            let test = ExportedTestReference(
                testIdentifier: identifier, deviceName: run["device"]?["deviceName"]?.text,
                configurationName: run["testPlanConfiguration"]?["configurationName"]?.text, arguments: arguments)
            exported.append(ExportedSteps(test: test, failed: failed, steps: steps))
        }
        let file = InputFile(path: path, format: .xcresultActivities, bytes: bytes)
        return ParsedInput(file: file, steps: exported)
    }
}
