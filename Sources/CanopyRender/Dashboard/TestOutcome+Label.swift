import CanopyModel

extension TestOutcome {
    /// The outcome in words, as every page and text surface names it: "passed on retry", never
    /// "flaky" (a state over a window of runs).
    var label: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .skipped: "skipped"
        case .flaky: "passed on retry"
        case .expectedFailure: "expected failure"
        }
    }
}
