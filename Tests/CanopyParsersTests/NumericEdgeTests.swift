import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// Every number an input carries is checked where it is parsed (`InputRange`): a value outside
/// its range is unknown, with a warning naming the file (and the line or row), never a value that
/// traps later when it is converted.
@Suite("Numbers at the edge of their range")
struct NumericEdgeTests {
    /// The numeric edge cases of a text number: each is unknown as a duration.
    static let absurdDurations = [
        "1e16", "-1e16", "1e308", "-1e308", "1e400", "-1e400", "2592000.5", "99999999999999999999", "-5", "nan", "NaN",
        "inf",
        "-inf",
    ]

    @Test("a JUnit time outside 0…30 days is unknown, with a warning naming file and line", arguments: absurdDurations)
    func junitTime(_ time: String) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="S" tests="2">
            <testcase classname="A" name="fine" time="2.5"/>
            <testcase classname="A" name="absurd" time="\(time)"/>
            </testsuite></testsuites>
            """
        let path = try TemporaryFile.write(xml)
        let input = try JUnitXMLParser().parse(fileAt: path)
        let absurd = try #require(input.tests.first { $0.identity.name == "absurd" })
        #expect(absurd.attempts.map(\.duration) == [nil])
        #expect(input.tests.first { $0.identity.name == "fine" }?.attempts.first?.duration == 2.5)
        let warning = try #require(
            input.diagnostics.first { $0.severity == .warning && $0.message.contains("time attribute") })
        #expect(warning.file == path)
        #expect(warning.message.contains("line 4: \"\(time)\""), "\(warning.message)")
    }

    @Test(
        "tiny and boundary JUnit times are kept",
        arguments: [("5e-324", 5e-324), ("2592000", 2_592_000.0), ("-0", 0.0)])
    func junitTimeKept(_ time: String, _ expected: Double) throws {
        #expect(DurationText.seconds(junit: time) == expected)
    }

    @Test("a testsuite's tests count of 20 digits is not trusted for a reservation")
    func hugeTestsAttribute() throws {
        let path = try TemporaryFile.write(
            "<testsuites tests=\"9223372036854775807\"><testsuite name=\"S\"><testcase classname=\"A\" name=\"t\" time=\"1\"/></testsuite></testsuites>"
        )
        #expect(try JUnitXMLParser().parse(fileAt: path).tests.count == 1)
    }

    @Test(
        "an xcresult duration text beyond 30 days is unknown", arguments: ["999999999h", "1e16s", "1e400s", "720h 1s"])
    func xcresultDurationText(_ text: String) {
        #expect(DurationText.seconds(xcresult: text) == nil)
    }

    /// The summary fixture with `replacements` applied to its text.
    private func summary(_ replacements: [(String, String)]) throws -> ParsedInput {
        var text = try String(contentsOfFile: Fixture.path("xcresult/summary.json"), encoding: .utf8)
        for (old, new) in replacements {
            #expect(text.contains(old), "the fixture has no \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        let path = try TemporaryFile.write(text, name: "summary.json")
        let input = try ParserRegistry().parse(fileAt: path)
        #expect(input.file.format == .xcresultSummary)
        return input
    }

    @Test("a summary's counts and times out of range are ignored with warnings, not converted")
    func summaryOutOfRange() throws {
        let input = try summary([
            ("\"totalTestCount\": 42", "\"totalTestCount\": 1e300"),
            ("\"startTime\": 1732172400.123", "\"startTime\": 1e300"),
            ("\"finishTime\": 1732173012.5", "\"finishTime\": -1e308"),
        ])
        #expect(input.metadata.startedAt == nil)
        #expect(input.metadata.finishedAt == nil)
        let warnings = input.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.contains { $0.hasPrefix("$.startTime:") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("$.finishTime:") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("totalTestCount") }, "\(warnings)")
        #expect(input.diagnostics.allSatisfy { $0.file == input.file.path })
    }

    @Test("numbers past a Double's range (1e309) are valid JSON: read as out of range, never an invalid file")
    func summaryBeyondDouble() throws {
        let input = try summary([
            ("\"totalTestCount\": 42", "\"totalTestCount\": 1e309"),
            ("\"startTime\": 1732172400.123", "\"startTime\": 1E+309"),
            ("\"finishTime\": 1732173012.5", "\"finishTime\": -12.5e400"),
        ])
        #expect(input.metadata.startedAt == nil)
        #expect(input.metadata.finishedAt == nil)
        let warnings = input.diagnostics.filter { $0.severity == .warning }.map(\.message)
        #expect(warnings.contains { $0.hasPrefix("$.startTime:") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("$.finishTime:") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("totalTestCount") }, "\(warnings)")
    }

    @Test(
        "a summary start time of 9999-12-31 (in epoch seconds) is outside the window",
        arguments: [253_402_214_400.0, 0, -1])
    func summaryStartOutsideWindow(_ seconds: Double) throws {
        let input = try summary([("\"startTime\": 1732172400.123", "\"startTime\": \(seconds)")])
        #expect(input.metadata.startedAt == nil)
        #expect(input.metadata.finishedAt == Date(timeIntervalSince1970: 1_732_173_012.5))
    }

    @Test("a summary in range reads as before")
    func summaryInRange() throws {
        let input = try summary([])
        #expect(input.metadata.startedAt == Date(timeIntervalSince1970: 1_732_172_400.123))
        #expect(input.diagnostics.contains { $0.message.hasPrefix("summary: 42 tests, 2 failed") })
        // The one warning: the fixture counts 2 failed tests and names 1.
        #expect(
            input.diagnostics.filter { $0.severity == .warning }.map(\.message) == [
                "the summary counts 2 failed test(s) but names 1; the tests themselves are in "
                    + "`xcrun xcresulttool get test-results tests --format json`"
            ])
    }

    @Test("an attachment manifest's repetition and timestamp out of range are unknown")
    func manifestNumbers() throws {
        let directory = try TemporaryFile.directory()
        var text = try String(contentsOfFile: Fixture.path("xcresult/exported/manifest.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\"repetitionNumber\" : 1,", with: "\"repetitionNumber\" : 1e300,")
        text = text.replacingOccurrences(of: "\"timestamp\" : 1764064803.5", with: "\"timestamp\" : -1e308")
        try text.write(toFile: directory + "/manifest.json", atomically: true, encoding: .utf8)
        let input = try ParserRegistry().parse(fileAt: directory + "/manifest.json")
        let first = try #require(input.attachments.first)
        #expect(first.repetition == nil)
        #expect(first.attachment.timestamp == nil)
        #expect(input.attachments.dropFirst().first?.repetition == 2)
    }

    @Test(
        "an element type or frame of absurd size in a snapshot is unknown, not converted",
        arguments: ["1e300", "-1e308", "1e16", "4.5", "1e309", "-1e999"])
    func snapshotNumbers(_ number: String) throws {
        let json = """
            {"name": "Login", "root": {"elementType": "application", "identifier": "", "label": "Shop",
              "frame": {"x": 0, "y": 0, "width": 393, "height": 852},
              "children": [{"elementType": \(number), "identifier": "Login.Submit", "label": "Sign in",
                "frame": {"x": \(number), "y": 0, "width": 10, "height": 10}, "children": []}]}}
            """
        let input = try ParserRegistry().parse(fileAt: try TemporaryFile.write(json, name: "login.json"))
        let screen = try #require(input.screens.first)
        let child = try #require(screen.root.children.first)
        #expect(screen.root.frame?.width == 393)
        #expect((child.frame == nil) == (number != "4.5"))
        #expect(child.elementType == "other")
        #expect(input.diagnostics.contains { $0.message.contains("children[0].elementType: unknown element type") })
    }

    @Test(
        "an audit issue's numeric element type of absurd size is unknown", arguments: ["1e300", "-1", "1e16", "1e309"])
    func auditElementType(_ number: String) throws {
        let json = """
            {"screen": "Login", "test": "AppUITests.LoginTests/testLoginAudit()", "issues": [
              {"auditType": "contrast", "compactDescription": "Contrast failed",
               "element": {"identifier": "Login.ForgotPassword", "label": "Forgot?", "elementType": \(number)}}]}
            """
        let input = try ParserRegistry().parse(fileAt: try TemporaryFile.write(json, name: "audit.json"))
        let issue = try #require(input.auditIssues.first)
        #expect(issue.element?.identifier == "Login.ForgotPassword")
        #expect(issue.element?.elementType == nil)
    }

    @Test(
        "a bundle's durations and times out of range are unknown, with a warning naming the database",
        arguments: ["1e16", "-1e308", "1e308", "-5", "2592001"])
    func bundleNumbers(_ number: String) throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.merged)
        try XCResultBundleWriter.tamper(
            path,
            sql:
                "UPDATE TestCaseRuns SET duration = \(number) WHERE rowid = 1; UPDATE Actions SET started = \(number) * 1e300, finished = \(number) * 1e300; "
                + "UPDATE Activities SET startTime = \(number) WHERE rowid = (SELECT MAX(rowid) FROM Activities)")
        let input = try ParserRegistry().parse(fileAt: path)
        let durations = input.tests.flatMap(\.attempts).map(\.duration)
        #expect(durations.contains(nil))
        #expect(durations.allSatisfy { $0 == nil || InputRange.duration($0 ?? -1) != nil })
        #expect(input.metadata.startedAt == nil && input.metadata.finishedAt == nil)
        let offsets = input.tests.flatMap(\.attempts).flatMap { $0.steps ?? [] }.compactMap(\.offset)
        #expect(offsets.allSatisfy { InputRange.duration($0) != nil }, "\(offsets)")
        let warnings = input.diagnostics.filter { $0.severity == .warning && $0.file == path + "/database.sqlite3" }
            .map(\.message)
        #expect(
            warnings.contains { $0.hasPrefix("TestCaseRuns: 1 duration(s)") && $0.contains("row 1:") }, "\(warnings)")
        #expect(warnings.contains { $0.hasPrefix("Actions.started:") }, "\(warnings)")
    }

    /// The fuzz seeds of numbers at the edge (`Fuzz/seeds`, used by `make fuzz`), one per format.
    static let fuzzSeeds: [String] = {
        let directory = Fixture.repository + "/Fuzz/seeds"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.sorted().map { directory + "/" + $0 }
    }()

    @Test("every numeric fuzz seed reads with each number in its range or unknown", arguments: fuzzSeeds)
    func fuzzSeed(_ path: String) throws {
        let input: ParsedInput
        do {
            input = try ParserRegistry().parse(fileAt: path)
        } catch {
            // A seed may be refused (exit 2 naming the file), never trap.
            #expect("\(error)".contains(path), "\(error)")
            return
        }
        for attempt in input.tests.flatMap(\.attempts) {
            if let duration = attempt.duration { #expect(InputRange.duration(duration) == duration, "\(path)") }
        }
        for offset in input.tests.flatMap(\.attempts).flatMap({ $0.steps ?? [] }).compactMap(\.offset) {
            #expect(InputRange.duration(offset) == offset, "\(path)")
        }
        for date in [input.metadata.startedAt, input.metadata.finishedAt].compactMap(\.self) {
            #expect(InputRange.date(date) == date)
        }
        func frames(_ element: ElementSnapshot) -> [Frame] {
            (element.frame.map { [$0] } ?? []) + element.children.flatMap(frames)
        }
        for frame in input.screens.map(\.root).flatMap(frames) {
            #expect(
                [frame.x, frame.y, frame.width, frame.height].allSatisfy { InputRange.coordinate($0) != nil },
                "\(frame)")
        }
    }

    @Test("the numeric fuzz seeds are there, one per format the fuzz targets read")
    func fuzzSeedsPresent() {
        #expect(Self.fuzzSeeds.count >= 5, "\(Self.fuzzSeeds)")
    }
}
