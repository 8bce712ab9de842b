/// One row of a child table of `runs`, kept as a value of its own (the small tables).
protocol RunChildRecord: Sendable {
    static var table: String { get }
    /// Column names, `run_id` first.
    static var columns: [String] { get }
    /// The names and strings the row refers to by id.
    var references: RowReferences { get }
    /// The row's values in `columns` order, with the ids of its run and of what it refers to.
    func write<Sink: SQLRowSink>(ids: RowIDs, to sink: inout Sink)
}

extension RunChildRecord {
    var references: RowReferences { RowReferences() }
}

extension Array: RunChildRows where Element: RunChildRecord {
    static var table: String { Element.table }
    static var columns: [String] { Element.columns }

    var references: RowReferences {
        var all = RowReferences()
        for record in self { all.formUnion(record.references) }
        return all
    }

    func write<Sink: SQLRowSink>(row index: Int, ids: RowIDs, to sink: inout Sink) {
        self[index].write(ids: ids, to: &sink)
    }
}
