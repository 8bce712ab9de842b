import CanopyModel
import Foundation

/// A test as xcresulttool's exports name it (`export attachments`, `get test-results
/// activities`): its identifier, and the device, configuration and arguments of one of its runs.
package struct ExportedTestReference: Sendable, Equatable, Codable {
    /// `LoginTests/testLogin()` or `Module/Suite/test()`.
    package var testIdentifier: String
    package var deviceName: String?
    package var configurationName: String?
    package var arguments: String?

    /// The test name: the identifier's last part.
    var name: String { testIdentifier.split(separator: "/").last.map(String.init) ?? testIdentifier }

    /// The name as exports are joined by: without a trailing `()`, which xcresulttool writes and
    /// a JUnit report (xcbeautify, trainer) does not, as `TestKey` leaves it out.
    var joinName: String { Self.joinName(name) }

    static func joinName(_ name: String) -> String { name.hasSuffix("()") ? String(name.dropLast(2)) : name }

    /// The run's tests' indices by `joinName`: where a test an export names is looked for.
    static func testsByName(_ run: Run) -> [String: [Int]] {
        var byName: [String: [Int]] = [:]
        for index in run.tests.indices { byName[joinName(run.tests[index].identity.name), default: []].append(index) }
        return byName
    }

    /// Whether `identity` is the test this names: the same name (`joinName`), a class ending in the
    /// identifier's suites, and, when both say, the same device, configuration and arguments.
    func names(_ identity: TestIdentity) -> Bool {
        var parts = testIdentifier.split(separator: "/").map(String.init)
        guard let name = parts.popLast(), Self.joinName(name) == Self.joinName(identity.name) else { return false }
        let suites = parts.joined(separator: ".")
        guard identity.className == suites || identity.className.hasSuffix("." + suites) else { return false }
        if let device = identity.device, let deviceName, !device.hasPrefix(deviceName) { return false }
        if let configuration = identity.configuration, let configurationName, configuration != configurationName {
            return false
        }
        if let arguments, let own = identity.arguments, arguments != own { return false }
        return true
    }
}

/// An attachment exported for a test by `xcresulttool export attachments`, before it joins the
/// test's attempt (`RunAssembler`).
package struct ExportedAttachment: Sendable, Equatable, Codable {
    package var test: ExportedTestReference
    /// 1 for the first run.
    package var repetition: Int?
    package var attachment: AttemptAttachment
}

/// Reads `manifest.json` of `xcrun xcresulttool export attachments --output-path DIR`
/// (`docs/xcresult-bundles.md`, "Exported forms"): per test, the exported files beside the manifest. The files are attachments of
/// the tests another input (the bundle's tests JSON) lists; a file name that leaves the manifest's
/// directory is an error.
package struct XCResultAttachmentManifestParser: JSONReportParser {
    package init() {}

    package var format: InputFormat { .xcresultAttachments }

    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput {
        guard let tests = root.array else {
            throw .invalidValue(
                path: path, jsonPath: "$", message: "expected an array of tests, found \(root.typeName)")
        }
        let directory = (path as NSString).deletingLastPathComponent
        var exported: [ExportedAttachment] = []
        for (testIndex, test) in tests.enumerated() {
            guard let identifier = test["testIdentifier"]?.text else {
                throw .invalidValue(
                    path: path, jsonPath: "$[\(testIndex)].testIdentifier", message: "expected the test's identifier")
            }
            for (index, entry) in (test["attachments"]?.array ?? []).enumerated() {
                let jsonPath = "$[\(testIndex)].attachments[\(index)]"
                guard let file = entry["exportedFileName"]?.text, !file.isEmpty else {
                    throw .invalidValue(
                        path: path, jsonPath: jsonPath + ".exportedFileName",
                        message: "expected the exported file's name")
                }
                guard !file.contains("/"), !file.contains("\\"), !file.hasPrefix("."), !file.contains("\0") else {
                    throw .invalidValue(
                        path: path, jsonPath: jsonPath + ".exportedFileName",
                        message: "\"\(file)\" names a file outside the manifest's directory; it is not read")
                }
                let attachment = AttemptAttachment(
                    name: entry["suggestedHumanReadableName"]?.text ?? file,
                    sourcePath: directory.isEmpty ? file : directory + "/" + file,
                    isFailureAssociated: entry["isAssociatedWithFailure"]?.bool ?? false,
                    timestamp: entry["timestamp"]?.number.flatMap {
                        InputRange.date(seconds: $0, since: Date(timeIntervalSince1970: 0))?.timeIntervalSince1970
                    })
                let test = ExportedTestReference(
                    testIdentifier: identifier, deviceName: entry["deviceName"]?.text,
                    configurationName: entry["configurationName"]?.text,
                    arguments: entry["arguments"]?.array.map { $0.compactMap(\.text).joined(separator: ", ") })
                exported.append(
                    ExportedAttachment(
                        test: test, repetition: entry["repetitionNumber"]?.number.flatMap(InputRange.count),
                        attachment: attachment))
            }
        }
        let file = InputFile(path: path, format: .xcresultAttachments, bytes: bytes)
        return ParsedInput(file: file, attachments: exported)
    }
}
