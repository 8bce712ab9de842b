extension HistoryMigration {
    /// Version 3: identifier nodes keep how many of their audit issues are errors.
    ///
    /// Until now a node kept one total, and `canopy report` of a stored run showed every issue of
    /// a node as an error. Rows stored before this version keep NULL (their split is unknown).
    static let v3NodeAuditErrors = HistoryMigration(
        version: 3, name: "node-audit-errors",
        statements: ["ALTER TABLE identifier_nodes ADD COLUMN audit_errors INTEGER"])
}
