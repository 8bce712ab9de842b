import CanopyModel
import GRDB
import GRDBSQLite

extension SQLiteHistoryStore {
    /// Gives every name and string `references` holds an id in `ids`: the stored one, found by
    /// its unique index, or a new row's. Inside the caller's transaction, whose write lock keeps
    /// another writer from adding the same entry meanwhile.
    ///
    /// The entries without an id yet are resolved together (`resolve(_:count:in:write:found:)`), not one
    /// statement or two per entry: a run of 90,000 tests names 90,000 of them.
    static func resolve(_ references: RowReferences, into ids: inout RowIDs, in db: Database) throws {
        let names = ids.names.isEmpty ? references.names : references.names.filter { ids.names[$0.key] == nil }
        if !names.isEmpty {
            try resolve(.names, count: names.count, in: db) { index, sink in
                names[index].write(to: &sink)
            } found: {
                ids.names[names[$0].key] = $1
            }
        }
        // Rows name the same strings many times (a category per failure): each is staged once.
        let strings = Array(Set(references.strings.filter { ids.strings[$0] == nil }))
        if !strings.isEmpty {
            try resolve(.strings, count: strings.count, in: db) { index, sink in
                sink.text(strings[index])
            } found: {
                ids.strings[strings[$0]] = $1
            }
        }
    }

    /// A dictionary table whose rows are found by one unique column (`test_names`, `strings`), and
    /// the temporary table of the writer's connection its incoming entries are staged in.
    struct DictionaryTable {
        var table: String
        /// The columns a new row is written with, `key` first.
        var columns: [String]
        var staging: String

        var key: String { columns[0] }

        static let names = DictionaryTable(table: TestName.table, columns: TestName.columns, staging: "incoming_names")
        static let strings = DictionaryTable(table: "strings", columns: ["value"], staging: "incoming_strings")
    }

    /// How many entries are staged at a time: the staging table lives in the connection's memory,
    /// which SQLite keeps once it has grown.
    static let stagedEntries = 8192

    /// Resolves `count` entries of `dictionary`, each written by `write` (its `columns`, in order),
    /// and hands `found` each entry's position with its id, `stagedEntries` entries at a time.
    /// The entries go into the staging table by position; one statement adds those the table
    /// lacks, in key order (so its unique index grows in order) and each once; one reads the id of
    /// every entry back by position. The staging table is left empty.
    private static func resolve(
        _ dictionary: DictionaryTable, count: Int, in db: Database, write: (Int, inout SQLiteRowBinder) -> Void,
        found: (Int, Int) -> Void
    ) throws {
        try db.execute(
            sql: """
                CREATE TEMP TABLE IF NOT EXISTS \(dictionary.staging) (position INTEGER PRIMARY KEY, \
                \(dictionary.columns.map { "\($0) TEXT" }.joined(separator: ", ")))
                """)
        let staging = "temp.\(dictionary.staging)"
        for start in stride(from: 0, to: count, by: stagedEntries) {
            let chunk = start..<min(start + stagedEntries, count)
            try insertRows(count: chunk.count, into: staging, columns: ["position"] + dictionary.columns, in: db) {
                range, sink in
                for index in range {
                    sink.int(chunk.lowerBound + index)
                    write(chunk.lowerBound + index, &sink)
                }
            }
            try resolveStaged(dictionary, count: chunk.count, in: db, found: found)
        }
    }

    /// Adds the staged entries `dictionary` lacks and hands `found` each staged entry's position
    /// with its id; empties the staging table.
    private static func resolveStaged(
        _ dictionary: DictionaryTable, count: Int, in db: Database, found: (Int, Int) -> Void
    ) throws {
        let staging = "temp.\(dictionary.staging)"
        let columns = dictionary.columns.joined(separator: ", ")
        try db.cachedStatement(
            sql: """
                INSERT INTO \(dictionary.table) (\(columns)) SELECT \(columns) FROM \(staging) WHERE true \
                ORDER BY \(dictionary.key) ON CONFLICT (\(dictionary.key)) DO NOTHING
                """
        ).execute()
        // The staged entries are the outer loop, each found by the table's unique index.
        let lookUp = try db.cachedStatement(
            sql: """
                SELECT s.position, t.id FROM \(staging) AS s CROSS JOIN \(dictionary.table) AS t \
                ON t.\(dictionary.key) = s.\(dictionary.key)
                """)
        let handle = lookUp.sqliteStatement
        sqlite3_reset(handle)
        var code = sqlite3_step(handle)
        var resolved = 0
        while code == SQLITE_ROW {
            let position = Int(truncatingIfNeeded: sqlite3_column_int64(handle, 0))
            found(position, Int(truncatingIfNeeded: sqlite3_column_int64(handle, 1)))
            resolved += 1
            code = sqlite3_step(handle)
        }
        guard code == SQLITE_DONE else { throw error(code, statement: lookUp, in: db) }
        try db.execute(sql: "DELETE FROM \(staging)")
        // Every entry is in the table now, so each position was read once.
        precondition(resolved == count, "every entry of \(dictionary.table) resolved")
    }
}
