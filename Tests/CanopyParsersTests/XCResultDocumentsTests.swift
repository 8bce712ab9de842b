import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// xcresulttool's other documents (`docs/input-formats.md`, "xcresulttool JSON"), as a directory
/// of a job's outputs holds them side by side: each recognised by its shape and read for what it
/// gives; none is a malformed tests document.
@Suite("xcresulttool's documents side by side")
struct XCResultDocumentsTests {
    private func parse(_ fixture: String) throws -> ParsedInput {
        try ParserRegistry().parse(fileAt: Fixture.path("xcresult/" + fixture))
    }

    @Test("test-details: the test's runs per device, keyed as the tests document keys them")
    func testDetails() throws {
        let details = try parse("test-details.json")
        #expect(details.file.format == .xcresultTestDetails)
        #expect(details.file.producer == "xcode26")
        let tests = try parse("xcode26-two-devices.json")
        let expected = tests.tests.filter { $0.identity.name == "testLogin()" || $0.identity.name == "testLogin" }
        #expect(details.tests.map(\.identity.key) == expected.map(\.identity.key))
        #expect(
            details.tests.map(\.identity.key) == [
                "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)",
                "AppUITests.LoginTests/testLogin@iPad Air 11-inch (M2) (18.2)",
            ])
        let phone = try #require(details.tests.first)
        #expect(phone.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(phone.outcome == .flaky)
        #expect(
            phone.failures.first?.location
                == SourceLocation(file: "/Users/ci/App/AppUITests/LoginTests.swift", line: 42))
        let pad = try #require(details.tests.last)
        #expect(pad.outcome == .failed)
        #expect(pad.failures.first?.message == "XCTAssertTrue failed - Login button not hittable")
        #expect(pad.attempts.map(\.duration) == [7.25, 65])
        // Beside the tests document it adds nothing: the same runs are counted there.
        let alone = RunAssembler.assemble([tests])
        for inputs in [[tests, details], [details, tests]] {
            let run = RunAssembler.assemble(inputs)
            #expect(run.totals == alone.totals)
        }
        // Beside a summary naming the same failure, the test is counted once.
        let summary = try parse("summary-failed.json")
        let run = RunAssembler.assemble([summary, details])
        #expect(run.tests.filter { $0.identity.testKey == "AppUITests.LoginTests/testLogin" }.count == 2)
        #expect(run.tests.map(\.identity.testKey).contains("AppUITests.CheckoutTests/testPay"))
    }

    @Test(
        "insights are skipped with a note naming the kind",
        arguments: [
            ("insights.json", InputFormat.xcresultInsights, "insights JSON: Xcode's own observations")
        ])
    func skippedKinds(_ fixture: String, _ format: InputFormat, _ note: String) throws {
        let input = try parse(fixture)
        #expect(input.file.format == format)
        #expect(input.tests.isEmpty)
        #expect(input.diagnostics.map(\.severity) == [.note])
        #expect(input.diagnostics.first?.message.hasPrefix(note) == true)
        #expect(input.diagnostics.first?.message.hasSuffix("skipped") == true)
    }

    @Test("build-results of a failed build refuses the run's results, naming the first error")
    func failedBuild() throws {
        let path = Fixture.path("xcresult/build-results-failed.json")
        do {
            let input = try ParserRegistry().parse(fileAt: path)
            Issue.record("a failed build was read: \(input.diagnostics)")
        } catch {
            #expect(error.path == path)
            #expect(
                error.description.contains(
                    "the build failed: \"Cannot find 'CheckoutView' in scope\" (and 1 more error)"))
        }
        // A build that succeeded holds no results: a note.
        let succeeded = try parse("build-results-succeeded.json")
        #expect(succeeded.tests.isEmpty)
        #expect(
            succeeded.diagnostics.map(\.message) == [
                "build-results JSON: the build succeeded; it holds no test results; skipped"
            ])
    }

    @Test("a build-results status other than succeeded is a failed build, even without errors")
    func failedStatusWithoutErrors() throws {
        let text = try String(contentsOfFile: Fixture.path("xcresult/build-results-succeeded.json"), encoding: .utf8)
            .replacingOccurrences(of: "\"status\" : \"succeeded\"", with: "\"status\" : \"failed\"")
        let path = try TemporaryFile.write(text, name: "build.json")
        #expect {
            _ = try ParserRegistry().parse(fileAt: path)
        } throws: { error in
            "\(error)".contains("the build failed: status \"failed\"")
        }
    }

    @Test("a directory of every document: the tests read once, the rest noted, nothing refused")
    func directoryOfDocuments() throws {
        let directory = try TemporaryFile.directory()
        for name in [
            "xcode26-two-devices.json", "summary-failed.json", "test-details.json", "insights.json", "metrics.json",
            "build-results-succeeded.json", "exported/activities-testLogin.json",
        ] {
            try FileManager.default.copyItem(
                atPath: Fixture.path("xcresult/" + name),
                toPath: directory + "/" + (name as NSString).lastPathComponent)
        }
        let paths = try InputExpander.expand([directory])
        #expect(paths.count == 7)
        let inputs = try paths.map { path throws(ParserError) in try ParserRegistry().parse(fileAt: path) }
        let run = RunAssembler.assemble(inputs)
        let alone = RunAssembler.assemble([try parse("xcode26-two-devices.json")])
        #expect(run.totals == alone.totals)
        #expect(
            Set(run.inputs.map(\.format)) == [
                .xcresultTests, .xcresultSummary, .xcresultTestDetails, .xcresultInsights, .xcresultMetrics,
                .xcresultBuildResults, .xcresultActivities,
            ])
    }
}
