import CanopyModel
import Testing

@testable import CanopyParsers

/// One row per producer: the totals a correct reading of its fixture gives.
struct DialectExpectation: Sendable, CustomTestStringConvertible {
    var file: String
    var producer: String
    var tests: Int
    var attempts: Int
    var passed: Int
    var failed: Int
    var flaky: Int
    var skipped: Int
    var testDescription: String { file }
}

@Suite("JUnit dialects")
struct JUnitDialectTests {
    static let expectations: [DialectExpectation] = [
        .init(
            file: "xcbeautify.xml", producer: "xcbeautify", tests: 7, attempts: 8, passed: 3, failed: 2, flaky: 1,
            skipped: 1),
        .init(
            file: "xcbeautify-parallel.xml", producer: "xcbeautify", tests: 3, attempts: 4, passed: 1, failed: 0,
            flaky: 1, skipped: 1),
        .init(
            file: "gotestsum-rerun.xml", producer: "gotestsum", tests: 4, attempts: 5, passed: 1, failed: 1, flaky: 1,
            skipped: 1),
        .init(
            file: "xcpretty.xml", producer: "xcpretty", tests: 5, attempts: 5, passed: 3, failed: 2, flaky: 0,
            skipped: 0),
        .init(
            file: "trainer.xml", producer: "trainer", tests: 4, attempts: 5, passed: 2, failed: 1, flaky: 1, skipped: 0),
        .init(
            file: "trainer-legacy.xml", producer: "trainer-legacy", tests: 2, attempts: 2, passed: 1, failed: 1,
            flaky: 0, skipped: 0),
        .init(
            file: "xcresultparser.xml", producer: "xcresultparser", tests: 4, attempts: 5, passed: 1, failed: 2,
            flaky: 1, skipped: 0),
        .init(
            file: "surefire.xml", producer: "surefire", tests: 5, attempts: 11, passed: 1, failed: 2, flaky: 2,
            skipped: 0),
        .init(
            file: "pytest.xml", producer: "pytest", tests: 5, attempts: 5, passed: 1, failed: 2, flaky: 0, skipped: 1),
        .init(
            file: "gotestsum.xml", producer: "gotestsum", tests: 4, attempts: 4, passed: 2, failed: 1, flaky: 0,
            skipped: 1),
        .init(
            file: "gradle-reruns.xml", producer: "junit", tests: 1, attempts: 3, passed: 0, failed: 0, flaky: 1,
            skipped: 0),
        .init(
            file: "jenkins.xml", producer: "junit", tests: 4, attempts: 4, passed: 2, failed: 2, flaky: 0, skipped: 0),
        .init(
            file: "marathon.xml", producer: "junit", tests: 2, attempts: 3, passed: 1, failed: 0, flaky: 1, skipped: 0),
    ]

    @Test("totals per producer", arguments: expectations)
    func totals(_ expected: DialectExpectation) throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/\(expected.file)"))
        let totals = Run(tests: input.tests).totals
        #expect(input.file.producer == expected.producer)
        #expect(input.file.format == .junitXML)
        #expect(totals.tests == expected.tests)
        #expect(totals.attempts == expected.attempts)
        #expect(totals.passed == expected.passed)
        #expect(totals.failed == expected.failed)
        #expect(totals.passedOnRetry == expected.flaky)
        #expect(totals.skipped == expected.skipped)
        let outcomes = totals.passed + totals.failed + totals.passedOnRetry + totals.skipped
        #expect(outcomes + totals.expectedFailures == totals.tests)
    }

    @Test("xcbeautify: one entry per assertion folds into one attempt; a timed entry is the retry")
    func xcbeautify() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/xcbeautify.xml"))
        let login = try #require(input.tests.first { $0.identity.name == "testLoginShowsError()" })
        #expect(login.outcome == .flaky)
        #expect(login.attempts.map(\.outcome) == [.failed, .passed])
        #expect(login.attempts[0].failures.count == 2)
        let first = login.attempts[0].failures[0]
        #expect(first.message == "XCTAssertTrue failed - Error banner not shown")
        #expect(first.location == SourceLocation(file: "/Users/ci/App/AppUITests/LoginTests.swift", line: 42))
        #expect(login.attempts[0].failures[1].message.hasPrefix("Failed to tap \"Login.Submit\" Button"))
        #expect(login.attempts[1].duration == 4.12)
        // PARALLEL_TESTS is a grouping, not a bundle; Swift Testing keeps its classname.
        let feed = try #require(input.tests.first { $0.identity.name == "testScrollFeed()" })
        #expect(feed.identity.className == "AppUITests.FeedTests")
        #expect(feed.identity.bundle == nil)
        #expect(input.tests.contains { $0.identity.className == "SwiftTesting" && $0.outcome == .passed })
        let crash = try #require(input.tests.first { $0.identity.name == "testBiometrics()" })
        #expect(crash.failures.first?.message.hasPrefix("Restarting after unexpected exit") == true)
    }

    /// A parallel-only run: the root is named PARALLEL_TESTS; a skip is a bare `<skipped/>` that
    /// keeps the entry's time.
    @Test("xcbeautify parallel run: root named PARALLEL_TESTS, bare <skipped/> keeps its time")
    func xcbeautifyParallel() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/xcbeautify-parallel.xml"))
        let offline = try #require(input.tests.first { $0.identity.name == "testOffline()" })
        #expect(offline.outcome == .skipped)
        #expect(offline.attempts.first?.skipReason == nil)
        #expect(offline.attempts.first?.duration == 0.003)
        let refresh = try #require(input.tests.first { $0.identity.name == "testRefresh()" })
        #expect(refresh.attempts.map(\.outcome) == [.failed, .passed])
        #expect(
            refresh.failures.first?.location
                == SourceLocation(file: "/Users/ci/App/AppUITests/FeedTests.swift", line: 31))
    }

    /// gotestsum orders testcases failed, skipped, passed: a rerun that passed sits apart from
    /// its failed run, and is still its retry.
    @Test("gotestsum -rerun-fails: the failed run and the passing rerun, far apart, are one flaky test")
    func gotestsumRerun() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/gotestsum-rerun.xml"))
        let queue = try #require(input.tests.first { $0.identity.name == "TestRetryQueue" })
        #expect(queue.attempts.map(\.outcome) == [.failed, .passed])
        #expect(queue.outcome == .flaky)
        #expect(queue.failures.first?.location == SourceLocation(file: "queue_test.go", line: 88))
        #expect(input.tests.first { $0.identity.name == "TestMerge" }?.outcome == .failed)
    }

    @Test("xcbeautify Swift Testing: one classname for every suite, so a repeated name gets a note")
    func swiftTestingNamesRepeat() throws {
        let xml = """
            <testsuites name="AppTests" tests="3" failures="1">
                <testsuite name="SwiftTesting" tests="3" failures="1">
                    <testcase classname="SwiftTesting" name="opensDetails()">
                        <failure message="Swift testing test failed"/>
                    </testcase>
                    <testcase classname="SwiftTesting" name="opensDetails()" time="0.120"/>
                    <testcase classname="SwiftTesting" name="loads()" time="0.050"/>
                </testsuite>
            </testsuites>
            """
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        #expect(input.tests.count == 2)
        #expect(input.tests.first { $0.identity.name == "opensDetails()" }?.outcome == .flaky)
        let note = try #require(input.diagnostics.first { $0.message.contains("classname SwiftTesting") })
        #expect(note.severity == .note && note.message.contains("opensDetails()"))
        #expect(
            !(try JUnitXMLParser().parse(fileAt: Fixture.path("junit/xcbeautify.xml"))).diagnostics.contains {
                $0.message.contains("SwiftTesting")
            })
    }

    /// A testcase whose own name is missing is named by trainer's `testname` property.
    @Test("trainer: the testname property names a testcase that has no name attribute")
    func trainerTestname() throws {
        let xml = """
            <testsuites><testsuite name='AppUITests'><testsuite name='AppUITests.LoginTests'>
              <testcase classname='AppUITests.LoginTests' time='1.5'>
                <properties><property name='testname' value='testLogin()'/><property name='repetition' value='First Run'/></properties>
              </testcase>
            </testsuite></testsuite></testsuites>
            """
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        #expect(input.tests.map(\.identity.key) == ["AppUITests.LoginTests/testLogin"])
    }

    /// pytest reports a teardown error as a second result of a test that failed (or passed):
    /// both are kept, and the test is an error.
    @Test("pytest: an error on teardown beside a failure keeps both; the test errored")
    func pytestTeardown() throws {
        let xml = """
            <?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="1" failures="1" skipped="0" tests="2" time="0.5" timestamp="2026-11-20T10:00:00" hostname="ci"><testcase classname="tests.test_db" name="test_write" time="0.100"><failure message="AssertionError: assert 1 == 2">tests/test_db.py:8: AssertionError</failure><error message="failed on teardown with &quot;RuntimeError: pool not closed&quot;">conftest.py:40: RuntimeError</error></testcase><testcase classname="tests.test_db" name="test_read" time="0.050"><error message="failed on teardown with &quot;RuntimeError: pool not closed&quot;">conftest.py:40: RuntimeError</error></testcase></testsuite></testsuites>
            """
        let input = try JUnitXMLParser().parse(fileAt: try TemporaryFile.write(xml))
        let write = try #require(input.tests.first { $0.identity.name == "test_write" })
        #expect(write.attempts.first?.outcome == .error)
        #expect(
            write.failures.map(\.message) == [
                "AssertionError: assert 1 == 2", "failed on teardown with \"RuntimeError: pool not closed\"",
            ])
        let read = try #require(input.tests.first { $0.identity.name == "test_read" })
        #expect(read.attempts.first?.outcome == .error)
        #expect(input.file.producer == "pytest")
    }

    @Test("xcpretty: repeated suites and locations in the failure body")
    func xcpretty() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/xcpretty.xml"))
        let coupon = try #require(input.tests.first { $0.identity.name == "testApplyCoupon" })
        let failure = try #require(coupon.failures.first)
        #expect(failure.location == SourceLocation(file: "/Users/ci/App/AppUITests/CheckoutTests.swift", line: 91))
        #expect(failure.detail == nil)
        #expect(failure.message == "XCTAssertEqual failed: (\"10%\") is not equal to (\"15%\")")
        #expect(coupon.duration == nil)
        #expect(input.tests.filter { $0.identity.className == "AppUITests.CheckoutTests" }.count == 4)
    }

    @Test("trainer: repetitions become attempts; device, arguments and configuration are identity")
    func trainer() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/trainer.xml"))
        let welcome = input.tests.filter { $0.identity.name == "testWelcomeFlow" }
        #expect(welcome.count == 2)
        let phone = try #require(welcome.first { $0.identity.device == "iPhone 16 Pro (18.2)" })
        #expect(phone.attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(phone.outcome == .flaky)
        #expect(phone.identity.configuration == "Default")
        #expect(phone.identity.bundle == "AppUITests.xctest")
        let locale = input.tests.filter { $0.identity.className == "AppUITests.LocaleTests" }
        #expect(Set(locale.compactMap(\.identity.arguments)) == ["\"de_DE\"", "\"en_US\""])
        #expect(locale.first { $0.identity.arguments == "\"de_DE\"" }?.duration == 7.5e-05)
        #expect(locale.first { $0.identity.arguments == "\"en_US\"" }?.duration == 0.012)
    }

    @Test("trainer legacy: the CharacterRangeLen decoration becomes a location")
    func trainerLegacy() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/trainer-legacy.xml"))
        let failure = try #require(input.tests.first?.failures.first)
        #expect(failure.message == "XCTAssertTrue failed")
        #expect(failure.location == SourceLocation(file: "/Users/ci/App/AppUITests/ProfileTests.swift", line: 36))
    }

    @Test("xcresultparser: flaky=\"true\" expands to a failed and a passed attempt; the body holds the message")
    func xcresultparser() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/xcresultparser.xml"))
        let badge = try #require(input.tests.first { $0.identity.name == "testCartBadge()" })
        #expect(badge.attempts.map(\.outcome) == [.failed, .passed])
        let failure = try #require(badge.failures.first)
        #expect(failure.message.hasPrefix("Failed to tap \"Cart.Badge\" Button: Find single matching element"))
        #expect(failure.location == SourceLocation(file: "CartTests.swift", line: 109))
        #expect(failure.type == "Uncategorized")
        let total = try #require(input.tests.first { $0.identity.name == "testCheckoutTotal()" })
        #expect(total.outcome == .failed)
        #expect(total.failures.first?.message == "XCTAssertEqual failed: (\"19.99\") is not equal to (\"20.99\")")
        let session = try #require(input.tests.first { $0.identity.className == "Session-level issues" })
        #expect(session.outcome == .failed)
    }

    @Test("Surefire: flaky elements mean passed on rerun; rerun elements mean failed every run")
    func surefire() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/surefire.xml"))
        func test(_ name: String) throws -> TestCase { try #require(input.tests.first { $0.identity.name == name }) }
        let created = try test("createsOrder")
        #expect(created.outcome == .flaky)
        #expect(created.attempts.map(\.outcome) == [.failed, .passed])
        #expect(created.attempts[0].failures.first?.type == "org.opentest4j.AssertionFailedError")
        #expect(created.attempts[0].failures.first?.location == SourceLocation(file: "OrderServiceTest.java", line: 41))
        #expect(created.attempts[0].output == "POST /orders -> 503")
        let cancelled = try test("cancelsOrder")
        #expect(cancelled.outcome == .failed)
        #expect(cancelled.attempts.map(\.outcome) == [.failed, .failed, .failed])
        #expect(cancelled.attempts[0].duration == 1001.25)
        #expect(cancelled.attempts[0].output == "cancel requested")
        let refunded = try test("refundsOrder")
        #expect(refunded.attempts.map(\.outcome) == [.error, .error])
        #expect(refunded.failures.allSatisfy { $0.isError })
        let listed = try test("listsOrders")
        #expect(listed.attempts.map(\.outcome) == [.error, .failed, .passed])
        #expect(listed.outcome == .flaky)
    }

    @Test("pytest: xfail is an expected failure, setup errors are errors, #x07 is text")
    func pytest() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/pytest.xml"))
        func test(_ name: String) throws -> TestCase { try #require(input.tests.first { $0.identity.name == name }) }
        #expect(try test("test_legacy").attempts.first?.outcome == .expectedFailure)
        #expect(try test("test_legacy").outcome == .expectedFailure)
        #expect(try test("test_legacy").attempts.first?.skipReason == "known bug #123")
        #expect(try test("test_profile").attempts.first?.skipReason == "needs staging")
        let setup = try test("test_migrate")
        #expect(setup.attempts.first?.outcome == .error)
        #expect(setup.failures.first?.message.hasPrefix("failed on setup with") == true)
        let logout = try test("test_logout")
        #expect(logout.failures.first?.location == SourceLocation(file: "tests/test_api.py", line: 14))
        #expect(logout.attempts.first?.output == "bell #x07 in output")
    }

    @Test("gotestsum: empty type, message 'Failed', location from output")
    func gotestsum() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/gotestsum.xml"))
        let upload = try #require(input.tests.first { $0.identity.name == "TestUpload" })
        let failure = try #require(upload.failures.first)
        #expect(failure.type == nil)
        #expect(failure.message == "Failed")
        #expect(failure.location == SourceLocation(file: "upload_test.go", line: 44))
        #expect(input.tests.first { $0.identity.name == "TestS3" }?.outcome == .skipped)
    }

    @Test("Jenkins/Ant: nested suites, missing attributes, garbage times, combined results, CDATA after text")
    func jenkins() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/jenkins.xml"))
        let renders = try #require(input.tests.first { $0.identity.name == "renders & measures" })
        #expect(renders.identity.bundle == "Root/Root.Nested")
        #expect(renders.duration == nil)
        #expect(renders.location == SourceLocation(file: "spec/widgets_spec.rb", line: 12))
        let combined = try #require(input.tests.first { $0.identity.name == "everything at once" })
        #expect(combined.attempts.first?.outcome == .error)
        #expect(combined.failures.count == 2)
        let logs = try #require(input.tests.first { $0.identity.name == "logs" })
        #expect(logs.attempts.first?.output == "text before <cdata> & raw text after")
        let messages = input.diagnostics.map(\.message)
        #expect(messages.contains { $0.contains("<<computed>>") })
        #expect(messages.contains { $0.contains("<widget-report>") })
        #expect(messages.contains { $0.contains("without a name") })
        #expect(messages.contains { $0.contains("both <skipped> and a failure") })
        #expect(input.diagnostics.allSatisfy { $0.severity != .error })
    }

    @Test("Marathon: CDATA stack traces; repeated testcases are retries")
    func marathon() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/marathon.xml"))
        let add = try #require(input.tests.first { $0.identity.name == "addToCart" })
        #expect(add.outcome == .flaky)
        #expect(add.failures.first?.message.hasPrefix("androidx.test.espresso.NoMatchingViewException") == true)
    }

    @Test("Gradle mergeReruns=false: each execution is an attempt")
    func gradle() throws {
        let input = try JUnitXMLParser().parse(fileAt: Fixture.path("junit/gradle-reruns.xml"))
        #expect(input.tests.count == 1)
        #expect(input.tests[0].attempts.map(\.outcome) == [.failed, .failed, .passed])
    }
}
