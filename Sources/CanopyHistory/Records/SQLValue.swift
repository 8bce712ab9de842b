/// A value bound into a statement, independent of the database driver.
enum SQLValue: Sendable, Equatable {
    case int(Int)
    case double(Double)
    case text(String)
    case null

    init(_ value: Int?) { self = value.map { .int($0) } ?? .null }
    init(_ value: Double?) { self = value.map { .double($0) } ?? .null }
    init(_ value: String?) { self = value.map { .text($0) } ?? .null }
    init(_ value: Bool) { self = .int(value ? 1 : 0) }
}

/// Receives one row's values in column order. SQLite's writer binds each straight into its
/// statement (`SQLiteRowBinder`) and PostgreSQL's gathers one binary array per column
/// (`PostgresColumnArrays`). Writing rows through a sink instead of returning `[SQLValue]` per
/// row saves an array, its enum boxes and their reference counting for every row, on the store's
/// critical path.
protocol SQLRowSink {
    mutating func int(_ value: Int)
    mutating func double(_ value: Double)
    mutating func text(_ value: String)
    /// The first `byteCount` UTF-8 bytes of `value`, which end on a character boundary.
    mutating func text(_ value: String, utf8Prefix byteCount: Int)
    mutating func null()
}

extension SQLRowSink {
    mutating func int(_ value: Int?) {
        if let value { int(value) } else { null() }
    }

    mutating func double(_ value: Double?) {
        if let value { double(value) } else { null() }
    }

    mutating func text(_ value: String?) {
        if let value { text(value) } else { null() }
    }

    mutating func bool(_ value: Bool) { int(value ? 1 : 0) }
}

/// The rows of one child table of `runs`: its columns (`run_id` first) and each row's values.
protocol RunChildRows: Sendable {
    static var table: String { get }
    /// Column names, `run_id` first.
    static var columns: [String] { get }
    var count: Int { get }
    /// Row `index`'s values in `columns` order, for the run with `runID`.
    func write<Sink: SQLRowSink>(row index: Int, runID: Int, to sink: inout Sink)
}

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
