import CanopyAnalysis
import CanopyModel

/// A run read from its inputs and analysed, not yet stored.
package struct PreparedRun: Sendable {
    package private(set) var run: Run
    package private(set) var report: Report
    package private(set) var digest: RunDigest
    /// `TestRunRow.rows(for: run, digest: digest)`: what history stores per test and what the
    /// comparison with history reads, made once. One row per test, in the run's order, so
    /// `testRows[i].testKey` is `run.tests[i].identity.key`; read keys from here, not rebuilt.
    package private(set) var testRows: [TestRunRow]

    init(run: Run, report: Report, digest: RunDigest, testRows: [TestRunRow]) {
        precondition(testRows.count == run.tests.count, "one test row per test")
        self.run = run
        self.report = report
        self.digest = digest
        self.testRows = testRows
    }
}

extension PreparedRun {
    /// The keys of the tests that failed an attempt in this run.
    var failingTestKeys: Set<String> { Set(testRows.lazy.filter { $0.failedAttempts > 0 }.map(\.testKey)) }
}
