import CanopyModel

extension Report {
    /// What history stores about this run: per-failure category and fingerprint, every coverage
    /// figure (overall, screen, element type, branch), and the identifier nodes used exactly
    /// (own figures).
    public var digest: RunDigest {
        RunDigest(
            failures: failures.map {
                FailureDigest(
                    testKey: $0.test, attemptIndex: $0.attempt, category: $0.category, isInfrastructure: $0.isInfrastructure,
                    fingerprint: $0.fingerprint, normalizedMessage: $0.normalizedMessage, identifier: $0.element?.template)
            },
            coverage: [coverage.overall] + coverage.screens + coverage.elementTypes + coverage.branches,
            identifierNodes: identifierTree.filter(\.isIdentifier).map {
                IdentifierNodeDigest(
                    path: $0.path, tests: $0.own.tests, failures: $0.own.failures, flakyTests: $0.own.flakyTests,
                    auditIssues: $0.own.auditIssues, auditErrors: $0.own.auditIssuesBySeverity[AuditIssue.Severity.error.rawValue] ?? 0)
            })
    }
}
