extension HistoryMigration {
    /// Version 6: every stored duration and time lies in `InputRange`'s ranges (documented in
    /// `docs/input-formats.md`, "Numbers"), as the parsers now guarantee for new runs.
    ///
    /// Runs stored before the parsers checked their numbers may hold a duration that is negative,
    /// not finite or longer than 30 days (a JUnit `time="1e16"`, an xcresult duration of −1e308),
    /// or a start or finish outside 2000…2100 (a summary `startTime` of 1e300). The migration
    /// makes each such value unknown, as the parsers make it now:
    ///
    /// - `tests.duration`, `attempts.duration`: NULL (unknown);
    /// - `runs.duration` (NOT NULL, the sum of the tests' durations): 0 when negative, not finite or
    ///   beyond 30 days times 2^31 − 1 (what a sum of durations in range can reach);
    /// - `runs.started_at`, `runs.finished_at`: NULL; a run whose start is cleared is sorted by the
    ///   time it was ingested (`sort_time = ingested_at`), as a run without a start always was.
    ///
    /// A NaN compares false in SQLite (which stores it as NULL anyway) and greater than every
    /// number in PostgreSQL, so `NOT (x BETWEEN low AND high)` selects it in both. Readers apply the
    /// same ranges to what they read (`HistoryRowDecoding`), so a store not yet migrated (opened by
    /// a reader) reads the same.
    static let v6NumbersInRange = HistoryMigration(
        version: 6, name: "numbers-in-range",
        statements: [
            "UPDATE tests SET duration = NULL WHERE duration IS NOT NULL AND NOT (duration BETWEEN 0 AND \(v6Bounds.duration))",
            "UPDATE attempts SET duration = NULL WHERE duration IS NOT NULL AND NOT (duration BETWEEN 0 AND \(v6Bounds.duration))",
            "UPDATE runs SET duration = 0 WHERE NOT (duration BETWEEN 0 AND \(v6Bounds.runDuration))",
            """
            UPDATE runs SET sort_time = ingested_at, started_at = NULL
            WHERE started_at IS NOT NULL AND NOT (started_at BETWEEN \(v6Bounds.earliest) AND \(v6Bounds.latest))
            """,
            "UPDATE runs SET finished_at = NULL WHERE finished_at IS NOT NULL AND NOT (finished_at BETWEEN \(v6Bounds.earliest) AND \(v6Bounds.latest))",
        ])

    /// The bounds of version 6 as SQL literals: `InputRange`'s at the time, written out because a
    /// migration's statements never change once shipped (`NumbersInRangeMigrationTests` checks
    /// they agree with `InputRange`).
    static let v6Bounds = (
        // `InputRange.maximumDuration`: 30 days in seconds.
        duration: "2592000",
        // `InputRange.maximumDuration` × `InputRange.maximumCount`.
        runDuration: "5566277613024000",
        // `InputRange.earliestDate` and `latestDate` in seconds since 1970.
        earliest: "946684800", latest: "4102444800"
    )
}
