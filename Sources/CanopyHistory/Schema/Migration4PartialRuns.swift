extension HistoryMigration {
    /// Version 4: a run stored with `canopy run --allow-partial` keeps the inputs that could not
    /// be read (`path:line:column: error: why`, one per line), so a later reader knows its tests
    /// may be missing. NULL for a run whose every input was read, as for every run stored before.
    static let v4PartialRuns = HistoryMigration(
        version: 4, name: "partial-runs",
        statements: [
            "ALTER TABLE runs ADD COLUMN unread_inputs TEXT"
        ])
}
