import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("JSON detection")
struct DetectionTests {
    @Test(arguments: [
        ("xcresult/xcode26-two-devices.json", InputFormat.xcresultTests),
        ("xcresult/xcode16-retries-configurations.json", .xcresultTests),
        ("xcresult/swift-testing-arguments.json", .xcresultTests),
        ("xcresult/summary.json", .xcresultSummary),
        ("xcresult/summary-failed.json", .xcresultSummary),
        ("xcresult/test-details.json", .xcresultTestDetails),
        ("xcresult/exported/activities-testLogin.json", .xcresultActivities),
        ("xcresult/exported/manifest.json", .xcresultAttachments),
        ("xcresult/insights.json", .xcresultInsights),
        ("xcresult/metrics.json", .xcresultMetrics),
        ("xcresult/build-results-failed.json", .xcresultBuildResults),
        ("xcresult/build-results-succeeded.json", .xcresultBuildResults),
        ("snapshots/login.json", .elementSnapshot),
        ("snapshots/Catalog-List.json", .elementSnapshot),
        ("snapshots/screens.json", .elementSnapshot),
        ("snapshots/LoginTests-testLogin-1.json", .a11yUITestsSnapshot),
        ("audits/login-audit.json", .auditJSON),
        ("audits/appium-audit.json", .appiumAudit),
        ("audits/appium-response.json", .appiumAudit),
        ("audits/a11yuitests-junit.xml", .junitXML),
    ])
    func detectsEachFixture(fixture: String, format: InputFormat) throws {
        #expect(try InputDetector.detect(path: Fixture.path(fixture)) == format)
    }

    @Test func unknownShapeListsAcceptedFormats() throws {
        let path = Fixture.path("xcresult/unknown-shape.json")
        do {
            _ = try ParserRegistry().parse(fileAt: path)
            Issue.record("an unknown JSON parsed")
        } catch {
            guard case .notAReport(let errorPath, _) = error else {
                Issue.record("expected .notAReport, got \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(error.description.contains("xcresulttool `get test-results tests` JSON"))
            #expect(error.description.contains("A11yUITests snapshot JSON"))
        }
    }

    /// Well-formed XML or JSON in UTF-16 was "neither XML nor JSON (binary or plain text)".
    @Test(
        arguments: [
            (
                "\u{FEFF}<?xml version=\"1.0\" encoding=\"UTF-16\"?><testsuites/>", String.Encoding.utf16LittleEndian,
                "UTF-16LE"
            ),
            ("\u{FEFF}<testsuites/>", .utf16BigEndian, "UTF-16BE"),
            ("<testsuites/>", .utf16LittleEndian, "UTF-16LE"),
            ("{\"testNodes\": []}", .utf16BigEndian, "UTF-16BE"),
        ] as [(String, String.Encoding, String)])
    func utf16SaysHowToConvert(_ text: String, _ encoding: String.Encoding, _ name: String) throws {
        let path = try TemporaryFile.write(try #require(text.data(using: encoding)))
        #expect {
            _ = try InputDetector.detect(path: path)
        } throws: { error in
            "\(error)".contains(
                "text in \(name), which Canopy does not read: convert it to UTF-8 first (iconv -f \(name) -t UTF-8")
        }
    }

    @Test func keysInsideStringsAreNotKeys() {
        let head = Array(#"{"root": {"elementType": "other", "label": "\"snapshot\": generated"}}"#.utf8)
        #expect(JSONShapeSniffer.format(head: head) == .elementSnapshot)
    }

    @Test func distinguishingKeyBeyondTheSniffedBytesIsFoundByAFullParse() throws {
        // An A11yUITests snapshot whose "version"/"generated" keys come after 64 KiB of items and
        // whose items all say "snapshot"-free things: the head alone only shows "label"/"type".
        var items: [String] = []
        for index in 0..<2_000 {
            items.append(
                #"{"label": "Row \#(index)", "type": "Cell", "traits": ["Button"], "enabled": true, "frame": [[0, \#(index * 44)], [393, 44]]}"#
            )
        }
        let text =
            #"{"filename": "Big-1.json", "snapshot": ["# + items.joined(separator: ",") + #"], "version": "1.1"}"#
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("canopy-big-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try InputDetector.detect(path: url.path) == .a11yUITestsSnapshot)

        let late =
            #"{"children": ["#
            + Array(repeating: #"{"label": "x", "children": []}"#, count: 3_000).joined(separator: ",")
            + #"], "elementType": "application"}"#
        let lateURL = FileManager.default.temporaryDirectory.appendingPathComponent(
            "canopy-late-\(UUID().uuidString).json")
        try Data(late.utf8).write(to: lateURL)
        defer { try? FileManager.default.removeItem(at: lateURL) }
        #expect(try InputDetector.detect(path: lateURL.path) == .elementSnapshot)
        let input = try ParserRegistry().parse(fileAt: lateURL.path)
        #expect(input.screens.first?.root.elementCount == 3_001)
    }
}
