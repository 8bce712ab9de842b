/// One row of a child table of `runs`, kept as a value of its own (the small tables).
protocol RunChildRecord: Sendable {
    static var table: String { get }
    /// Column names, `run_id` first.
    static var columns: [String] { get }
    /// The row's values in `columns` order, for the run with `runID`.
    func write<Sink: SQLRowSink>(runID: Int, to sink: inout Sink)
}

extension Array: RunChildRows where Element: RunChildRecord {
    static var table: String { Element.table }
    static var columns: [String] { Element.columns }

    func write<Sink: SQLRowSink>(row index: Int, runID: Int, to sink: inout Sink) {
        self[index].write(runID: runID, to: &sink)
    }
}
