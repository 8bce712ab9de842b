/// What analysis concluded about one run, in the form history stores it: per-failure categories
/// and fingerprints, identifier nodes touched, and coverage figures.
///
/// Analysis (`CanopyAnalysis`) produces it from a `Run`; history (`CanopyHistory`) persists it
/// beside the run so trends and flakiness can be computed without re-analysing old inputs.
package struct RunDigest: Sendable, Equatable, Hashable, Codable {
    package var failures: [FailureDigest]
    package var coverage: [CoverageFigure]
    package var identifierNodes: [IdentifierNodeDigest]

    package init(failures: [FailureDigest] = [], coverage: [CoverageFigure] = [], identifierNodes: [IdentifierNodeDigest] = []) {
        self.failures = failures
        self.coverage = coverage
        self.identifierNodes = identifierNodes
    }
}

/// The analysis of one failure of one attempt.
package struct FailureDigest: Sendable, Equatable, Hashable, Codable {
    /// `TestIdentity.key` of the test.
    package var testKey: String
    /// Index of the attempt in `TestCase.attempts`.
    package var attemptIndex: Int
    /// Failure category name (`elementNotFound`, `uiQueryTimeout`, …).
    package var category: String
    /// Whether the category blames the test infrastructure rather than the app.
    package var isInfrastructure: Bool
    /// Stable fingerprint of (category, normalised message, identifier template).
    package var fingerprint: String
    /// The normalised message the fingerprint was made from.
    package var normalizedMessage: String
    /// The identifier template the failure was mapped to (`Podcast-{id}-row`), when any.
    package var identifier: String?

    package init(
        testKey: String, attemptIndex: Int, category: String, isInfrastructure: Bool, fingerprint: String,
        normalizedMessage: String, identifier: String? = nil
    ) {
        self.testKey = testKey
        self.attemptIndex = attemptIndex
        self.category = category
        self.isInfrastructure = isInfrastructure
        self.fingerprint = fingerprint
        self.normalizedMessage = normalizedMessage
        self.identifier = identifier
    }
}

/// Identifier coverage over one scope.
package struct CoverageFigure: Sendable, Equatable, Hashable, Codable {
    package enum Scope: String, Sendable, Equatable, Hashable, Codable {
        case overall, screen, elementType, branch
    }

    package var scope: Scope
    /// The screen, element type or branch name; empty for `overall`.
    package var name: String
    /// Interactive elements in scope.
    package var interactive: Int
    /// Interactive elements with a deliberate identifier.
    package var identified: Int

    package init(scope: Scope, name: String, interactive: Int, identified: Int) {
        self.scope = scope
        self.name = name
        self.interactive = interactive
        self.identified = identified
    }

    /// `identified / interactive`, or nil when there is nothing to cover.
    package var ratio: Double? { interactive > 0 ? Double(identified) / Double(interactive) : nil }
}

/// One node of the identifier tree as touched by a run, with the figures of its branch (the
/// node and every node under it): every node of the tree, so a stored run's tree can be drawn
/// as the run's own dashboard drew it.
///
/// Runs stored before schema version 3 kept the identifier nodes alone (templates used exactly),
/// with their own figures and no parent or error count: `auditErrors` is nil for those.
package struct IdentifierNodeDigest: Sendable, Equatable, Hashable, Codable {
    /// The node's template path (`Checkout.PaymentSheet.PayButton`, `Podcast-{id}-row`).
    package var path: String
    /// The parent's path; nil for a root (and for every node stored before schema 3).
    package var parent: String?
    /// Distinct tests that touched the branch.
    package var tests: Int
    package var failures: Int
    /// Distinct flaky tests among `tests`.
    package var flakyTests: Int
    package var auditIssues: Int
    /// Of `auditIssues`, those of error severity (the rest are warnings); nil before schema 3.
    package var auditErrors: Int?
    /// Interactive elements attributed to the branch, and of those the identified ones; nil
    /// before schema 3 (the run's branch coverage figures reach `coverage.branchDepth` only).
    package var interactive: Int?
    package var identified: Int?

    package init(
        path: String, parent: String?, tests: Int, failures: Int, flakyTests: Int, auditIssues: Int, auditErrors: Int?,
        interactive: Int? = nil, identified: Int? = nil
    ) {
        self.path = path
        self.parent = parent
        self.tests = tests
        self.failures = failures
        self.flakyTests = flakyTests
        self.auditIssues = auditIssues
        self.auditErrors = auditErrors
        self.interactive = interactive
        self.identified = identified
    }
}
