extension HistoryMigration {
    /// Version 5: a run's branch coverage is kept in one place, `identifier_nodes`; `coverage`
    /// holds no rows of scope `branch`.
    ///
    /// The tree is the place that holds every branch's figures (`interactive`, `identified` of the
    /// node and all under it, at every depth), and its readers need them all: `report` draws the
    /// stored tree, and the branch figures of `coverage(runKey:)` (what a comparison and
    /// `insights.json` read) are the nodes down to `coverage.branchDepth`. The `coverage` table keeps
    /// the run-level scopes (`overall`, `screen`, `elementType`): trend series and the gates'
    /// coverage drop read `overall` alone. A node that is one of the run's branch figures has
    /// `branch_coverage` set:
    ///
    /// - `1`: the node is one of the run's branch coverage figures (its depth was within
    ///   `coverage.branchDepth` and it had elements to cover when the run was analysed);
    /// - `2`: a branch figure with no node of its own: runs stored before version 3 kept only the
    ///   identifier nodes, so a branch above them moves here as a row that holds the figure only;
    ///   `identifierNodes(runKey:)` leaves these rows out;
    /// - NULL: any other node.
    ///
    /// The migration marks the nodes of every `branch` row, fills the figures of nodes stored before
    /// version 3 (whose `interactive`/`identified` are NULL; `identifierNodes(runKey:)` keeps them
    /// NULL for such rows, as they read before), adds the figure-only rows, and deletes the
    /// `branch` rows from `coverage`. What `coverage(runKey:)` and `identifierNodes(runKey:)` read
    /// is unchanged.
    static let v5BranchCoverageInTree = HistoryMigration(
        version: 5, name: "branch-coverage-in-tree",
        statements: [
            "ALTER TABLE identifier_nodes ADD COLUMN branch_coverage INTEGER",
            """
            UPDATE identifier_nodes SET branch_coverage = 1,
              interactive = COALESCE(interactive, (SELECT c.interactive FROM coverage c WHERE c.run_id = identifier_nodes.run_id \
            AND c.scope = 'branch' AND c.name = identifier_nodes.path)),
              identified = COALESCE(identified, (SELECT c.identified FROM coverage c WHERE c.run_id = identifier_nodes.run_id \
            AND c.scope = 'branch' AND c.name = identifier_nodes.path))
            WHERE EXISTS (SELECT 1 FROM coverage c WHERE c.run_id = identifier_nodes.run_id AND c.scope = 'branch' \
            AND c.name = identifier_nodes.path)
            """,
            """
            INSERT INTO identifier_nodes (run_id, path, tests, failures, flaky_tests, audit_issues, interactive, identified, branch_coverage)
            SELECT c.run_id, c.name, 0, 0, 0, 0, c.interactive, c.identified, 2 FROM coverage c
            WHERE c.scope = 'branch' AND NOT EXISTS (SELECT 1 FROM identifier_nodes n WHERE n.run_id = c.run_id AND n.path = c.name)
            """,
            "DELETE FROM coverage WHERE scope = 'branch'",
        ])
}
