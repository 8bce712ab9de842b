import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

@Suite("Attachments in exported forms")
struct ExportedAttachmentTests {
    @Test func jenkinsAttachmentLinesOfFailingAttempts() throws {
        let path = Fixture.path("junit/jenkins-attachments.xml")
        let input = try ParserRegistry().parse(fileAt: path)
        let login = try #require(input.tests.first { $0.identity.name == "testLogin()" })
        let attachments = try #require(login.attempts[0].attachments)
        let directory = (path as NSString).deletingLastPathComponent
        #expect(
            attachments.map(\.sourcePath) == [
                directory + "/attachments/login-failure.png", "/var/ci/artifacts/ui-hierarchy.txt",
            ])
        #expect(attachments.map(\.fileExtension) == ["png", "txt"])
        #expect(attachments.allSatisfy { $0.payloadId == nil })
        let logout = try #require(input.tests.first { $0.identity.name == "testLogout()" })
        #expect(logout.attempts[0].attachments == nil, "a passing attempt's attachments are not kept")
    }

    @Test(arguments: [
        ("t = 1.0s [x] [[ATTACHMENT|a.png]]", true), ("[[ATTACHMENT|", true), ("[[ATTACHMENT", false), ("[[[", false),
        ("", false),
        ("no marker [ here [[ATTACH", false),
    ])
    func theMarkerIsFound(_ text: String, _ expected: Bool) {
        #expect(JUnitAttachmentLines.mentionsAttachment(text) == expected)
    }

    @Test func xcresulttoolExportedAttachmentsJoinTheirTests() throws {
        let manifest = Fixture.path("xcresult/exported/manifest.json")
        let registry = ParserRegistry()
        let exported = try registry.parse(fileAt: manifest)
        #expect(exported.file.format == .xcresultAttachments)
        #expect(exported.attachments.count == 2)
        let tests = try registry.parse(fileAt: Fixture.path("xcresult/xcode26-two-devices.json"))
        let run = RunAssembler.assemble([tests, exported])
        let phone = try #require(
            run.tests.first { $0.identity.key == "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)" })
        let shot = try #require(phone.attempts[0].attachments?.first)
        #expect(
            shot.sourcePath == (manifest as NSString).deletingLastPathComponent
                + "/0C2F5D6B-3E8A-4E0B-9F43-1D2E6B1C9A10.png")
        #expect(shot.name == "Screenshot_0_0C2F5D6B.png")
        #expect(shot.isFailureAssociated)
        #expect(phone.attempts[1].attachments == nil)
        let pad = try #require(
            run.tests.first { $0.identity.key == "AppUITests.LoginTests/testLogin@iPad Air 11-inch (M2) (18.2)" })
        #expect(
            pad.attempts[1].attachments?.first?.name == "Screenshot_1_7A1B2C3D.png",
            "repetition 2 is the second attempt")
        #expect(pad.attempts[0].attachments == nil)
    }

    @Test func aManifestFileNameLeavingItsDirectoryIsAnError() throws {
        let path = try TemporaryFile.write(
            #"[{"testIdentifier":"A/test()","attachments":[{"exportedFileName":"../../etc/passwd"}]}]"#,
            name: "manifest.json")
        let error = try #require(throws: ParserError.self) { try ParserRegistry().parse(fileAt: path) }
        #expect(error.description.contains("$[0].attachments[0].exportedFileName"), "\(error)")
    }

    @Test func xcresulttoolActivitiesBecomeTheStepsOfFailingAttempts() throws {
        let registry = ParserRegistry()
        let activities = try registry.parse(fileAt: Fixture.path("xcresult/exported/activities-testLogin.json"))
        #expect(activities.file.format == .xcresultActivities)
        #expect(activities.steps.map(\.failed) == [true, false])
        let tests = try registry.parse(fileAt: Fixture.path("xcresult/xcode26-two-devices.json"))
        let run = RunAssembler.assemble([tests, activities])
        let phone = try #require(
            run.tests.first { $0.identity.key == "AppUITests.LoginTests/testLogin@iPhone 16 Pro (18.2)" })
        let steps = try #require(phone.attempts[0].steps)
        #expect(
            steps.map(\.title) == [
                "Start Test at 2025-11-25 10:00:00.000", "Set Up", "Open com.example.app",
                "Tap \"Login.Submit\" Button", "Find the \"Login.Submit\" Button",
            ])
        #expect(steps.map(\.depth) == [0, 0, 1, 0, 1])
        #expect(steps.map(\.failed) == [false, false, false, true, true])
        #expect(abs((steps[3].offset ?? 0) - 2.5) < 0.001)
        #expect(phone.attempts[1].steps == nil, "the passing retry keeps no steps")
        let pad = try #require(
            run.tests.first { $0.identity.key == "AppUITests.LoginTests/testLogin@iPad Air 11-inch (M2) (18.2)" })
        #expect(pad.attempts.allSatisfy { $0.steps == nil }, "another device's runs")
    }
}
