extension HistoryMigration {
    /// Version 3: a run keeps the branch its pull request targets, and identifier nodes keep how
    /// many of their audit issues are errors.
    ///
    /// Until now `canopy report` of a stored pull request run compared it with the run before it
    /// on its own branch, where `canopy run` had compared it with its target branch; and it showed
    /// every audit issue of a node as an error. Rows stored before this version keep NULL in both
    /// columns (unknown).
    static let v3BaseBranchAuditErrors = HistoryMigration(
        version: 3, name: "base-branch-audit-errors",
        statements: [
            "ALTER TABLE runs ADD COLUMN base_branch TEXT",
            "ALTER TABLE identifier_nodes ADD COLUMN audit_errors INTEGER",
        ])
}
