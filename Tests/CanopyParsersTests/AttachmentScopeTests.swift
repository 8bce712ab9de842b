import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// `--attachments failing|all|none`: whose attachments the parsers keep.
@Suite("Attachment scope")
struct AttachmentScopeTests {
    private let logout = "AppUITests.LoginTests/testLogout@iPhone 16 Pro (18.2)"
    private let login = "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)"

    private func parse(_ scope: AttachmentScope) throws -> ParsedInput {
        try ParserRegistry(attachments: scope).parse(
            fileAt: GeneratedBundle.write(XCResultBundleSamples.passingScreenshot))
    }

    private func test(_ input: ParsedInput, _ key: String) throws -> TestCase {
        try #require(
            input.tests.first { $0.identity.key == key }, "no test \(key) in \(input.tests.map(\.identity.key))")
    }

    @Test func failingKeepsOnlyFailingAttemptsAttachments() throws {
        let input = try parse(.failing)
        let passing = try test(input, logout)
        #expect(passing.attempts[0].attachments == nil)
        #expect(passing.attempts[0].steps == nil)
        #expect(try test(input, login).attempts[0].attachments?.count == 1)
    }

    @Test func allKeepsAPassingAttemptsScreenshotAtItsStep() throws {
        let input = try parse(.all)
        let passing = try test(input, logout)
        let shot = try #require(passing.attempts[0].attachments?.first)
        #expect(shot.name == "Signed out")
        #expect(!shot.isFailureAssociated)
        let steps = try #require(passing.attempts[0].steps)
        #expect(steps.map(\.title) == ["Tap \"Login.Logout\" Button", "Wait for com.example.app to idle"])
        #expect(steps.map(\.depth) == [0, 1])
        #expect(shot.step == 1, "taken in the nested step")
        // Failing attempts keep theirs; a passing attempt without attachments gets no steps.
        #expect(try test(input, login).attempts[0].attachments?.count == 1)
        #expect(try test(input, login).attempts[1].attachments == nil)
        #expect(try test(input, login).attempts[1].steps == nil)
    }

    @Test func noneKeepsNoAttachmentsButTheSteps() throws {
        let input = try parse(.none)
        #expect(input.tests.allSatisfy { $0.attempts.allSatisfy { $0.attachments == nil } })
        #expect(try test(input, login).attempts[0].steps?.isEmpty == false, "steps still resolve failures")
    }

    /// `xcresulttool export attachments` without `--only-failures` lists passing tests' files too.
    @Test func exportedAttachmentsOfPassingAttemptsJoinWithAll() throws {
        let manifest = try TemporaryFile.write(
            #"""
            [{"testIdentifier": "LoginTests/testLogout()", "attachments": [{"deviceName": "iPhone 16 Pro", "configurationName": "Test Scheme Action",
              "exportedFileName": "logout.png", "suggestedHumanReadableName": "Signed out.png", "isAssociatedWithFailure": false}]},
             {"testIdentifier": "LoginTests/testLogin()", "attachments": [{"deviceName": "iPhone 16 Pro", "configurationName": "Test Scheme Action",
              "exportedFileName": "retry.png", "suggestedHumanReadableName": "Retry passed.png", "isAssociatedWithFailure": false, "repetitionNumber": 2}]}]
            """#, name: "manifest.json")
        let registry = ParserRegistry()
        let exported = try registry.parse(fileAt: manifest)
        let tests = try registry.parse(fileAt: Fixture.path("xcresult/xcode26-two-devices.json"))

        let failing = RunAssembler.assemble([tests, exported])
        #expect(failing.tests.allSatisfy { $0.attempts.allSatisfy { $0.attachments == nil } })
        #expect(
            failing.diagnostics.contains {
                $0.message.contains("2 exported attachment(s) belong to no failing attempt")
            })

        let all = RunAssembler.assemble([tests, exported], attachments: .all)
        let passing = try #require(all.tests.first { $0.identity.key == logout })
        #expect(passing.attempts[0].attachments?.map(\.name) == ["Signed out.png"])
        let retried = try #require(all.tests.first { $0.identity.key == login })
        #expect(retried.attempts[0].attachments == nil)
        #expect(retried.attempts[1].attachments?.map(\.name) == ["Retry passed.png"], "repetition 2, which passed")
        #expect(!all.diagnostics.contains { $0.message.contains("exported attachment(s)") })

        let none = RunAssembler.assemble(
            [tests, try registry.parse(fileAt: Fixture.path("xcresult/exported/manifest.json"))], attachments: .none)
        #expect(none.tests.allSatisfy { $0.attempts.allSatisfy { $0.attachments == nil } })
    }
}
