import CanopyAnalysis
import CanopyModel

/// A run read from its inputs and analysed, not yet stored.
public struct PreparedRun: Sendable {
    public private(set) var run: Run
    public private(set) var report: Report
    public private(set) var digest: RunDigest
    /// `TestRunRow.rows(for: run, digest: digest)`: what history stores per test and what the
    /// comparison with history reads, made once. One row per test, in the run's order, so
    /// `testRows[i].testKey` is `run.tests[i].identity.key`; read keys from here, not rebuilt.
    public private(set) var testRows: [TestRunRow]

    init(run: Run, report: Report, digest: RunDigest, testRows: [TestRunRow]) {
        precondition(testRows.count == run.tests.count, "one test row per test")
        self.run = run
        self.report = report
        self.digest = digest
        self.testRows = testRows
    }
}
