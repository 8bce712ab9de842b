import CanopyAnalysis
import CanopyModel
import Testing

/// A failure whose message names no element is placed by the steps that led to it (an
/// `.xcresult` bundle's activities), with its own resolution.
struct StepCorrelationTests {
    static func element(message: String, steps: [Step]?) -> ElementMatch? {
        var attempt = Attempt(outcome: .failed, failures: [Failure(message: message)])
        attempt.steps = steps
        let test = TestCase(
            identity: TestIdentity(className: "AppUITests.PodcastTests", name: "testOpenEpisode()"), attempts: [attempt]
        )
        return ReportBuilder.build(run: Run(tests: [test])).failures.first?.element
    }

    static let steps = [
        Step(title: "Tap \"Search.Field\" SearchField", offset: 0.5),
        Step(title: "Tap \"Podcast-42-row\" Cell", offset: 1),
        Step(title: "Wait for com.example.app to idle", offset: 1.1, depth: 1),
        Step(
            title: "Assertion Failure: PodcastTests.swift:18: XCTAssertTrue failed - Episode list did not appear",
            offset: 3, failed: true),
        Step(title: "Tap \"Player.Close\" Button", offset: 4),
    ]

    @Test func theLastStepBeforeTheFailureNamesTheElement() {
        let element = Self.element(message: "XCTAssertTrue failed - Episode list did not appear", steps: Self.steps)
        #expect(
            element
                == ElementMatch(
                    identifier: "Podcast-42-row", template: "Podcast-{id}-row", elementType: "cell", resolution: .step))
        #expect(element?.resolution.isFromTestLog == true)
    }

    @Test func theFailureItselfWinsOverTheSteps() {
        let element = Self.element(
            message:
                "Failed to tap \"Login.Submit\" Button: No matches found for Elements matching predicate '\"Login.Submit\" IN identifiers'",
            steps: Self.steps)
        #expect(element?.identifier == "Login.Submit")
        #expect(element?.resolution == .explicit)
    }

    @Test func withoutStepsNothingIsInferred() {
        #expect(Self.element(message: "XCTAssertTrue failed - Episode list did not appear", steps: nil) == nil)
    }
}
