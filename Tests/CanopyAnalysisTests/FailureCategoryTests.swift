import CanopyAnalysis
import CanopyModel
import Testing

/// The wordings of `docs/input-formats.md` ("XCUITest failure wordings") → the default taxonomy.
struct FailureCategoryTests {
    static let wordings: [(String, String)] = [
        (
            #"Failed to tap "Details" Button: No matches found for first query match sequence: `Descendants matching type Button` -> `Elements matching predicate '"Details" IN identifiers'`, given input App element pid: 44723"#,
            "elementNotFound"
        ),
        (
            "Failed to get matching snapshot: No matches found for Descendants matching type Table from input {( Application, pid: 8023, label: 'App' )}",
            "elementNotFound"
        ),
        (
            #"Failed to tap "code-key-1" Button: Find single matching element. Multiple matching elements found for <XCUIElementQuery: 0x600003b2c5a0>."#,
            "multipleMatches"
        ),
        ("Failed to get matching snapshots: Timed out while evaluating UI query.", "uiQueryTimeout"),
        (
            "Failed to synthesize event: Failed to scroll to visible (by AX action) Button, identifier: 'Login.Submit'",
            "notHittable"
        ),
        ("Failed to synthesize event: Failed to compute hit point for Button", "notHittable"),
        ("Neither element nor any descendant has keyboard focus", "keyboardFocus"),
        ("App event loop idle notification not received, will attempt to continue.", "uiQueryTimeout"),
        ("App animations complete notification not received, will attempt to continue.", "uiQueryTimeout"),
        ("Test operation failure: Lost connection to test manager service.", "testRunnerInfrastructure"),
        ("Lost connection to the application (pid 49916)", "appCrashed"),
        (
            "Early unexpected exit, operation never finished bootstrapping - no restart will be attempted.",
            "testRunnerInfrastructure"
        ),
        ("The test runner hung before establishing connection", "testRunnerInfrastructure"),
        ("Test crashed with signal kill", "testRunnerInfrastructure"),
        ("Test crashed with signal segv", "testRunnerInfrastructure"),
        (
            #"Asynchronous wait failed: Exceeded timeout of 10 seconds, with unfulfilled expectations: "Feed loaded"."#,
            "expectationTimeout"
        ),
        (
            "Invalid query - string identifier 'Checkout.xxxxxxxx' exceeds maximum length of 128 characters",
            "invalidQuery"
        ),
        ("XCTAssertTrue failed - Error banner not shown", "assertion"),
        (#"XCTAssertEqual failed: ("a") is not equal to ("b")"#, "assertion"),
        ("Snapshot does not match reference", "snapshotMismatch"),
        ("No reference was found on disk. Automatically recorded snapshot", "snapshotMismatch"),
        ("Label does not match reference snapshot", "snapshotMismatch"),
        ("Frame does not match reference snapshot", "snapshotMismatch"),
        ("Snapshots contain a different number of items. This screen has changed", "snapshotMismatch"),
        ("⚠️ Accessibility Warning\nButton is too small", "accessibilityAudit"),
        ("Contrast failed", "accessibilityAudit"),
        ("Hit region is too small", "accessibilityAudit"),
        ("The Internet connection appears to be offline. (NSURLErrorDomain -1009)", "network"),
        (
            "Restarting after unexpected exit, crash, or test timeout in -[AppUITests.LoginTests testBiometrics]",
            "appCrashed"
        ),
        // Xcode's own wordings: the focus failure comes as a failed event, the runner's lost
        // connection with "the", and XCTFail's message is "failed - …" without the word XCTFail.
        (
            "Failed to synthesize event: Neither element nor any descendant has keyboard focus. Event dispatch snapshot: TextField, {{41.0, 352.0}, {341.0, 67.0}}, identifier: 'Login.EmailField', placeholderValue: 'Email'",
            "keyboardFocus"
        ),
        ("Lost connection to the test manager service.", "testRunnerInfrastructure"),
        ("Testing failed:\n\tLost connection to the test manager service.", "testRunnerInfrastructure"),
        (
            #"TestHelpers.swift:61 - failed - Timed out waiting for "Login.Submit" Button to exist"#,
            "expectationTimeout"
        ),
        ("-[AppUITests.CartTests testBadge] : failed - Cart badge shows 3", "assertion"),
        ("failed - Cart badge shows 3", "assertion"),
        ("Something odd happened", "other"),
    ]

    static func run(_ messages: [String], type: String? = nil) -> Run {
        let tests = messages.enumerated().map { index, message in
            TestCase(
                identity: TestIdentity(className: "Suite", name: "test\(index)"),
                attempts: [Attempt(outcome: .failed, failures: [Failure(message: message, type: type)])])
        }
        return Run(tests: tests)
    }

    @Test(arguments: wordings)
    func defaultTaxonomy(_ message: String, _ category: String) throws {
        let record = try #require(ReportBuilder.build(run: Self.run([message])).failures.first)
        #expect(record.category == category)
    }

    @Test func infrastructureCategoriesAreMarkedAndCounted() {
        let report = ReportBuilder.build(
            run: Self.run(["Lost connection to test manager service.", "Lost connection to the application (pid 1)"]))
        #expect(report.failures.map(\.isInfrastructure) == [true, false])
        #expect(report.summary.infrastructureFailedTests == 1)
        #expect(report.categories.first?.name == "testRunnerInfrastructure")
        #expect(report.categories.first?.failedTests == 1)
        #expect(report.categories.last?.name == "other")
    }

    @Test func firstMatchWinsInOrder() {
        // Matches both multipleMatches and elementNotFound wording; the earlier rule wins.
        let message = "Multiple matching elements found; No matches found for the rest"
        #expect(ReportBuilder.build(run: Self.run([message])).failures.first?.category == "multipleMatches")
    }

    @Test func configuredRulesComeFirstAndReplaceDefaultsByName() {
        var configuration = AnalysisConfiguration()
        configuration.categories = [
            FailureCategoryRule(
                name: "paymentsBackend", pattern: "^Checkout\\.", fields: [.identifier], infrastructure: true),
            FailureCategoryRule(name: "assertion", pattern: "MyAssert"),
        ]
        let run = Self.run([
            #"Failed to tap "Checkout.Pay" Button: No matches found for `'"Checkout.Pay" IN identifiers'`"#,
            "XCTAssertTrue failed", "MyAssert failed",
        ])
        let report = ReportBuilder.build(run: run, configuration: configuration)
        #expect(report.failures.map(\.category) == ["paymentsBackend", "other", "assertion"])
        #expect(report.failures[0].isInfrastructure)
        #expect(
            report.categories.map(\.name).prefix(3) == ["paymentsBackend", "assertion", "testRunnerInfrastructure"])
        #expect(report.categories.filter { $0.name == "assertion" }.count == 1)
    }

    @Test func typeFieldAndDisabledDefaults() {
        var configuration = AnalysisConfiguration(defaultCategories: false)
        configuration.categories = [FailureCategoryRule(name: "pythonAssert", pattern: "^AssertionError$")]
        let report = ReportBuilder.build(run: Self.run(["boom"], type: "AssertionError"), configuration: configuration)
        #expect(report.failures.first?.category == "pythonAssert")
        #expect(report.categories.map(\.name) == ["pythonAssert", "other"])
    }

    @Test func invalidConfiguredPatternIsNamedByValidate() {
        let configuration = AnalysisConfiguration(categories: [FailureCategoryRule(name: "x", pattern: "(")])
        #expect(throws: AnalysisError.self) { try configuration.validate() }
        let report = ReportBuilder.build(run: Self.run(["XCTAssertTrue failed"]), configuration: configuration)
        #expect(report.failures.first?.category == "assertion")
        #expect(report.diagnostics.contains { $0.message.contains("category x") })
    }
}
