import CanopyModel
import Testing

@testable import CanopyParsers

@Suite("test references in snapshots and audit files")
struct TestReferencesTests {
    static let tests = [
        TestCase(identity: TestIdentity(bundle: "AppUITests", className: "AppUITests.LoginTests", name: "testLogin()")),
        TestCase(
            identity: TestIdentity(className: "AppUITests.SettingsTests", name: "testOpen", device: "iPhone 16 (18.2)")),
        TestCase(
            identity: TestIdentity(className: "AppUITests.SettingsTests", name: "testOpen", device: "iPad Air (18.2)")),
        TestCase(identity: TestIdentity(bundle: "CheckoutTests", className: "CheckoutSuite", name: "pay works")),
    ]

    @Test(
        "however a writer spells the test, it becomes the run's key",
        arguments: [
            // XCTestCase.name, as the README's snapshot writer records it.
            ("-[AppUITests.LoginTests testLogin]", "AppUITests.LoginTests/testLogin"),
            ("AppUITests.LoginTests/testLogin()", "AppUITests.LoginTests/testLogin"),
            ("AppUITests.LoginTests/testLogin", "AppUITests.LoginTests/testLogin"),
            ("  LoginTests/testLogin() ", "AppUITests.LoginTests/testLogin"),
            ("-[LoginTests testLogin]", "AppUITests.LoginTests/testLogin"),
            // The same test on two devices: the first in run order.
            ("AppUITests.SettingsTests/testOpen()", "AppUITests.SettingsTests/testOpen@iPhone 16 (18.2)"),
            ("AppUITests.SettingsTests/testOpen@iPad Air (18.2)", "AppUITests.SettingsTests/testOpen@iPad Air (18.2)"),
            // Swift Testing's Module/Suite/function.
            ("CheckoutTests/CheckoutSuite/pay works", "CheckoutSuite/pay works"),
            // Not a test of this run: still in key form, so history sees one spelling.
            ("-[AppUITests.GoneTests testGone]", "AppUITests.GoneTests/testGone"),
            ("AppUITests.GoneTests/testGone()", "AppUITests.GoneTests/testGone"),
            ("nightly smoke", "nightly smoke"),
        ])
    func resolves(_ written: String, key: String) {
        #expect(TestReferences(tests: Self.tests).resolve(written) == key)
    }

    @Test("the assembler resolves the tests that screens and audit issues name")
    func assembled() {
        let tests = ParsedInput(file: InputFile(path: "junit.xml", format: .junitXML, bytes: 0), tests: Self.tests)
        let screen = Screen(
            name: "Login", source: "login.json", test: "-[AppUITests.LoginTests testLogin]", kind: .elementTree,
            root: ElementSnapshot(elementType: "application"))
        let issue = AuditIssue(
            auditType: "contrast", severity: .error, compactDescription: "Contrast failed",
            test: "AppUITests.LoginTests/testLogin()",
            origin: .auditFile, source: "audit.json")
        let snapshots = ParsedInput(
            file: InputFile(path: "login.json", format: .elementSnapshot, bytes: 0), screens: [screen],
            auditIssues: [issue])
        let run = RunAssembler.assemble([snapshots, tests])
        #expect(run.screens.map(\.test) == ["AppUITests.LoginTests/testLogin"])
        #expect(run.auditIssues.map(\.test) == ["AppUITests.LoginTests/testLogin"])
    }
}
