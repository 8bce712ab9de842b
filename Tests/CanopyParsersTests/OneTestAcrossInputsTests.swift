import CanopyBundleFixtures
import CanopyModel
import Foundation
import Testing

@testable import CanopyParsers

/// One UI test (`AppUITestsLaunchTests/testLaunch()` of the bundle `AppUITests`, on an iPhone 17
/// Pro with iOS 26.2) as each of Xcode's outputs gives it — xcresulttool's `tests` document, its
/// `test-details` document, the `.xcresult` bundle itself — and as fastlane's trainer writes it
/// (one JUnit file per device and configuration): every input reads the same tests, with the same
/// keys (`docs/identity-and-verdicts.md`), so a team that changes or mixes inputs keeps each
/// test's history.
@Suite("One test, one key, whatever the input")
struct OneTestAcrossInputsTests {
    /// A plan ran under `configurations` on one device; `testLaunch` passed in the first and, in
    /// the second when there is one, failed.
    private struct Shape {
        var configurations: [String]
        var tests: String
        var details: String
        var trainer: [String]

        static let oneConfiguration = Shape(
            configurations: ["Test Scheme Action"], tests: "one-configuration-tests.json",
            details: "one-configuration-test-details.json", trainer: ["one-configuration-trainer.xml"])
        static let twoConfigurations = Shape(
            configurations: ["Dark Appearance", "Landscape Right"], tests: "two-configurations-tests.json",
            details: "two-configurations-test-details.json",
            trainer: ["two-configurations-trainer-dark.xml", "two-configurations-trainer-landscape.xml"])
    }

    private static let device = XCResultBundleSpec.Device(
        name: "iPhone 17 Pro", osVersion: "26.2", identifier: "6A1F0C2E-3B7D-4E52-9C1A-2F8B7D4E0A11")

    /// The bundle Xcode writes for the shape: a plan run per configuration, on the one device.
    private static func bundle(_ shape: Shape) throws -> String {
        let failure = XCResultBundleSpec.Issue(
            "XCTAssertTrue failed - Launch screen not shown", file: "AppUITestsLaunchTests.swift", line: 27)
        let planRuns = shape.configurations.indices.map { index in
            let last = index == shape.configurations.count - 1
            let run =
                last
                ? XCResultBundleSpec.Run("Failure", duration: 12.25, issues: [failure])
                : XCResultBundleSpec.Run("Success", duration: 4.102)
            let launch = XCResultBundleSpec.Case(
                name: "testLaunch()", identifier: "AppUITestsLaunchTests/testLaunch()", runs: [run])
            return XCResultBundleSpec.PlanRun(
                configuration: index,
                testables: [
                    .init(name: "AppUITests", suites: [.init(name: "AppUITestsLaunchTests", cases: [launch])])
                ])
        }
        let spec = XCResultBundleSpec(devices: [device], configurations: shape.configurations, planRuns: planRuns)
        return try GeneratedBundle.write(spec, name: "App.xcresult")
    }

    /// What a test's key is made of, and its outcome.
    private struct Read: Equatable, CustomStringConvertible {
        var key: String
        var className: String
        var name: String
        var arguments: String?
        var device: String?
        var configuration: String?
        var outcome: TestOutcome

        init(
            key: String, className: String, name: String, arguments: String? = nil, device: String? = nil,
            configuration: String? = nil, outcome: TestOutcome
        ) {
            self.key = key
            self.className = className
            self.name = name
            self.arguments = arguments
            self.device = device
            self.configuration = configuration
            self.outcome = outcome
        }

        init(_ test: TestCase) {
            let identity = test.identity
            key = identity.key
            className = identity.className
            name = identity.normalizedName
            arguments = identity.arguments
            device = identity.device
            configuration = identity.configuration
            outcome = test.outcome
        }

        var description: String { "\(key) (\(outcome))" }
    }

    /// Each input of the shape, read as a run of its own: its tests and the run's device.
    private static func runs(_ shape: Shape) throws -> [(input: String, tests: [Read], device: String?)] {
        let registry = ParserRegistry()
        let inputs: [(String, [String])] = [
            ("tests JSON", [Fixture.path("xcresult/launch/" + shape.tests)]),
            ("test-details JSON", [Fixture.path("xcresult/launch/" + shape.details)]),
            ("bundle", [try bundle(shape)]),
            ("trainer JUnit", shape.trainer.map { Fixture.path("xcresult/launch/" + $0) }),
        ]
        return try inputs.map { name, paths in
            let run = RunAssembler.assemble(try paths.map { try registry.parse(fileAt: $0) })
            let device = run.metadata.device.map { device in
                run.metadata.osVersion.map { "\(device) (\($0))" } ?? device
            }
            return (name, run.tests.map(Read.init), device)
        }
    }

    @Test(
        "one configuration (Test Scheme Action): every input keys testLaunch as AppUITests.AppUITestsLaunchTests/testLaunch"
    )
    func oneConfiguration() throws {
        let expected = [
            Read(
                key: "AppUITests.AppUITestsLaunchTests/testLaunch", className: "AppUITests.AppUITestsLaunchTests",
                name: "testLaunch", outcome: .failed)
        ]
        for run in try Self.runs(.oneConfiguration) {
            #expect(run.tests == expected, "\(run.input)")
            #expect(run.device == "iPhone 17 Pro (26.2)", "\(run.input): the run names its one device")
        }
    }

    @Test("two configurations on one device: every input keys testLaunch by configuration, not by device")
    func twoConfigurations() throws {
        let expected = [
            Read(
                key: "AppUITests.AppUITestsLaunchTests/testLaunch#Dark Appearance",
                className: "AppUITests.AppUITestsLaunchTests", name: "testLaunch", configuration: "Dark Appearance",
                outcome: .passed),
            Read(
                key: "AppUITests.AppUITestsLaunchTests/testLaunch#Landscape Right",
                className: "AppUITests.AppUITestsLaunchTests", name: "testLaunch", configuration: "Landscape Right",
                outcome: .failed),
        ]
        for run in try Self.runs(.twoConfigurations) {
            #expect(run.tests == expected, "\(run.input)")
            #expect(run.device == "iPhone 17 Pro (26.2)", "\(run.input): the run names its one device")
        }
    }
}
