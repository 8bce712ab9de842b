extension HistoryMigration {
    /// Version 7: each failure keeps its message as the run read it (`failures.message`), at most
    /// `FailureDigest.messageLimit` bytes of it, so a reader of a stored run (`report`, the
    /// trend's latest run) shows the message `run` showed (`Exceeded timeout of 10 seconds`), not
    /// the normalised one (`Exceeded timeout of {duration}`) the fingerprint is made from.
    ///
    /// A failure stored before keeps NULL: its message was never stored, and its readers show the
    /// normalised message (`FailureDigest.shownMessage`).
    static let v7FailureMessages = HistoryMigration(
        version: 7, name: "failure-messages",
        statements: [
            "ALTER TABLE failures ADD COLUMN message TEXT"
        ])
}
