/// The rows of one child table of `runs`: its columns (`run_id` first) and each row's values.
protocol RunChildRows: Sendable {
    static var table: String { get }
    /// Column names, `run_id` first.
    static var columns: [String] { get }
    var count: Int { get }
    /// The names and strings the rows refer to by id; `write` finds each in `ids`.
    var references: RowReferences { get }
    /// Row `index`'s values in `columns` order, with the ids of its run and of what it refers to.
    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink)
}

extension RunChildRows {
    var references: RowReferences { RowReferences() }
}
