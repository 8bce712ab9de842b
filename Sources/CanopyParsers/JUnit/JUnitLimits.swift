/// How much of a JUnit XML file Canopy reads, so that a hostile or broken producer cannot take a
/// CI runner's memory. docs/history-and-safety.md lists the limits, with the measurements behind
/// them.
package enum JUnitLimits {
    /// `<testcase>` elements read per file, retries included. A file with more is refused
    /// (`ParserError.overLimit`, exit 2; `canopy run --allow-partial` stores the run without it):
    /// the tests after the limit may be failing ones, and a run missing them would pass gates it
    /// fails. Real UI-test reports hold at most tens of thousands.
    package static let testcasesPerFile = 250_000
}
