/// Reads the columns of one result row by position, whichever driver produced it.
protocol SQLRowReader {
    func text(_ index: Int) throws -> String?
    func int(_ index: Int) throws -> Int?
    func double(_ index: Int) throws -> Double?
    /// A BLOB (`BYTEA`) column's bytes.
    func blob(_ index: Int) throws -> [UInt8]?
}
