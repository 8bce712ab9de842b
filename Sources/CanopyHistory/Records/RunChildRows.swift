/// The rows of one child table of `runs`: its columns (`run_id`, or the run id column, first)
/// and each row's values.
protocol RunChildRows: Sendable {
    static var table: String { get }
    /// Column names, `run_id` first.
    static var columns: [String] { get }
    var count: Int { get }
    /// The names and strings the rows refer to by id; `write` finds each in `ids`.
    var references: RowReferences { get }
    /// What an `INSERT` of these rows does when a row's key is stored already; nil for tables
    /// whose rows are always new.
    static var upsert: Upsert? { get }
    /// The rows in the order they are written once `ids` are known (as they are by default).
    func ordered(ids: RowIDs) -> Self
    /// Row `index`'s values in `columns` order, with the ids of its run and of what it refers to.
    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink)
}

extension RunChildRows {
    var references: RowReferences { RowReferences() }
    static var upsert: Upsert? { nil }
    func ordered(ids: RowIDs) -> Self { self }
}

/// How rows whose key is stored already are updated: `ON CONFLICT (key) DO UPDATE SET update`,
/// the same in both dialects.
struct Upsert: Sendable {
    /// The columns of the table's primary key.
    var key: [String]
    /// The `SET` list, with its `WHERE` (`excluded.` names the row being inserted).
    var update: String

    var clause: String { "ON CONFLICT (\(key.joined(separator: ", "))) DO UPDATE SET \(update)" }
}
