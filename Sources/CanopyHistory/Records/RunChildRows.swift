/// The rows of one child table of `runs`: its columns (`run_id` first) and each row's values.
protocol RunChildRows: Sendable {
    static var table: String { get }
    /// Column names, `run_id` first.
    static var columns: [String] { get }
    var count: Int { get }
    /// Row `index`'s values in `columns` order, for the run with `runID`.
    func write<Sink: SQLRowSink>(row index: Int, runID: Int, to sink: inout Sink)
}
