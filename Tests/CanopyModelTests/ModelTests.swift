import Testing

@testable import CanopyModel

@Suite("Run model")
struct ModelTests {
    @Test(
        "final outcome from attempts",
        arguments: [
            ([Outcome.passed], TestOutcome.passed), ([.failed], .failed), ([.error], .failed), ([.skipped], .skipped),
            ([.failed, .passed], .flaky), ([.passed, .failed], .flaky), ([.error, .failed], .failed),
            ([.expectedFailure], .expectedFailure), ([.skipped, .passed], .passed), ([], .skipped),
            ([.failed, .skipped], .failed), ([.failed, .expectedFailure], .flaky),
            ([.expectedFailure, .passed], .passed), ([.skipped, .expectedFailure], .expectedFailure),
        ] as [([Outcome], TestOutcome)])
    func finalOutcome(_ attempts: [Outcome], _ expected: TestOutcome) {
        #expect(TestOutcome(attempts: attempts) == expected)
    }

    @Test("pass rate: tests that ended passed, passed on retry included, over those that ran; 1 when none ran")
    func passRate() {
        var totals = RunTotals()
        (totals.tests, totals.passed, totals.passedOnRetry, totals.failed, totals.skipped) = (4, 1, 1, 1, 1)
        #expect(totals.passRate == 2.0 / 3.0)
        (totals.tests, totals.passed, totals.passedOnRetry, totals.failed, totals.skipped) = (2, 0, 0, 0, 2)
        #expect(totals.passRate == 1)
        #expect(RunTotals().passRate == 1)
        // Expected failures are neither passed nor failed: out of both sides of the rate.
        (totals.tests, totals.passed, totals.passedOnRetry, totals.failed, totals.skipped) = (5, 1, 1, 1, 1)
        totals.expectedFailures = 1
        #expect(totals.passRate == 2.0 / 3.0)
    }

    @Test("a run's outcomes add up to its tests, expected failures apart")
    func totalsAddUp() {
        let tests = [[Outcome.expectedFailure], [.passed], [.failed, .passed], [.skipped], [.failed]].enumerated().map {
            TestCase(
                identity: TestIdentity(className: "A", name: "t\($0.offset)"),
                attempts: $0.element.map { Attempt(outcome: $0) })
        }
        let totals = RunTotals(run: Run(tests: tests))
        #expect(totals.expectedFailures == 1 && totals.passed == 1 && totals.passedOnRetry == 1)
        let outcomes = totals.passed + totals.failed + totals.passedOnRetry + totals.skipped
        #expect(outcomes + totals.expectedFailures == totals.tests)
    }

    @Test("identity keys: trailing () ignored; device and configuration separate tests")
    func identityKeys() {
        let plain = TestIdentity(className: "AppUITests.LoginTests", name: "testLogin()")
        #expect(plain.key == "AppUITests.LoginTests/testLogin")
        #expect(TestIdentity(className: "AppUITests.LoginTests", name: "testLogin").key == plain.key)
        let phone = TestIdentity(
            className: "A", name: "t", arguments: "\"de\"", device: "iPhone 16", configuration: "German")
        #expect(phone.key == "A/t(\"de\")@iPhone 16#German")
        #expect(phone.testKey == "A/t(\"de\")")
        #expect(
            TestIdentity(bundle: "X", className: "A", name: "t").key
                == TestIdentity(bundle: "Y", className: "A", name: "t").key)
    }

    @Test(
        "the test key is the key's first testKeyUTF8Count bytes",
        arguments: [
            TestIdentity(className: "A", name: "t"), TestIdentity(className: "A", name: "t()", device: "iPhone 16"),
            TestIdentity(className: "A.B", name: "()", configuration: "German"),
            TestIdentity(
                className: "Ünïcödé·Tests", name: "tést()", arguments: "\"ß\", 2", device: "iPad 🍎", configuration: "Ж"),
            TestIdentity(className: "A", name: "t()()", arguments: "", device: "", configuration: ""),
            TestIdentity(className: "", name: "x\u{301}()", device: "@#"),
            TestIdentity(className: "A", name: "t(\u{301})"),
            TestIdentity(className: "A/B", name: "t@d#c", arguments: "()", device: nil, configuration: "c"),
        ])
    func testKeyPrefix(_ identity: TestIdentity) {
        #expect(
            String(decoding: identity.key.utf8.prefix(identity.testKeyUTF8Count), as: UTF8.self) == identity.testKey)
        #expect(identity.testKeyUTF8Count == identity.testKey.utf8.count)
    }

    @Test("the folder keeps first-seen order and appends attempts in arrival order")
    func folding() {
        var folder = TestFolder()
        let first = TestCase(
            identity: TestIdentity(className: "A", name: "one()"),
            attempts: [Attempt(outcome: .failed, label: "First Run")])
        let other = TestCase(identity: TestIdentity(className: "A", name: "two"), attempts: [Attempt(outcome: .passed)])
        let retry = TestCase(
            identity: TestIdentity(bundle: "B", className: "A", name: "one"),
            attempts: [Attempt(outcome: .passed, label: "Retry 1")])
        #expect(folder.add(first) == 0)
        #expect(folder.add(other) == 1)
        #expect(folder.add(retry) == 0)
        #expect(folder.tests.map(\.identity.name) == ["one()", "two"])
        #expect(folder.tests[0].attempts.map(\.label) == ["First Run", "Retry 1"])
        #expect(folder.tests[0].outcome == .flaky)
        #expect(folder.tests[0].identity.bundle == "B")
        #expect(folder.position(of: TestIdentity(className: "A", name: "two")) == 1)
        #expect(folder.position(of: TestIdentity(className: "A", name: "three")) == nil)
    }

    @Test("rewriting identities folds the tests that become one; adding a folder folds as adding each")
    func rewriteAndAddFolder() {
        func test(_ name: String, device: String? = nil, _ label: String) -> TestCase {
            TestCase(
                identity: TestIdentity(className: "A", name: name, device: device),
                attempts: [Attempt(outcome: label == "fail" ? .failed : .passed, label: label)])
        }
        var folder = TestFolder()
        folder.add(test("one", "fail"))
        folder.add(test("two", "pass"))
        folder.add(test("one", device: "iPad", "pass"))
        folder.rewriteIdentities { if $0.device == nil { $0.device = "iPad" } }
        #expect(folder.tests.map(\.identity.key) == ["A/one@iPad", "A/two@iPad"])
        #expect(folder.tests[0].attempts.map(\.label) == ["fail", "pass"])
        #expect(folder.position(of: TestIdentity(className: "A", name: "two", device: "iPad")) == 1)
        #expect(folder.position(of: TestIdentity(className: "A", name: "two")) == nil)
        var other = TestFolder()
        other.add(test("two", device: "iPad", "fail"))
        other.add(test("three", "pass"))
        var expected = folder
        for each in other.tests { expected.add(each) }
        folder.add(contentsOf: other)
        #expect(folder.tests == expected.tests)
        #expect(folder.tests.map(\.identity.key) == ["A/one@iPad", "A/two@iPad", "A/three"])
        #expect(folder.position(of: TestIdentity(className: "A", name: "three")) == 2)
    }

    @Test("different devices never fold together, and many tests all stay distinct")
    func distinctTests() {
        var folder = TestFolder(capacity: 10)
        for index in 0..<5000 {
            folder.add(
                TestCase(
                    identity: TestIdentity(
                        className: "C\(index % 7)", name: "t\(index)", device: index % 2 == 0 ? "iPhone" : "iPad")))
        }
        #expect(folder.tests.count == 5000)
        folder.add(TestCase(identity: TestIdentity(className: "C0", name: "t0", device: "iPad")))
        #expect(folder.tests.count == 5001)
    }

    @Test("totals count tests, attempts, outcomes, elements and identified elements")
    func totals() {
        let screen = Screen(
            name: "Login", source: "s.json", kind: .elementTree,
            root: ElementSnapshot(
                elementType: "other",
                children: [
                    ElementSnapshot(identifier: "Login.Submit", elementType: "button"),
                    ElementSnapshot(identifier: "", elementType: "button"),
                ]))
        let run = Run(
            tests: [
                TestCase(
                    identity: TestIdentity(className: "A", name: "a"),
                    attempts: [Attempt(outcome: .failed, duration: 1), Attempt(outcome: .passed, duration: 2)]),
                TestCase(identity: TestIdentity(className: "A", name: "b"), attempts: [Attempt(outcome: .skipped)]),
            ],
            screens: [screen])
        let totals = run.totals
        #expect(totals.tests == 2)
        #expect(totals.attempts == 3)
        #expect(totals.passedOnRetry == 1)
        #expect(totals.skipped == 1)
        #expect(totals.duration == 3)
        #expect(totals.elements == 3)
        #expect(totals.identifiedElements == 1)
    }

    @Test("diagnostics print like compiler messages; metadata merges with the receiver winning")
    func diagnosticsAndMetadata() {
        #expect(Diagnostic(.warning, "odd", file: "r.xml", line: 3, column: 7).description == "r.xml:3:7: warning: odd")
        #expect(Diagnostic(.error, "bad").description == "error: bad")
        let merged = RunMetadata(commit: "abc").merging(RunMetadata(commit: "zzz", branch: "main"))
        #expect(merged.commit == "abc")
        #expect(merged.branch == "main")
    }
}
