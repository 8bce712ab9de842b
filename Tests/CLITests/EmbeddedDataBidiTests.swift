import Foundation
import Testing

/// The page's embedded data (the Tests view's rows, the history strips, the destinations matrix)
/// shows bidirectional and zero-width controls from test data visibly (`\u{202E}`), as the page's
/// text does: a test or device name cannot reorder what the page shows after it.
@Suite("the page's embedded data shows bidirectional controls visibly")
struct EmbeddedDataBidiTests {
    static let override = "\u{202E}"
    static let iPhone = "iPhone 16 Pro (18.2)"
    static let iPad = "iPad \u{202E}Air (18.2)"
    static let evil = "testEvil\u{202E}gnp.exe"

    /// Trainer's (fastlane) JUnit: one bundle suite per device with its `device` property; the
    /// iPad's evil test fails when `failing`.
    static func junit(failing: Bool) -> String {
        var xml = "<?xml version='1.0' encoding='UTF-8'?>\n<testsuites name='App'>\n"
        for device in [iPhone, iPad] {
            xml += "  <testsuite name='AppUITests'>\n    <properties>\n"
            xml += "      <property name='device' value='\(device)'/>\n"
            xml += "      <property name='Configuration' value='Default'/>\n    </properties>\n"
            xml += "    <testsuite name='AppUITests.LoginTests'>\n"
            for name in ["testLogin", evil] {
                xml += "      <testcase classname='AppUITests.LoginTests' name='\(name)' time='2.5'>"
                if failing, device == iPad, name == evil {
                    xml += "<failure message='LoginTests.swift:42: XCTAssertTrue failed - Login button not hittable'/>"
                }
                xml += "</testcase>\n"
            }
            xml += "    </testsuite>\n  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// The contents of each `<script type="application/json">` element, by id.
    static func embedded(_ page: String) -> [String: String] {
        var found: [String: String] = [:]
        for chunk in page.components(separatedBy: "<script type=\"application/json\" id=\"").dropFirst() {
            guard let close = chunk.range(of: "\">"), let end = chunk.range(of: "</script>") else { continue }
            found[String(chunk[..<close.lowerBound])] = String(chunk[close.upperBound..<end.lowerBound])
        }
        return found
    }

    static let controls: Set<UInt32> = Set(Array(0x202A...0x202E) + Array(0x2066...0x2069) + [0x200E, 0x200F])

    @Test("a device and a test named with U+202E: every embedded data block carries its escaped form, none the control")
    func bidiControlsEscaped() async throws {
        let out = try CLIRunner.temporaryDirectory()
        try Self.junit(failing: false).write(toFile: out + "/c1.xml", atomically: true, encoding: .utf8)
        try Self.junit(failing: true).write(toFile: out + "/c2.xml", atomically: true, encoding: .utf8)
        let ingest = try await CLIRunner.run([
            "ingest", "--quiet", "--out", out, "--run-key", "r1", "--commit", "c1", "--branch", "main",
            "--started-at", "2026-11-01T02:00:00Z", out + "/c1.xml",
        ])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let run = try await CLIRunner.run([
            "run", "--out", out, "--annotations", "none", "--run-key", "r2", "--commit", "c2", "--branch", "main",
            "--started-at", "2026-11-02T02:00:00Z", out + "/c2.xml",
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        let blocks = Self.embedded(page)
        #expect(
            Set(blocks.keys).isSuperset(of: ["canopy-data", "canopy-history", "canopy-destinations"]), "\(blocks.keys)")
        for (id, json) in blocks {
            let raw = json.unicodeScalars.filter { Self.controls.contains($0.value) }
            #expect(raw.isEmpty, "\(id) carries \(raw.count) bidirectional control(s): \(json.prefix(400))")
        }
        // The escaped form, as the page's text shows it (`\u{202E}`, a JSON-escaped backslash).
        let escaped = #"\\u{202E}"#
        for id in ["canopy-data", "canopy-history", "canopy-destinations"] {
            #expect(blocks[id]?.contains(escaped) == true, "\(id): \(blocks[id]?.prefix(400) ?? "")")
        }
        // The history strips are keyed as the Tests view's rows name their tests.
        let history = try #require(
            try JSONSerialization.jsonObject(with: Data((blocks["canopy-history"] ?? "").utf8)) as? [String: Any])
        let keys = try #require((history["tests"] as? [String: Any])?.keys)
        #expect(keys.contains("AppUITests.LoginTests/testEvil\\u{202E}gnp.exe@iPad \\u{202E}Air (18.2)"), "\(keys)")
    }
}
