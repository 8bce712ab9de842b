/// The outcome of one attempt of a test, as the producer reported it.
package enum Outcome: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
    case passed
    case failed
    /// The test errored (an exception, a crash, a setup failure) rather than failing an assertion.
    case error
    case skipped
    /// The test failed in a way it declared it would (`XCTExpectFailure`, `pytest.xfail`): counts as a pass.
    case expectedFailure

    /// Whether this attempt counts as a failure of the test.
    package var isFailure: Bool { self == .failed || self == .error }

    /// Whether this attempt counts as a success of the test.
    package var isSuccess: Bool { self == .passed || self == .expectedFailure }

    /// Severity rank used to combine several results into one: higher wins.
    package var rank: Int {
        switch self {
        case .passed: 0
        case .expectedFailure: 1
        case .skipped: 2
        case .failed: 3
        case .error: 4
        }
    }
}
