import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("XCResultTestsParser")
struct XCResultTestsParserTests {
    private func parse(_ fixture: String) throws -> ParsedInput {
        try XCResultTestsParser().parse(fileAt: Fixture.path(fixture))
    }

    private func test(_ input: ParsedInput, _ key: String) throws -> TestCase {
        try #require(
            input.tests.first { $0.identity.key == key }, "no test \(key) in \(input.tests.map(\.identity.key))")
    }

    @Test func xcode26RetriesOnTwoDevicesAreSeparateTests() throws {
        let input = try parse("xcresult/xcode26-two-devices.json")
        #expect(input.file.producer == "xcode26")
        #expect(input.tests.count == 8)
        let phone = try test(input, "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)")
        #expect(phone.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(phone.attempts.map(\.outcome) == [.failed, .passed])
        #expect(phone.outcome == .flaky)
        #expect(phone.identity.bundle == "AppUITests")
        #expect(phone.attempts[0].duration == 6)
        #expect(phone.attempts[1].duration == 0.012)
        let failure = try #require(phone.attempts[0].failures.first)
        #expect(failure.message.hasPrefix("Failed to tap \"Login.Submit\" Button"))
        #expect(failure.location == SourceLocation(file: "/Users/ci/App/AppUITests/LoginTests.swift", line: 42))

        let pad = try test(input, "AppUITests.LoginTests/testLogin@iPad Air 11-inch (M2) (18.2)")
        #expect(pad.outcome == .failed)
        #expect(pad.attempts.map(\.duration) == [7.25, 65])
        #expect(pad.attempts[1].failures.first?.message == "XCTAssertTrue failed - Login button not hittable")
        #expect(pad.attempts[1].failures.first?.location == SourceLocation(file: "LoginTests.swift", line: 42))
    }

    @Test func xcode26SkipsExpectedFailuresAndDurations() throws {
        let input = try parse("xcresult/xcode26-two-devices.json")
        let logout = try test(input, "AppUITests.LoginTests/testLogout@iPhone 16 Pro (18.2)")
        #expect(logout.attempts.count == 1)
        #expect(logout.attempts[0].duration == 65)
        let padLogout = try test(input, "AppUITests.LoginTests/testLogout@iPad Air 11-inch (M2) (18.2)")
        #expect(padLogout.attempts[0].duration == 3.5, "durationInSeconds wins over the rounded duration")
        let skipped = try test(input, "AppUITests.LoginTests/testBiometricLogin@iPhone 16 Pro (18.2)")
        #expect(skipped.outcome == .skipped)
        #expect(skipped.attempts[0].skipReason == "Face ID is not enrolled on the simulator")
        let expected = try test(input, "AppUITests.LoginTests/testLegacyBanner@iPhone 16 Pro (18.2)")
        #expect(expected.attempts[0].outcome == .expectedFailure)
        #expect(expected.outcome == .expectedFailure)
        #expect(expected.attempts[0].skipReason?.contains("banner removed") == true)
        #expect(expected.failures.isEmpty)
    }

    @Test func xcode16RetryNamingAndConfigurations() throws {
        let input = try parse("xcresult/xcode16-retries-configurations.json")
        #expect(input.file.producer == "xcode16")
        #expect(input.tests.count == 6)
        #expect(input.metadata.device == "iPhone 15")
        #expect(input.metadata.osVersion == "17.5")
        for configuration in ["English", "German"] {
            let pay = try test(input, "ShopUITests.CheckoutTests/testPay#\(configuration)")
            #expect(pay.attempts.map(\.label) == ["Retry 1", "Retry 2"])
            #expect(pay.outcome == .failed)
            #expect(pay.identity.configuration == configuration)
            #expect(pay.failures.allSatisfy { $0.message.hasPrefix("Asynchronous wait failed") })
            let cart = try test(input, "ShopUITests.CheckoutTests/testCart#\(configuration)")
            #expect(cart.outcome == .flaky, "the roll-up says Passed; the repetitions say flaky")
            #expect(cart.attempts.map(\.duration) == [2, 0.5])
            let coupon = try test(input, "ShopUITests.CheckoutTests/testCoupon#\(configuration)")
            #expect(coupon.attempts.map(\.duration) == [0.012])
        }
    }

    @Test func swiftTestingArgumentsUseNodeIdentifiers() throws {
        let input = try parse("xcresult/swift-testing-arguments.json")
        #expect(input.tests.count == 5)
        let five = try test(input, "ShopTests.CartTests/addingItems(count:)(5)")
        #expect(five.identity.name == "addingItems(count:)")
        #expect(five.identity.arguments == "5")
        #expect(five.outcome == .failed)
        #expect(five.tags == ["cart", "critical"])
        #expect(five.failures.first?.message == "Expectation failed: (cart.total → 4.99) == 5.0")
        #expect(five.failures.first?.location == SourceLocation(file: "CartTests.swift", line: 27))
        #expect(try test(input, "ShopTests.CartTests/addingItems(count:)(1)").outcome == .passed)
        let skipped = try test(input, "ShopTests.CartTests/checkout")
        #expect(skipped.outcome == .skipped)
        #expect(skipped.attempts[0].skipReason == "Payment sandbox is down")
        #expect(try test(input, "ShopTests.CartTests/emptyCart").attempts[0].duration == 0.004)
    }

    @Test func flakyAcceptanceThroughRegistryAndAssembler() throws {
        let input = try ParserRegistry().parse(fileAt: Fixture.path("xcresult/flaky-first-run.json"))
        let run = RunAssembler.assemble([input])
        #expect(run.tests.count == 1)
        #expect(run.totals.passedOnRetry == 1)
        #expect(run.totals.attempts == 2)
        let test = try #require(run.tests.first)
        #expect(test.identity.key == "AppUITests.OnboardingTests/testWelcome")
        #expect(test.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(test.outcome == .flaky)
    }

    @Test func summaryGivesMetadataAndItsFailures() throws {
        let input = try XCResultSummaryParser().parse(fileAt: Fixture.path("xcresult/summary.json"))
        #expect(input.tests.map(\.identity.key) == ["ShopUITests.CheckoutTests/testPay"])
        #expect(input.metadata.title == "Test - ShopApp")
        #expect(input.metadata.device == "iPhone 16 Pro")
        #expect(input.metadata.osVersion == "18.2")
        #expect(input.metadata.startedAt == Date(timeIntervalSince1970: 1_732_172_400.123))
        #expect(input.metadata.finishedAt == Date(timeIntervalSince1970: 1_732_173_012.5))
        // It counts 2 failed tests and names 1.
        #expect(input.diagnostics.contains { $0.severity == .warning && $0.message.contains("names 1") })
        let tests = try parse("xcresult/xcode16-retries-configurations.json")
        let run = RunAssembler.assemble([tests, input])
        #expect(run.metadata.title == "Test - ShopApp")
        #expect(run.metadata.device == "iPhone 15", "the tests JSON came first and wins")
        #expect(run.tests.count == 6)
        #expect(!run.diagnostics.contains { $0.message.contains("names only its failing tests") })
        // Alone, it says the passing tests are missing and how to get them.
        let alone = RunAssembler.assemble([input])
        let warning = try #require(alone.diagnostics.first { $0.message.contains("names only its failing tests") })
        #expect(warning.severity == .warning && warning.file == input.file.path)
        #expect(warning.message.contains("get test-results tests"))
    }

    /// A summary that says Failed is never a passing run of 0 tests: its failures are failed
    /// tests, keyed as the tests document keys them, and its passed count invents none.
    @Test("xcresult summary alone: its testFailures are failed tests; counts invent no test")
    func summaryFailuresAreFailedTests() throws {
        let input = try ParserRegistry().parse(fileAt: Fixture.path("xcresult/summary-failed.json"))
        #expect(input.file.format == .xcresultSummary)
        let run = RunAssembler.assemble([input])
        #expect(run.totals.tests == 2 && run.totals.failed == 2 && run.totals.passed == 0)
        #expect(
            run.tests.map(\.identity.key) == ["AppUITests.LoginTests/testLogin", "AppUITests.CheckoutTests/testPay"])
        let login = try #require(run.tests.first)
        #expect(login.identity.bundle == "AppUITests")
        #expect(login.failures.map(\.message) == ["XCTAssertTrue failed - Login button not hittable"])
        #expect(login.failures.first?.location == SourceLocation(file: "LoginTests.swift", line: 42))
        // The same test in the tests document has the same key, less its device.
        let tests = try parse("xcresult/xcode26-two-devices.json")
        #expect(tests.tests.contains { $0.identity.testKey == login.identity.testKey })
    }

    /// Side by side in one run, the tests document counts the failures; the summary adds none.
    @Test("xcresult summary beside the tests document adds no test")
    func summaryBesideTestsDoesNotDoubleCount() throws {
        let tests = try parse("xcresult/xcode26-two-devices.json")
        let summary = try ParserRegistry().parse(fileAt: Fixture.path("xcresult/summary-failed.json"))
        let alone = RunAssembler.assemble([tests])
        for inputs in [[tests, summary], [summary, tests]] {
            let run = RunAssembler.assemble(inputs)
            #expect(run.totals == alone.totals)
            #expect(run.tests.map(\.identity.key) == alone.tests.map(\.identity.key))
        }
    }

    @Test("xcresult summary that says Failed and names no failure is refused, naming the tests command")
    func summaryFailedWithoutFailuresIsRefused() throws {
        var text = try String(contentsOfFile: Fixture.path("xcresult/summary-failed.json"), encoding: .utf8)
        let start = try #require(text.range(of: "\"testFailures\" : ["))
        let end = try #require(text.range(of: "\"devicesAndConfigurations\""))
        text.replaceSubrange(start.lowerBound..<end.lowerBound, with: "\"testFailures\" : [\n\n  ],\n  ")
        let path = try TemporaryFile.write(text, name: "summary.json")
        do {
            let input = try ParserRegistry().parse(fileAt: path)
            Issue.record("a failed summary naming no failure was read: \(input.tests.count) tests")
        } catch {
            #expect(error.path == path)
            #expect(error.description.contains("xcrun xcresulttool get test-results tests"))
            #expect(error.description.contains("\"Failed\""))
        }
        // Passed with no failures is read: metadata, no tests.
        let passed = try TemporaryFile.write(
            text.replacingOccurrences(of: "\"result\" : \"Failed\"", with: "\"result\" : \"Passed\"")
                .replacingOccurrences(of: "\"failedTests\" : 2", with: "\"failedTests\" : 0"),
            name: "summary.json")
        #expect(try ParserRegistry().parse(fileAt: passed).tests.isEmpty)
    }

    @Test func truncatedJSONNamesFileLineAndOffset() throws {
        let path = Fixture.path("xcresult/truncated.json")
        #expect(throws: ParserError.self) { try XCResultTestsParser().parse(fileAt: path) }
        do {
            _ = try ParserRegistry().parse(fileAt: path)
            Issue.record("a truncated file parsed")
        } catch {
            guard case .malformed(let errorPath, let line, let column, let message, let hint) = error else {
                Issue.record("expected .malformed, got \(error)")
                return
            }
            #expect(errorPath == path)
            #expect((line ?? 0) > 1)
            #expect(column != nil)
            #expect(message.contains("byte offset"))
            #expect(hint?.contains("truncated") == true)
            #expect(error.description.hasPrefix(path + ":"))
        }
    }

    @Test func wrongTypeIsAnErrorWithAJSONPath() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "canopy-testnodes-\(UUID().uuidString).json")
        try Data(#"{"testNodes": {"nodeType": "Test Plan"}, "devices": []}"#.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(
            throws: ParserError.invalidValue(
                path: url.path, jsonPath: "$.testNodes", message: "expected an array of test nodes, found an object")
        ) {
            try XCResultTestsParser().parse(fileAt: url.path)
        }
    }
}
