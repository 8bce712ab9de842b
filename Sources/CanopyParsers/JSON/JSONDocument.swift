import CanopyModel
import Foundation

/// Reads a JSON input file into a `JSONValue`, turning read and syntax failures into
/// `ParserError`s that name the file, the line, the column and the byte offset.
enum JSONDocument {
    struct Loaded {
        var value: JSONValue
        var bytes: Int
        /// Warnings for strings that held invalid UTF-8 or `\u0000`, repaired with U+FFFD.
        var repairs: [Diagnostic]
    }

    static func load(_ path: String) throws(ParserError) -> Loaded {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: ParserError.reason(reading: error))
        }
        if data.isEmpty { throw .empty(path: path) }
        let (value, repairs) = try parseRepairing([UInt8](data), path: path)
        return Loaded(value: value, bytes: data.count, repairs: repairs)
    }

    /// Parses the whole content of the file at `path` (a leading byte order mark is skipped).
    static func parse(_ content: [UInt8], path: String) throws(ParserError) -> JSONValue {
        try parseRepairing(content, path: path).value
    }

    /// `parse`, and a warning naming the first string whose invalid UTF-8 was repaired, and one
    /// naming the first `\u0000` replaced (names are normalised here, once, so that they reach both
    /// history stores and come back byte for byte).
    static func parseRepairing(_ content: [UInt8], path: String) throws(ParserError) -> (
        value: JSONValue, repairs: [Diagnostic]
    ) {
        var bytes = content
        let bom = bytes.starts(with: [0xEF, 0xBB, 0xBF])
        if bom { bytes.removeFirst(3) }
        do {
            let (value, repairs) = try JSONReader.parseRepairing(bytes)
            func shifted(_ failure: JSONReadFailure?) -> JSONReadFailure? {
                failure.map {
                    var moved = $0
                    moved.offset += bom ? 3 : 0
                    return moved
                }
            }
            let warnings = repairWarnings(
                path: path, invalidUTF8: repairs.invalidUTF8, firstInvalidUTF8: shifted(repairs.firstInvalidUTF8),
                nul: repairs.nul, firstNUL: shifted(repairs.firstNUL))
            return (value, warnings)
        } catch {
            var failure = error
            failure.offset += bom ? 3 : 0
            throw malformed(path: path, failure: failure)
        }
    }

    /// A warning naming the first string whose invalid UTF-8 was repaired, and one naming the
    /// first `\u0000` replaced (each failure's offset is the file's byte offset).
    static func repairWarnings(
        path: String, invalidUTF8: Int, firstInvalidUTF8: JSONReadFailure?, nul: Int, firstNUL: JSONReadFailure?
    ) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        if let first = firstInvalidUTF8 {
            warnings.append(
                Diagnostic(
                    .warning,
                    "invalid UTF-8 in \(invalidUTF8) string(s), the first at byte offset \(first.offset); repaired with U+FFFD",
                    file: path, line: first.line, column: first.column))
        }
        if let first = firstNUL {
            warnings.append(
                Diagnostic(
                    .warning,
                    "\(nul) NUL character(s) (\\u0000) in strings, the first at byte offset \(first.offset); each replaced with U+FFFD, as history cannot store NUL in names or messages",
                    file: path, line: first.line, column: first.column))
        }
        return warnings
    }

    /// The error for JSON that is not well-formed at `failure` (its offset the file's byte offset).
    static func malformed(path: String, failure: JSONReadFailure) -> ParserError {
        let hint =
            failure.truncated
            ? "The file looks truncated: did the step that wrote it stop early?"
            : "Expected well-formed JSON"
        return .malformed(
            path: path, line: failure.line, column: failure.column,
            message: "invalid JSON at byte offset \(failure.offset): \(failure.message)", hint: hint)
    }
}

extension JSONDocument {
    /// Refuses Canopy's own documents (report.json, insights.json, `inspect --format json`: a
    /// `canopy.…` schema), which may look like an input (report.json has `auditIssues`) and are
    /// never one: a directory that holds them skips them with a note.
    static func refuseOwnDocument(_ value: JSONValue, path: String) throws(ParserError) {
        guard let schema = value["schema"]?.text, schema.hasPrefix("canopy.") else { return }
        throw .notAReport(path: path, found: "Canopy's own \(schema) document, an output of canopy, not an input")
    }
}
