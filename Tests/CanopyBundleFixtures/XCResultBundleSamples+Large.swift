/// A large bundle for `make bench`: many test runs, a share of them failing with steps, some
/// failures with a screenshot each (distinct payloads, so none deduplicate).
extension XCResultBundleSamples {
    /// - Parameters:
    ///   - tests: test runs (one `TestCaseRuns` row each, 50 tests per suite).
    ///   - failures: how many of them fail (spread evenly), each with a few steps.
    ///   - screenshots: how many failures carry a screenshot of `screenshotBytes` bytes.
    public static func large(tests: Int, failures: Int, screenshots: Int, screenshotBytes: Int = 20_000) -> Spec {
        let every = failures > 0 ? max(1, tests / failures) : Int.max
        var suites: [Spec.Suite] = []
        var failed = 0
        var shots = 0
        var generator = SplitMix(seed: 42)
        for suiteIndex in 0..<((tests + 49) / 50) {
            var cases: [Spec.Case] = []
            for caseIndex in 0..<min(50, tests - suiteIndex * 50) {
                let number = suiteIndex * 50 + caseIndex
                let name = "test\(caseIndex)()"
                let identifier = "Feature\(suiteIndex)Tests/" + name
                var run = Spec.Run("Success", duration: Double(number % 17) / 4 + 0.5)
                if number % every == 0, failed < failures {
                    failed += 1
                    var attachments: [Spec.Attachment] = []
                    if shots < screenshots {
                        shots += 1
                        var payload = XCResultBundleWriter.redPNG
                        // Bytes after IEND keep the image valid and make each one distinct.
                        payload += (0..<max(0, screenshotBytes - payload.count)).map { _ in
                            UInt8(truncatingIfNeeded: generator.next())
                        }
                        attachments.append(
                            Spec.Attachment(name: "Screenshot \(number)", payload: payload, failureAssociated: true))
                    }
                    run = Spec.Run(
                        "Failure", duration: 6,
                        issues: [
                            Spec.Issue(
                                "Failed to tap \"Feature\(suiteIndex).Item-\(number)-row\" Cell: No matches found for Elements matching predicate '\"Feature\(suiteIndex).Item-\(number)-row\" IN identifiers'",
                                file: "/Users/ci/App/AppUITests/Feature\(suiteIndex)Tests.swift", line: 10 + caseIndex)
                        ],
                        activities: [
                            Spec.Activity(
                                "Set Up", offset: 0, children: [Spec.Activity("Open com.example.app", offset: 0.1)]),
                            Spec.Activity("Tap \"Feature\(suiteIndex).Open\" Button", offset: 1),
                            Spec.Activity(
                                "Tap \"Feature\(suiteIndex).Item-\(number)-row\" Cell", offset: 2, failed: true,
                                attachments: attachments),
                        ])
                }
                cases.append(Spec.Case(name: name, identifier: identifier, runs: [run]))
            }
            suites.append(Spec.Suite(name: "Feature\(suiteIndex)Tests", cases: cases))
        }
        return Spec(planRuns: [Spec.PlanRun(testables: [Spec.Testable(name: "AppUITests", suites: suites)])])
    }
}
