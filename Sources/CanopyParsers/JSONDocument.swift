import CanopyModel
import Foundation

/// Reads a JSON input file into a `JSONValue`, turning read and syntax failures into
/// `ParserError`s that name the file, the line, the column and the byte offset.
enum JSONDocument {
    struct Loaded {
        var value: JSONValue
        var bytes: Int
    }

    static func load(_ path: String) throws(ParserError) -> Loaded {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: ParserError.reason(reading: error))
        }
        if data.isEmpty { throw .empty(path: path) }
        return Loaded(value: try parse([UInt8](data), path: path), bytes: data.count)
    }

    /// Parses the whole content of the file at `path` (a leading byte order mark is skipped).
    static func parse(_ content: [UInt8], path: String) throws(ParserError) -> JSONValue {
        var bytes = content
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        do {
            return try JSONReader.parse(bytes)
        } catch {
            let hint =
                error.truncated
                ? "The file looks truncated: did the step that wrote it stop early?"
                : "Expected well-formed JSON"
            throw .malformed(
                path: path, line: error.line, column: error.column,
                message: "invalid JSON at byte offset \(error.offset): \(error.message)", hint: hint)
        }
    }
}
