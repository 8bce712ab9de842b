import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("XCResultBundleParser")
struct XCResultBundleParserTests {
    private func parse(_ spec: XCResultBundleSpec) throws -> ParsedInput {
        try ParserRegistry().parse(fileAt: GeneratedBundle.write(spec))
    }

    private func test(_ input: ParsedInput, _ key: String) throws -> TestCase {
        try #require(
            input.tests.first { $0.identity.key == key }, "no test \(key) in \(input.tests.map(\.identity.key))")
    }

    @Test func retriesOnTwoDevicesAreAttemptsInRepetitionOrder() throws {
        let input = try parse(XCResultBundleSamples.twoDevices)
        #expect(input.file.format == .xcresultBundle)
        let phone = try test(input, "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)")
        #expect(phone.identity.bundle == "AppUITests")
        #expect(phone.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(phone.attempts.map(\.outcome) == [.failed, .passed])
        #expect(phone.outcome == .flaky)
        #expect(phone.attempts.map(\.duration) == [6, 0.012])
        let failure = try #require(phone.attempts[0].failures.first)
        #expect(failure.message.hasPrefix("Failed to tap \"Login.Submit\" Button"))
        #expect(failure.type == "Assertion Failure")
        #expect(failure.location == SourceLocation(file: "/Users/ci/App/AppUITests/LoginTests.swift", line: 42))

        let pad = try test(input, "AppUITests.LoginTests/testLogin@iPad Air 11-inch (M2) (18.2)")
        #expect(pad.outcome == .failed)
        #expect(pad.attempts.map(\.duration) == [7.25, 65])
        #expect(pad.attempts[1].failures.first?.location == SourceLocation(file: "LoginTests.swift", line: 42))
        #expect(input.metadata.device == nil, "two devices: none is the run's device")
    }

    @Test func skipsExpectedFailuresNestedSuitesAndArguments() throws {
        let input = try parse(XCResultBundleSamples.twoDevices)
        let skipped = try test(input, "AppUITests.LoginTests/testBiometricLogin@iPhone 16 Pro (18.2)")
        #expect(skipped.outcome == .skipped)
        #expect(skipped.attempts[0].skipReason == "Face ID is not enrolled on the simulator")
        let expected = try test(input, "AppUITests.LoginTests/testLegacyBanner@iPad Air 11-inch (M2) (18.2)")
        #expect(expected.attempts.map(\.outcome) == [.expectedFailure])
        #expect(expected.outcome == .expectedFailure)
        #expect(expected.attempts[0].skipReason == "banner removed in 4.2 (FB1234)")
        #expect(expected.failures.isEmpty)

        let nested = try test(input, "ShopTests.CartTests.Discounts/couponsApplyOnce@iPhone 16 Pro (18.2)")
        #expect(nested.identity.bundle == "ShopTests")
        let five = try test(input, "ShopTests.CartTests/addingItems(count:)(5)@iPhone 16 Pro (18.2)")
        #expect(five.outcome == .failed)
        #expect(five.failures.first?.message == "Expectation failed: (cart.total → 4.99) == 5.0")
        #expect(five.failures.first?.type == "Expectation Failure")
        let one = try test(input, "ShopTests.CartTests/addingItems(count:)(1)@iPhone 16 Pro (18.2)")
        #expect(one.outcome == .passed)
        #expect(input.tests.count == 17)
    }

    @Test func failingAttemptsCarryTheirStepLog() throws {
        let input = try parse(XCResultBundleSamples.twoDevices)
        let phone = try test(input, "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)")
        let steps = try #require(phone.attempts[0].steps)
        #expect(
            steps.map(\.title) == [
                "Start Test at 2025-11-25 10:00:00.000", "Set Up", "Open com.example.app",
                "Type \"ci@example.com\" into \"Login.Email\" TextField",
                "Tap \"Login.Submit\" Button", "Wait for com.example.app to idle", "Find the \"Login.Submit\" Button",
                "Tear Down",
            ])
        #expect(steps.map(\.depth) == [0, 0, 1, 0, 0, 1, 1, 0])
        #expect(steps.map(\.failed) == [false, false, false, false, true, false, true, false])
        #expect(steps[4].offset == 2.5)
        #expect(phone.attempts[1].steps == nil, "a passing attempt keeps no steps")
        let screenshot = try #require(phone.attempts[0].attachments?.first)
        #expect(screenshot.name == "Screenshot 2025-11-25 at 10.00.03")
        #expect(screenshot.step == 4)
        #expect(screenshot.isFailureAssociated)
        #expect(screenshot.fileExtension == "png")
        #expect(screenshot.timestamp == 786_000_002.5 + 978_307_200)
        let payload = try XCResultPayloadStore(bundle: screenshot.sourcePath).payload(
            try #require(screenshot.payloadId), limit: 1 << 20)
        #expect(payload == XCResultBundleWriter.redPNG)
        let podcast = try test(input, "AppUITests.PodcastTests/testOpenEpisode@iPhone 16 Pro (18.2)")
        #expect(podcast.attempts[0].attachments?.map(\.fileExtension) == ["png", "txt"])
    }

    @Test func mergedBundleFoldsRunsIntoAttempts() throws {
        let input = try parse(XCResultBundleSamples.merged)
        #expect(input.tests.count == 2)
        let search = try test(input, "AppUITests.SearchTests/testSearch")
        #expect(search.identity.device == nil)
        #expect(search.attempts.map(\.outcome) == [.failed, .passed])
        #expect(search.outcome == .flaky)
        #expect(input.metadata.device == "iPhone 16 Pro")
        #expect(input.metadata.osVersion == "18.2")
        #expect(input.metadata.startedAt == Date(timeIntervalSinceReferenceDate: 786_000_000))
    }

    @Test func configurationsSplitTests() throws {
        let input = try parse(XCResultBundleSamples.configurations)
        #expect(
            input.tests.map(\.identity.key).sorted() == [
                "ShopUITests.CheckoutTests/testPay#English", "ShopUITests.CheckoutTests/testPay#German",
            ])
    }

    @Test func bundleAndItsJSONGiveTheSameTests() throws {
        let spec = XCResultBundleSamples.twoDevices
        let bundle = try parse(spec)
        let jsonPath = try TemporaryFile.write(try XCResultJSONTwin.json(spec), name: "tests.json")
        let json = try ParserRegistry().parse(fileAt: jsonPath)
        #expect(json.file.format == .xcresultTests)
        func shape(_ input: ParsedInput) -> [String: [String]] {
            Dictionary(
                uniqueKeysWithValues: input.tests.map { test in
                    (
                        test.identity.key,
                        test.attempts.map { attempt in
                            let failures = attempt.failures.map { "\($0.message) @ \($0.location?.description ?? "-")" }
                                .joined(separator: " | ")
                            return
                                "\(attempt.outcome) \(attempt.label ?? "-") \(attempt.duration ?? -1) \(attempt.skipReason ?? "-") \(failures)"
                        }
                    )
                })
        }
        #expect(bundle.tests.count == json.tests.count)
        #expect(shape(bundle) == shape(json))
        // Same identities (bundle and nesting included); the order differs: run order against tree order.
        #expect(bundle.tests.map(\.identity).sorted() == json.tests.map(\.identity).sorted())
    }

    @Test(arguments: [AttachmentScope.failing, .all])
    func readingWithoutStepsGivesTheSameTestsAndCounts(scope: AttachmentScope) throws {
        for spec in [
            XCResultBundleSamples.twoDevices,
            XCResultBundleSamples.large(tests: 300, failures: 60, screenshots: 6, screenshotBytes: 100),
        ] {
            let path = try GeneratedBundle.write(spec)
            let full = try ParserRegistry(attachments: scope).parse(fileAt: path)
            let lean = try ParserRegistry(attachments: scope, readsAttemptDetails: false).parse(fileAt: path)
            #expect(
                full.tests.contains { $0.attempts.contains { $0.steps != nil } }, "the full read has steps to leave out"
            )
            #expect(full.tests.contains { $0.attempts.contains { $0.attachments != nil } })
            #expect(!lean.tests.contains { $0.attempts.contains { $0.steps != nil || $0.attachments != nil } })
            var stripped = full.tests
            for test in stripped.indices {
                for attempt in stripped[test].attempts.indices {
                    stripped[test].attempts[attempt].steps = nil
                    stripped[test].attempts[attempt].attachments = nil
                }
            }
            #expect(lean.tests == stripped)
            #expect(lean.diagnostics == full.diagnostics)
            #expect(lean.metadata == full.metadata)
            #expect(RunAssembler.assemble([lean]).totals == RunAssembler.assemble([full]).totals)
        }
    }

    @Test func buildFailureIsAnErrorWithItsIssues() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.buildFailure)
        let error = try #require(throws: ParserError.self) { try ParserRegistry().parse(fileAt: path) }
        #expect(error.path == path)
        #expect(error.description.contains("the build failed"))
        #expect(error.description.contains("Cannot find 'LoginView' in scope"))
        #expect(!error.description.contains("0 tests, all passed"))
    }

    @Test func missingDatabaseSaysTheCommandThatWritesIt() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.withoutDatabase, name: "Nightly.xcresult")
        let error = try #require(throws: ParserError.self) { try ParserRegistry().parse(fileAt: path) }
        #expect(error.description.contains("xcrun xcresulttool get test-results summary --path Nightly.xcresult"))
        #expect(error.description.hasPrefix(path + ": error:"))
    }

    @Test func directoryInputFindsBundlesAndNotTheirFiles() throws {
        let directory = try TemporaryFile.directory()
        try XCResultBundleWriter.write(XCResultBundleSamples.merged, to: directory + "/ci/Tests.xcresult")
        try Data("<testsuites/>".utf8).write(to: URL(fileURLWithPath: directory + "/ci/Tests.xcresult/Data/stray.xml"))
        try Data("<testsuites/>".utf8).write(to: URL(fileURLWithPath: directory + "/junit.xml"))
        let files = try InputExpander.expand([directory])
        #expect(files == [directory + "/ci/Tests.xcresult", directory + "/junit.xml"])
        #expect(try InputExpander.expand([directory + "/ci/Tests.xcresult"]) == [directory + "/ci/Tests.xcresult"])
    }
}
