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

/// A record type for one child table of `runs`: its columns (`run_id` first) and one row of values.
protocol RunChildRecord: Sendable {
    static var table: String { get }
    /// Column names, `run_id` first.
    static var columns: [String] { get }
    /// The row's values in `columns` order, for the run with `runID`.
    func values(runID: Int) -> [SQLValue]
}

extension RunChildRecord {
    /// `INSERT INTO table (columns) VALUES ` without the value tuples.
    static var insertPrefix: String { "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES " }
}
