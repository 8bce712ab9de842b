extension HistoryMigration {
    /// Version 8: a run's shards, stored by each CI leg (`canopy ingest --shard`) until a final
    /// step merges them into the run (`canopy run --expect-shards`), then deleted. A shard is its
    /// leg's assembled run, encoded by the pipeline (`payload`); sent again, it replaces itself.
    static let v8Shards = HistoryMigration(
        version: 8, name: "shards",
        statements: [
            """
            CREATE TABLE shards (
              run_key TEXT NOT NULL, shard TEXT NOT NULL, tests INTEGER NOT NULL,
              stored_at {REAL} NOT NULL, payload TEXT NOT NULL,
              PRIMARY KEY (run_key, shard)
            )
            """
        ])
}
