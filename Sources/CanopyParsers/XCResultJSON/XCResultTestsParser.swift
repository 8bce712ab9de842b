import CanopyModel

/// Reads `xcrun xcresulttool get test-results tests --format json` (Xcode 16 and 26;
/// `docs/input-formats.md`, "xcresulttool JSON").
///
/// Walks Test Plan → configurations → bundles → suites → test cases. Under a test case,
/// `Device`, `Test Plan Configuration`, `Arguments` and `Test Case Run` nodes split it into
/// separate tests (a test on two devices is two tests), and `Repetition` nodes become its attempts
/// in order. The roll-up `result` of a retried test is never read in place of its repetitions.
package struct XCResultTestsParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .xcresultTests }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard root.object != nil else {
            throw .invalidValue(path: path, jsonPath: "$", message: "expected an object, found \(root.typeName)")
        }
        guard let nodes = root["testNodes"]?.array else {
            let found = root["testNodes"].map(\.typeName) ?? "nothing"
            throw .invalidValue(path: path, jsonPath: "$.testNodes", message: "expected an array of test nodes, found \(found)")
        }
        let devices = XCResultDevice.list(root["devices"])
        var walker = XCResultNodeWalker(path: path, devices: devices)
        for (index, node) in nodes.enumerated() {
            walker.walk(node, context: XCResultNodeContext(), jsonPath: "$.testNodes[\(index)]")
        }
        var metadata = RunMetadata()
        if devices.count == 1, let device = devices.first {
            metadata.device = device.name
            metadata.osVersion = device.osVersion
        }
        let file = InputFile(path: path, format: .xcresultTests, producer: walker.producer, bytes: bytes)
        return ParsedInput(file: file, tests: walker.folder.tests, metadata: metadata, diagnostics: walker.diagnostics)
    }
}
