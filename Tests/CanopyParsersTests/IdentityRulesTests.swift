import CanopyModel
import Testing

@testable import CanopyParsers

/// The identity rules of `docs/identity-and-verdicts.md` on the producers' real shapes: what
/// makes two entries attempts of one test, and what makes them two tests.
@Suite("Identity rules on real producers' shapes")
struct IdentityRulesTests {
    private func junit(_ name: String) throws -> ParsedInput {
        try JUnitXMLParser().parse(fileAt: Fixture.path("junit/" + name))
    }

    /// Ant/Jenkins allow a testcase with no name: each is a test of its own, named by its
    /// position in its suite, never a retry of another.
    @Test("testcases without a name are one test each, never attempts of each other")
    func unnamedTestcases() throws {
        let input = try junit("unnamed-testcases.xml")
        let totals = Run(tests: input.tests).totals
        #expect(totals.tests == 4)
        #expect(totals.passed == 1 && totals.skipped == 1 && totals.failed == 2 && totals.passedOnRetry == 0)
        #expect(
            input.tests.map(\.identity.key) == [
                "legacy.SmokeTests/(unnamed testcase 1)", "legacy.SmokeTests/(unnamed testcase 2)",
                "legacy.SmokeTests/(unnamed testcase 3)", "legacy.SmokeTests/(unnamed testcase 4)",
            ])
        let warnings = input.diagnostics.filter { $0.message.contains("without a name") }
        #expect(warnings.count == 4)
        #expect(
            warnings.allSatisfy {
                $0.severity == .warning && $0.line != nil && $0.message.contains("position in its suite")
            })
    }

    /// trainer (Xcode 16+) names the device and configuration on the bundle suite: a failure on
    /// one device and a pass on another are two tests, one failed.
    @Test("trainer: device and Configuration of the bundle suite's properties are identity")
    func trainerSuiteDevices() throws {
        let input = try junit("trainer-devices.xml")
        #expect(input.file.producer == "trainer")
        let search = input.tests.filter { $0.identity.name == "testSearchShowsResults" }
        #expect(search.count == 2)
        let phone = try #require(search.first { $0.identity.device == "iPhone 16 Pro (18.2)" })
        let pad = try #require(search.first { $0.identity.device == "iPad Air 13-inch (M2) (18.2)" })
        #expect(phone.outcome == .failed && pad.outcome == .passed)
        #expect(search.allSatisfy { $0.identity.configuration == "Default" })
        #expect(
            phone.identity.key == "SearchAppUITests.SearchTests/testSearchShowsResults@iPhone 16 Pro (18.2)#Default")
        #expect(phone.failures.first?.message == "XCTAssertTrue failed")
        #expect(phone.failures.first?.location == SourceLocation(file: "SearchTests.swift", line: 58))
        let totals = Run(tests: input.tests).totals
        #expect(totals.tests == 5 && totals.failed == 1 && totals.passedOnRetry == 0)
        let run = RunAssembler.assemble([input])
        #expect(run.metadata.device == "iPhone 16 Pro (18.2), iPad Air 13-inch (M2) (18.2)")
    }

    /// A testcase's own property wins over its suite's.
    @Test("trainer: a testcase's own device property wins over the suite's")
    func testcaseDeviceWins() throws {
        let xml = """
            <?xml version='1.0' encoding='UTF-8'?>
            <testsuites><testsuite name='AppUITests'>
              <properties><property name='device' value='iPhone 16 (18.2)'/></properties>
              <testsuite name='AppUITests.LoginTests'>
                <testcase classname='AppUITests.LoginTests' name='testLogin' time='1.0'>
                  <properties><property name='device' value='iPad mini (18.2)'/></properties>
                </testcase>
                <testcase classname='AppUITests.LoginTests' name='testLogout' time='1.0'/>
              </testsuite>
            </testsuite>
            <testsuite name='Other'><testcase classname='Other' name='testOther' time='1.0'/></testsuite>
            </testsuites>
            """
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        #expect(input.tests.map(\.identity.device) == ["iPad mini (18.2)", "iPhone 16 (18.2)", nil])
    }

    /// trainer (Xcode 16 and 26) writes the bundle suite's `<properties>` last, after its nested
    /// suites and testcases: they still apply to every test of the suite, in both folding modes.
    @Test(
        "trainer: suite properties written last apply to the whole suite; a testcase's own wins",
        arguments: [Int.max, 0])
    func trainerPropertiesLast(threshold: Int) throws {
        let input = try JUnitXMLParser(threadedFoldingThreshold: threshold).parse(
            fileAt: Fixture.path("junit/trainer-properties-last.xml"))
        #expect(input.file.producer == "trainer")
        #expect(
            input.tests.map(\.identity.key) == [
                "SearchAppUITests.SearchTests/testSearchShowsResults@iPhone 16 Pro (18.2)#Default",
                "SearchAppUITests.SearchTests/testClearButton@iPhone 16 Pro (18.2)#Default",
                "SearchAppUITests.SearchTests/testFilters@iPhone SE (3rd generation) (18.2)#Default",
                "SearchAppUITests.SearchTests/testSearchShowsResults@iPad Air 13-inch (M2) (18.2)#Default",
                "SearchAppUITests.SearchTests/testClearButton@iPad Air 13-inch (M2) (18.2)#Default",
                "SearchAppUITests.SearchTests/testFilters@iPad Air 13-inch (M2) (18.2)#Default",
            ])
        #expect(input.tests.allSatisfy { $0.identity.bundle == "SearchAppUITests" })
        let totals = Run(tests: input.tests).totals
        #expect(totals.tests == 6 && totals.failed == 2 && totals.passedOnRetry == 0)
    }

    /// One device per file, properties last: a test failing on one device and passing on the
    /// other is two tests, one failed, never one flaky test.
    @Test("trainer: one file per device with properties last keeps the devices apart")
    func trainerPropertiesLastTwoFiles() throws {
        func file(_ device: String, failing: Bool) throws -> ParsedInput {
            let result = failing ? "<failure message='XCTAssertTrue failed'>LoginTests.swift:10</failure>" : ""
            let xml = """
                <?xml version='1.0' encoding='UTF-8'?>
                <testsuites name='AppUITests.xctest' tests='1' failures='\(failing ? 1 : 0)'>
                  <testsuite name='AppUITests' tests='1' failures='\(failing ? 1 : 0)'>
                    <testsuite name='AppUITests.LoginTests' tests='1' failures='\(failing ? 1 : 0)'>
                      <testcase classname='AppUITests.LoginTests' name='testLogin()' time='1.5'>
                        \(result)
                      </testcase>
                    </testsuite>
                    <properties>
                      <property name='device' value='\(device)'/>
                      <property name='Configuration' value='Default'/>
                    </properties>
                  </testsuite>
                </testsuites>
                """
            return try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        }
        let run = RunAssembler.assemble([
            try file("iPhone 17 Pro (26.1)", failing: true), try file("iPad Pro 13-inch (M4) (26.1)", failing: false),
        ])
        #expect(run.totals.tests == 2 && run.totals.failed == 1 && run.totals.passedOnRetry == 0)
    }

    /// A testcase's `<properties>` after its result elements belong to it like any others.
    @Test("trainer: testcase properties after the failure still name its device and repetition")
    func testcasePropertiesAfterResult() throws {
        let xml = """
            <?xml version='1.0' encoding='UTF-8'?>
            <testsuites><testsuite name='AppUITests'><testsuite name='AppUITests.LoginTests'>
              <testcase classname='AppUITests.LoginTests' name='testLogin' time='1.0'>
                <failure message='LoginTests.swift:3: XCTAssertTrue failed'></failure>
                <properties><property name='repetition' value='First Run'/><property name='device' value='iPad mini (18.2)'/></properties>
              </testcase>
              <testcase classname='AppUITests.LoginTests' name='testLogin' time='1.0'>
                <properties><property name='repetition' value='Retry 1'/><property name='device' value='iPad mini (18.2)'/></properties>
              </testcase>
            </testsuite>
            <properties><property name='device' value='iPhone 16 (18.2)'/></properties>
            </testsuite></testsuites>
            """
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        #expect(input.tests.map(\.identity.device) == ["iPad mini (18.2)"])
        #expect(input.tests.first?.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(input.tests.first?.outcome == .flaky)
    }

    /// trainer writes a parameterised test's argument into its name and into `argument`: once.
    @Test("trainer: a parameterised test's argument appears once in its key")
    func trainerArgumentOnce() throws {
        let input = try junit("trainer-devices.xml")
        let range = try #require(input.tests.first { $0.identity.className == "SearchAppUITests.RangeTests" })
        #expect(range.identity.name == "Test number ranges")
        #expect(range.identity.arguments == "(min: 0, max: 10)")
        #expect(range.identity.testKey == "SearchAppUITests.RangeTests/Test number ranges((min: 0, max: 10))")
        // An argument the name does not end with is still added.
        let trainer = try junit("trainer.xml")
        #expect(
            trainer.tests.contains { $0.identity.testKey == "AppUITests.LocaleTests/dateFormat(locale:)(\"de_DE\")" })
    }

    /// Swift Testing's nodeIdentifier leaves the bundle out (`Outer/Inner/works()`): the bundle
    /// leads the class name, so the same suite path in two bundles is two tests.
    @Test("xcresult: Swift Testing nested suites keep their bundle")
    func swiftTestingNestedSuites() throws {
        let input = try XCResultTestsParser().parse(
            fileAt: Fixture.path("xcresult/swift-testing-nested-two-bundles.json"))
        #expect(
            input.tests.map(\.identity.key) == [
                "ParserKitTests.Outer.Inner/works", "FormatKitTests.Outer.Inner/works",
                "FormatKitTests.LexerTests/testParse",
            ])
        #expect(input.tests.map(\.outcome) == [.failed, .passed, .passed])
        let failure = try #require(input.tests.first?.failures.first)
        #expect(failure.message == "Expectation failed: (parser.tokens.count → 2) == 3")
        #expect(failure.location == SourceLocation(file: "InnerTests.swift", line: 14))
        // XCTest and Swift Testing are named the same way: bundle, then suites.
        let xctest = try XCResultTestsParser().parse(fileAt: Fixture.path("xcresult/flaky-first-run.json"))
        #expect(xctest.tests.first?.identity.className == "AppUITests.OnboardingTests")
        let module = try XCResultTestsParser().parse(fileAt: Fixture.path("xcresult/swift-testing-arguments.json"))
        #expect(module.tests.allSatisfy { $0.identity.className == "ShopTests.CartTests" })
    }

    /// Locations that producers write inside the failure message go to the failure's location,
    /// and the message loses them.
    @Test(
        "message-embedded locations become the failure's location",
        arguments: [
            ("SearchTests.swift:58: XCTAssertTrue failed", "SearchTests.swift", 58),
            ("XCTAssertTrue failed (/Users/ci/App/AppTests/Unit.swift:19)", "/Users/ci/App/AppTests/Unit.swift", 19),
            (
                "XCTAssertTrue failed (/Users/ci/App/AppTests/Unit.swift#EndingLineNumber=36&amp;StartingLineNumber=36)",
                "/Users/ci/App/AppTests/Unit.swift", 36
            ),
            (
                "XCTAssertTrue failed (file:///Users/ci/App/AppTests/Unit.swift#CharacterRangeLen=0&amp;EndingLineNumber=36&amp;StartingLineNumber=36)",
                "/Users/ci/App/AppTests/Unit.swift", 36
            ),
        ])
    func messageLocations(_ message: String, _ file: String, _ line: Int) throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="AppTests.UnitTests"><testcase classname="AppTests.UnitTests" name="testUnit" time="0.1"><failure message="\(message)"/></testcase></testsuite></testsuites>
            """
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        let failure = try #require(input.tests.first?.failures.first)
        #expect(failure.message == "XCTAssertTrue failed")
        #expect(failure.location == SourceLocation(file: file, line: line))
    }

    /// A message that merely contains a colon keeps its text and has no location.
    @Test("a message with a colon but no file keeps its text")
    func messageWithoutLocation() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites><testsuite name="S"><testcase classname="S" name="t" time="0.1"><failure message="Expectation failed: (a → 1) == 2 (see note)"/></testcase></testsuite></testsuites>
            """
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        let failure = try #require(input.tests.first?.failures.first)
        #expect(failure.message == "Expectation failed: (a → 1) == 2 (see note)")
        #expect(failure.location == nil)
    }

    /// An A11yUITests snapshot's items are its elements: the container the parser puts them in
    /// is not one.
    @Test("A11yUITests: a snapshot of n items has n elements")
    func a11yUITestsElementCount() throws {
        let empty = try A11yUITestsSnapshotParser().parse(
            fileAt: try TemporaryFile.write(
                #"{"version":"1.1","generated":"2023-02-26T09:17:02Z","filename":"LoginTests-testEmpty-1.json","snapshot":[]}"#,
                name: "LoginTests-testEmpty-1.json"))
        #expect(Run(screens: empty.screens).totals.elements == 0)
        let login = try A11yUITestsSnapshotParser().parse(fileAt: Fixture.path("snapshots/LoginTests-testLogin-1.json"))
        let items = try #require(login.screens.first?.root.children.count)
        #expect(items > 0)
        #expect(Run(screens: login.screens).totals.elements == items)
    }
}
