/// Everything ingested for one test run: tests with their attempts, screens, audit issues.
package struct Run: Sendable, Equatable, Hashable, Codable {
    package var metadata: RunMetadata
    package var tests: [TestCase]
    package var screens: [Screen]
    package var auditIssues: [AuditIssue]
    package var inputs: [InputFile]
    package var diagnostics: [Diagnostic]

    package init(
        metadata: RunMetadata = RunMetadata(), tests: [TestCase] = [], screens: [Screen] = [],
        auditIssues: [AuditIssue] = [], inputs: [InputFile] = [], diagnostics: [Diagnostic] = []
    ) {
        self.metadata = metadata
        self.tests = tests
        self.screens = screens
        self.auditIssues = auditIssues
        self.inputs = inputs
        self.diagnostics = diagnostics
    }

    /// Counts of tests by final outcome and of attempts.
    package var totals: RunTotals { RunTotals(run: self) }
}
