import CanopyModel

/// Reads `xcrun xcresulttool get test-results test-details --test-id ID --format json`: one test,
/// its runs (`testRuns`: test nodes per device, configuration and arguments, with their
/// repetitions and failure messages) read as the `tests` document reads the same test case
/// (`XCResultNodeWalker`), so it gets the same key. It names the device and configuration of every
/// run, even the one of a plan run on one device with one configuration, which the `tests`
/// document leaves out: the run's keys name them only when the run has several (`RunAssembler`). The bundle, which the document names
/// only in `testIdentifierURL` (`test://com.apple.xcode/Project/Bundle/Suite/test`), leads the
/// class name as there; without that URL the test is keyed without its bundle, with a note.
///
/// Beside an input that lists every test (the `tests` JSON, JUnit, a bundle) it adds nothing
/// (`RunAssembler`): the same runs are counted there.
package struct XCResultTestDetailsParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .xcresultTestDetails }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard root.object != nil else {
            throw .invalidValue(path: path, jsonPath: "$", message: "expected an object, found \(root.typeName)")
        }
        guard let identifier = root["testIdentifier"]?.text, !identifier.isEmpty else {
            throw .invalidValue(path: path, jsonPath: "$.testIdentifier", message: "expected the test's identifier")
        }
        guard let runs = root["testRuns"]?.array else {
            throw .invalidValue(path: path, jsonPath: "$.testRuns", message: "expected an array of test runs")
        }
        let devices = XCResultDevice.list(root["devices"])
        var walker = XCResultNodeWalker(path: path, devices: devices)
        var context = XCResultNodeContext()
        context.bundle = Self.bundle(url: root["testIdentifierURL"]?.text)
        // The document is the test case node of the tests document, its runs the node's children.
        var node = JSONObject()
        func member(_ key: String, _ value: JSONValue?) {
            guard let value else { return }
            node.keys.append(key)
            node.values.append(value)
        }
        member("name", root["testName"] ?? .string(identifier))
        member("nodeType", .string(XCResultNodeWalker.NodeType.testCase.rawValue))
        member("nodeIdentifier", .string(identifier))
        member("result", root["testResult"])
        member("durationInSeconds", root["durationInSeconds"])
        member("duration", root["duration"])
        member("tags", root["tags"])
        member("children", .array(runs))
        walker.walk(.object(node), context: context, jsonPath: "$")
        var diagnostics = walker.diagnostics
        if context.bundle == nil {
            diagnostics.append(
                Diagnostic(
                    .note,
                    "test-details JSON names no test bundle (no testIdentifierURL): \(identifier) is keyed without it, "
                        + "where the tests JSON leads its class with the bundle",
                    file: path))
        }
        // The one device and configuration the document names, as the tests document gives them:
        // the run's, not its keys', when the run names no other (`RunAssembler`).
        var metadata = RunMetadata()
        if devices.count == 1, let device = devices.first {
            metadata.device = device.name
            metadata.osVersion = device.osVersion
        }
        let configurations = (root["testPlanConfigurations"]?.array ?? []).compactMap { $0["configurationName"]?.text }
        let file = InputFile(path: path, format: .xcresultTestDetails, producer: walker.producer, bytes: bytes)
        return ParsedInput(
            file: file, tests: walker.folder.tests, metadata: metadata, diagnostics: diagnostics,
            configuration: configurations.count == 1 ? configurations.first : nil)
    }

    /// The bundle a `test://com.apple.xcode/Project/Bundle/Suite/test` URL names: its second path
    /// component, when a suite and test follow.
    static func bundle(url: String?) -> String? {
        guard let url, url.hasPrefix("test://") else { return nil }
        let parts = url.dropFirst("test://".count).split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 5, !parts[2].isEmpty else { return nil }
        return String(parts[2])
    }
}
