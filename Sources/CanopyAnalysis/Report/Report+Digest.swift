import CanopyModel

extension Report {
    /// What history stores about this run: per-failure category, fingerprint and message (bounded
    /// by `FailureDigest.boundedMessage`), every coverage figure (overall, screen, element type,
    /// branch), and every node of the identifier tree with its parent and its branch's figures, the
    /// tests that touched each identifier template, and the failed tests by cause (`categories`).
    package var digest: RunDigest {
        RunDigest(
            failures: failures.map {
                FailureDigest(
                    testKey: $0.test, attemptIndex: $0.attempt, category: $0.category,
                    isInfrastructure: $0.isInfrastructure,
                    fingerprint: $0.fingerprint, normalizedMessage: $0.normalizedMessage,
                    identifier: $0.element?.template, message: FailureDigest.boundedMessage($0.message))
            },
            coverage: [coverage.overall] + coverage.screens + coverage.elementTypes + coverage.branches,
            identifierNodes: identifierTree.map {
                IdentifierNodeDigest(
                    path: $0.path, parent: $0.parent, tests: $0.branch.tests, failed: $0.branch.failed,
                    passedOnRetry: $0.branch.passedOnRetry, auditIssues: $0.branch.auditIssues,
                    auditErrors: $0.branch.auditIssuesBySeverity[AuditIssue.Severity.error.rawValue] ?? 0,
                    interactive: $0.branch.interactive, identified: $0.branch.identified)
            },
            identifierTests: identifierTests,
            failedTestsByCause: Dictionary(
                categories.filter { $0.failedTests > 0 }.map { ($0.name, $0.failedTests) },
                uniquingKeysWith: +))
    }
}
