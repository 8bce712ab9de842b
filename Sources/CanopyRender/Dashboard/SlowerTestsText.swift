import CanopyModel

/// How the slower tests are named: against their usual time (the median of their last passing
/// runs) when history gave one, else against the baseline run.
enum SlowerTestsText {
    static func heading(_ tests: [SlowerTest]) -> String {
        tests.contains { $0.runs != nil } ? "Slower than usual" : "Slower than the baseline"
    }

    /// The column of the time compared with.
    static func usual(_ tests: [SlowerTest]) -> String {
        tests.contains { $0.runs != nil } ? "Usual" : "Baseline"
    }

    static func lede(_ tests: [SlowerTest]) -> String {
        tests.contains { $0.runs != nil }
            ? "Usual: the median of the test's last passing runs on the branch, a pull request's target (how many in brackets); on a pull request also slower than the target's latest passing run (slowerTests in canopy.yml)."
            : "Compared with the baseline run's time; listed at the configured ratio and seconds more (slowerTests in canopy.yml)."
    }
}
