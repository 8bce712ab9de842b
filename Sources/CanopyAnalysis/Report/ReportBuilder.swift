import CanopyModel

/// Builds a `Report` from a `Run`: a pure function of its inputs.
package enum ReportBuilder {
    /// How many test keys a cluster lists (`testCount` has them all): as many as the dashboard's
    /// failure groups list (`FailureGroups.testLimit`).
    package static let clusterTestLimit = 50

    /// Correlates the run's failures, snapshots and audit issues into one report.
    ///
    /// A configuration pattern that does not compile never stops the analysis: the identifier
    /// scheme falls back to the defaults and a category rule is skipped, each with a diagnostic
    /// (`AnalysisConfiguration.validate()` reports them up front with their key paths).
    package static func build(run: Run, configuration: AnalysisConfiguration = AnalysisConfiguration()) -> Report {
        var diagnostics = run.diagnostics
        // 1. Compile the identifier scheme and the ordered category rules.
        let scheme = compileScheme(configuration.identifiers, diagnostics: &diagnostics)
        let rules = configuration.effectiveCategories
        let categorizer = FailureCategorizer(rules: rules, diagnostics: &diagnostics)
        // 2. Index the identifiers and labels the snapshots and audits know.
        let index = ElementIndex(run: run, scheme: scheme)
        // 3. Find the element each failure names and those each failing attempt's activity touched.
        let mentions = FailureMentions(run: run, index: index)
        // 4. Template every identifier: rules first, then the data-driven fold over the whole run.
        var identifiers = mentions.identifiers
        identifiers.formUnion(index.identifiers)
        for issue in run.auditIssues {
            if let (identifier, _) = AuditJoiner.identifier(of: issue, index: index) { identifiers.insert(identifier) }
        }
        let templates = scheme.templates(for: identifiers)
        // 5. Coverage from snapshots; element counts and attributed coverage per template.
        var facts = NodeFactTable()
        var coverage = CoverageAnalyzer(scheme: scheme, templates: templates)
            .analyze(run.screens, branchDepth: configuration.coverage.branchDepth, facts: &facts)
        // 6. Categorise, normalise and fingerprint every failure; map it to its element.
        let correlator = FailureCorrelator(
            categorizer: categorizer, normalizer: MessageNormalizer(templates: templates), templates: templates)
        let failures = correlator.records(run: run, mentions: mentions, facts: &facts)
        // 7–9 in two independent halves at once: clustering reads the records alone; the audit
        // join, the tree and the identifier checks read the facts and the run.
        let ((clusters, categories), (audits, tree, identifierTests)) = ParallelMap.both(
            {
                // 7. Cluster by fingerprint; the failed tests by cause.
                let clusters = ClusterBuilder.clusters(failures, testLimit: clusterTestLimit)
                let tests = run.tests
                let causes = FailureGroups.causes(
                    failures,
                    failedTests: tests.indices.lazy.filter { tests[$0].outcome == .failed }.map {
                        tests[$0].identity.key
                    },
                    clusters: clusters)
                return (
                    clusters,
                    ClusterBuilder.categories(causes: causes, clusters: clusters, rules: categorizer.rules.map(\.rule))
                )
            },
            {
                // 8. Join audit issues to elements and nodes.
                let outcomes: [String: TestOutcome] =
                    run.auditIssues.isEmpty
                    ? [:]
                    : Dictionary(
                        run.tests.map { ($0.identity.key, $0.outcome) }, uniquingKeysWith: { first, _ in first })
                let audits = AuditJoiner(index: index, templates: templates).findings(
                    run: run, testOutcomes: outcomes, facts: &facts)
                // 9. Build the tree and roll figures up its branches; branch coverage; identifier checks.
                let tree = IdentifierTreeBuilder(scheme: scheme).nodes(facts.nodes)
                coverage.branches = tree.filter {
                    $0.depth <= configuration.coverage.branchDepth && $0.branch.interactive > 0
                }.map {
                    CoverageFigure(
                        scope: .branch, name: $0.path, interactive: $0.branch.interactive,
                        identified: $0.branch.identified)
                }
                let checks = IdentifierChecks(scheme: scheme, templates: templates)
                coverage.overlong = checks.overlong(run: run, mentioned: mentions.identifiers)
                coverage.conventionViolations = checks.conventionViolations(run: run)
                return (audits, tree, facts.testsByTemplate())
            })
        // 10. Assemble.
        let summary = RunSummary(
            metadata: run.metadata, totals: run.totals, inputs: run.inputs,
            infrastructureFailedTests: categories.reduce(0) { $0 + ($1.isInfrastructure ? $1.failedTests : 0) },
            clusters: clusters.count,
            identifiers: tree.reduce(0) { $0 + ($1.isIdentifier ? 1 : 0) })
        return Report(
            summary: summary, identifierTree: tree, coverage: coverage, categories: categories, clusters: clusters,
            failures: failures, auditIssues: audits, diagnostics: diagnostics, identifierTests: identifierTests)
    }

    private static func compileScheme(_ configuration: IdentifierSchemeConfiguration, diagnostics: inout [Diagnostic])
        -> IdentifierScheme
    {
        do {
            return try IdentifierScheme(configuration: configuration)
        } catch {
            diagnostics.append(Diagnostic(.warning, "identifier scheme: \(error); using the default scheme"))
            do {
                return try IdentifierScheme()
            } catch {
                preconditionFailure("the default identifier scheme must compile: \(error)")
            }
        }
    }
}
