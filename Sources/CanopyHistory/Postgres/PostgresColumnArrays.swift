import NIOCore
import PostgresNIO

/// Rows turned into one binary PostgreSQL array per column, for
/// `INSERT … SELECT … FROM unnest($1::int8[], $2::text[], …)`: a whole batch of rows in one
/// ordinary statement with one bound value per column.
///
/// An ordinary statement, not `COPY … FROM STDIN`: postgres-nio 1.33 stops the process with a
/// `preconditionFailure` ("Copy mode is only supported for extended queries") when a COPY's
/// connection closes between two writes (a server restart, a terminated backend, the pool
/// closing), where an ordinary statement fails with an error the store turns into
/// `HistoryError.connectionLost` and retries.
struct PostgresColumnArrays: SQLRowSink {
    /// One column's values, in PostgreSQL's binary array element layout (length, then bytes).
    struct Column {
        enum Kind: Equatable {
            /// Only NULLs so far: the column is inserted as NULL.
            case unknown
            case int8, float8, text, bytea
        }

        var kind = Kind.unknown
        var elements = ByteBuffer()
        var hasNull = false
    }

    private(set) var columns: [Column]
    /// Rows written whole.
    private(set) var rowCount = 0
    /// The first value of another kind than its column's earlier values (a record that writes an
    /// integer column as text): the batch is refused rather than the process stopped.
    private(set) var mismatch: String?
    private var column = 0

    init(columns: Int) {
        precondition(columns > 0, "a row has columns")
        self.columns = Array(repeating: Column(), count: columns)
    }

    /// Whether the values so far end on a whole row.
    var isAtRowStart: Bool { column == 0 }

    mutating func int(_ value: Int) {
        begin(.int8)
        columns[column].elements.writeInteger(Int32(8))
        columns[column].elements.writeInteger(Int64(value))
        endValue()
    }

    mutating func double(_ value: Double) {
        begin(.float8)
        columns[column].elements.writeInteger(Int32(8))
        columns[column].elements.writeInteger(value.bitPattern)
        endValue()
    }

    mutating func text(_ value: String) {
        begin(.text)
        columns[column].elements.writeInteger(Int32(value.utf8.count))
        columns[column].elements.writeString(value)
        endValue()
    }

    mutating func text(_ value: String, utf8Prefix byteCount: Int) {
        begin(.text)
        let bytes = value.utf8.prefix(byteCount)
        columns[column].elements.writeInteger(Int32(bytes.count))
        columns[column].elements.writeBytes(bytes)
        endValue()
    }

    mutating func blob(_ bytes: [UInt8]) {
        begin(.bytea)
        columns[column].elements.writeInteger(Int32(bytes.count))
        columns[column].elements.writeBytes(bytes)
        endValue()
    }

    mutating func null() {
        columns[column].elements.writeInteger(Int32(-1))
        columns[column].hasNull = true
        endValue()
    }

    /// Empties every column for the next batch, keeping the columns' kinds and capacity.
    mutating func removeAll() {
        precondition(isAtRowStart, "only whole rows are sent")
        for index in columns.indices {
            columns[index].elements.clear()
            columns[index].hasNull = false
        }
        rowCount = 0
    }

    /// The statement inserting the rows so far into `table`'s `names` (one per column), with its
    /// bound arrays.
    func insert(into table: String, names: [String], suffix: String = "") -> PostgresQuery {
        let (sql, arrays) = statement(into: table, names: names)
        var bindings = PostgresBindings(capacity: arrays.count)
        for array in arrays { bindings.append(array) }
        return PostgresQuery(unsafeSQL: sql + suffix, binds: bindings)
    }

    /// The SQL of `insert` and the arrays it binds. A column that held only NULLs is inserted as
    /// a NULL literal, unbound.
    func statement(into table: String, names: [String]) -> (sql: String, arrays: [PostgresBinaryArray]) {
        precondition(names.count == columns.count && isAtRowStart, "one name per column, whole rows")
        var arrays: [PostgresBinaryArray] = []
        var parameters: [String] = []
        var selected: [String] = []
        for column in columns {
            guard let type = column.kind.sqlType else {
                selected.append("NULL")
                continue
            }
            arrays.append(PostgresBinaryArray(column: column, count: rowCount))
            parameters.append("$\(arrays.count)::\(type)[]")
            selected.append("u.c\(arrays.count)")
        }
        let head =
            "INSERT INTO \"\(table)\" (\(names.map { "\"\($0)\"" }.joined(separator: ", "))) SELECT \(selected.joined(separator: ", "))"
        guard !arrays.isEmpty else { return ("\(head) FROM generate_series(1, \(rowCount))", []) }
        let aliases = (1...arrays.count).map { "c\($0)" }.joined(separator: ", ")
        return ("\(head) FROM unnest(\(parameters.joined(separator: ", "))) AS u (\(aliases))", arrays)
    }

    private mutating func begin(_ kind: Column.Kind) {
        switch columns[column].kind {
        case kind: return
        case .unknown: columns[column].kind = kind
        default:
            if mismatch == nil {
                mismatch = HistoryError.mixedColumn(column + 1, holds: "\(columns[column].kind)", then: "\(kind)")
            }
        }
    }

    private mutating func endValue() {
        column += 1
        if column == columns.count {
            column = 0
            rowCount += 1
        }
    }
}

extension PostgresColumnArrays.Column.Kind {
    /// The element type's name in SQL, nil when unknown.
    var sqlType: String? {
        switch self {
        case .unknown: nil
        case .int8: "int8"
        case .float8: "float8"
        case .text: "text"
        case .bytea: "bytea"
        }
    }

    var arrayType: PostgresDataType {
        switch self {
        case .int8: .int8Array
        case .float8: .float8Array
        case .bytea: .byteaArray
        case .text, .unknown: .textArray
        }
    }

    var elementType: PostgresDataType {
        switch self {
        case .int8: .int8
        case .float8: .float8
        case .bytea: .bytea
        case .text, .unknown: .text
        }
    }
}

/// One column as a bound one-dimensional array in PostgreSQL's binary format.
struct PostgresBinaryArray: PostgresDynamicTypeEncodable {
    let column: PostgresColumnArrays.Column
    let count: Int

    var psqlType: PostgresDataType { column.kind.arrayType }
    var psqlFormat: PostgresFormat { .binary }

    func encode<JSONEncoder: PostgresJSONEncoder>(
        into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
    ) {
        buffer.writeInteger(Int32(1))  // dimensions
        buffer.writeInteger(Int32(column.hasNull ? 1 : 0))
        buffer.writeInteger(column.kind.elementType.rawValue)
        buffer.writeInteger(Int32(count))
        buffer.writeInteger(Int32(1))  // lower bound
        buffer.writeImmutableBuffer(column.elements)
    }
}
