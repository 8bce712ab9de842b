extension HistoryMigration {
    /// Version 3: a run keeps the branch its pull request targets, and `identifier_nodes` keeps
    /// the run's whole identifier tree: every node with its parent and its branch's figures
    /// (the node and all under it: coverage included), errors among its audit issues counted.
    ///
    /// With these `canopy report` of a stored pull request run compares it with its target branch,
    /// as `canopy run` does, and draws the tree the run's dashboard drew, audit errors told from
    /// warnings. Rows stored before this version keep NULL in the new columns (`audit_errors` NULL
    /// marks them).
    static let v3BaseBranchTree = HistoryMigration(
        version: 3, name: "base-branch-tree",
        statements: [
            "ALTER TABLE runs ADD COLUMN base_branch TEXT",
            "ALTER TABLE identifier_nodes ADD COLUMN audit_errors INTEGER",
            "ALTER TABLE identifier_nodes ADD COLUMN parent TEXT",
            "ALTER TABLE identifier_nodes ADD COLUMN interactive INTEGER",
            "ALTER TABLE identifier_nodes ADD COLUMN identified INTEGER",
        ])
}
