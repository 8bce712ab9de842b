import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("Audit parsers")
struct AuditParserTests {
    @Test func canopyAuditJSON() throws {
        let input = try AuditJSONParser().parse(fileAt: Fixture.path("audits/login-audit.json"))
        let issues = input.auditIssues
        #expect(issues.count == 6)
        #expect(
            issues.map(\.auditType) == [
                "contrast", "contrast", "hitRegion", "dynamicType", "sufficientElementDescription", "textClipped",
            ])
        #expect(issues.map(\.severity) == [.error, .warning, .error, .warning, .error, .error])
        #expect(
            issues.allSatisfy {
                $0.screen == "Login" && $0.test == "AppUITests.LoginTests/testLoginAudit()" && $0.origin == .auditFile
            })
        #expect(
            issues[0].element
                == ElementReference(
                    identifier: "Login.ForgotPassword", label: "Forgot your password?", elementType: "staticText",
                    frame: Frame(x: 16, y: 770, width: 200, height: 20)))
        #expect(issues[1].element?.elementType == "staticText", "raw element type 48")
        #expect(issues[2].element?.frame == Frame(x: 16, y: 79, width: 43, height: 43))
        #expect(issues[2].element?.identifier == nil, "an empty identifier is no identifier")
        #expect(issues[3].element == nil)
        #expect(issues[0].detailedDescription == "The contrast between the text and its background is too low.")
    }

    @Test(arguments: ["audits/appium-audit.json", "audits/appium-response.json"])
    func appiumAudit(fixture: String) throws {
        let input = try ParserRegistry().parse(fileAt: Fixture.path(fixture))
        #expect(input.file.format == .appiumAudit)
        let first = try #require(input.auditIssues.first)
        #expect(first.auditType == "contrast")
        #expect(first.severity == .error)
        #expect(first.origin == .appium)
        #expect(
            first.element
                == ElementReference(
                    identifier: "Login.ForgotPassword", label: "Forgot your password?", elementType: "staticText",
                    frame: Frame(x: 16, y: 770, width: 200, height: 20)))
        #expect(input.auditIssues[1].auditType == "dynamicType")
        #expect(input.auditIssues[1].severity == .warning)
        #expect(
            input.auditIssues[1].element
                == ElementReference(
                    label: "Sign in", elementType: "button", frame: Frame(x: 16, y: 700, width: 361, height: 50)),
            "WebDriverAgent's name falls back to the label: not an identifier")
    }

    @Test func appiumRawAuditTypeBit() throws {
        let input = try AppiumAuditParser().parse(fileAt: Fixture.path("audits/appium-audit.json"))
        #expect(input.auditIssues.count == 3)
        #expect(input.auditIssues[2].auditType == "action")
        #expect(input.auditIssues[2].element == nil)
    }

    @Test func a11yUITestsAndXcodeFailuresInJUnitBecomeIssues() throws {
        let input = try ParserRegistry().parse(fileAt: Fixture.path("audits/a11yuitests-junit.xml"))
        let run = RunAssembler.assemble([input])
        #expect(run.totals.failed == 3, "the failures stay on their tests")
        let issues = run.auditIssues
        #expect(issues.count == 4)
        #expect(issues.allSatisfy { $0.origin == .testFailure })
        let size = issues.filter { $0.auditType == "minimumInteractiveSize" }
        #expect(size.count == 2)
        #expect(
            size.map(\.element) == [
                ElementReference(label: "Too Small", elementType: "button"), ElementReference(elementType: "button"),
            ])
        #expect(
            size.allSatisfy { $0.severity == .error && $0.detailedDescription == "Minimum interactive size is 44x44" })
        #expect(size.first?.test == "AppUITests.AccessibilityTests/testLoginScreen")
        let length = try #require(issues.first { $0.auditType == "labelLength" })
        #expect(length.severity == .warning)
        #expect(length.element == ElementReference(identifier: "Login.Title", elementType: "staticText"))
        let contrast = try #require(issues.first { $0.auditType == "contrast" })
        #expect(contrast.compactDescription == "Contrast failed")
        #expect(contrast.test == "AppUITests.AccessibilityTests/testXcodeAudit")
        #expect(!issues.contains { $0.test == "AppUITests.AccessibilityTests/testPlain" })
    }

    @Test func auditFailuresInXCResult() throws {
        let input = try ParserRegistry().parse(fileAt: Fixture.path("audits/xcresult-audit-failures.json"))
        let run = RunAssembler.assemble([input])
        #expect(run.tests.count == 2)
        #expect(run.tests.allSatisfy { $0.outcome == .failed })
        #expect(run.auditIssues.map(\.auditType) == ["contrast", "hitRegion", "dynamicType", "buttonLabel"])
        #expect(run.auditIssues.map(\.severity) == [.error, .error, .warning, .error])
        #expect(run.auditIssues[3].element == ElementReference(elementType: "button"))
        #expect(run.auditIssues[3].compactDescription == "Button label is not a valid length")
        #expect(run.auditIssues.allSatisfy { $0.source.hasSuffix("xcresult-audit-failures.json") })
    }

    /// Every `XCUIAccessibilityAuditType`, iOS and macOS, by raw option bit, case name and the
    /// spellings exporters write.
    @Test(
        "every audit type by raw bit and by name",
        arguments: [
            ("contrast", 1 << 0), ("elementDetection", 1 << 1), ("hitRegion", 1 << 2),
            ("sufficientElementDescription", 1 << 3),
            ("dynamicType", 1 << 16), ("textClipped", 1 << 17), ("trait", 1 << 18), ("action", 1 << 32),
            ("parentChild", 1 << 33),
        ] as [(String, UInt64)])
    func auditTypes(_ name: String, _ bit: UInt64) {
        #expect(AuditClassifier.auditType(.number(Double(bit))) == name)
        #expect(AuditClassifier.auditType(.string(String(bit))) == name)
        #expect(AuditClassifier.auditType(.string(name)) == name)
        #expect(AuditClassifier.auditType(.string("." + name)) == name)
        let capitalised = name.prefix(1).uppercased() + name.dropFirst()
        #expect(AuditClassifier.auditType(.string("XCUIAccessibilityAuditType" + capitalised)) == name)
    }

    @Test func retriesRepeatingAFindingCountItOnce() {
        let failure = Failure(message: "Hit region is too small")
        let attempts = [Attempt(outcome: .failed, failures: [failure]), Attempt(outcome: .failed, failures: [failure])]
        let test = TestCase(identity: TestIdentity(className: "A", name: "t"), attempts: attempts)
        #expect(RunAssembler.recognizedAuditIssues(in: [test], inputs: []).count == 1)
    }

    @Test(arguments: [
        ("Contrast nearly passed", "contrast", AuditIssue.Severity.warning),
        ("Dynamic Type font sizes are unsupported", "dynamicType", .warning),
        ("Text clipped", "textClipped", .error),
        ("Element has no description", "sufficientElementDescription", .error),
        ("Potentially inaccessible text", "elementDetection", .warning),
    ])
    func xcodeCompactDescriptions(message: String, auditType: String, severity: AuditIssue.Severity) throws {
        let issues = FailureAuditRecognizer.issues(in: Failure(message: message), test: "T/t", source: "x.json")
        let issue = try #require(issues.first)
        #expect(issues.count == 1)
        #expect(issue.auditType == auditType)
        #expect(issue.severity == severity)
    }
}
