import CanopyModel
import Foundation

/// Why an input could not be read. Every case names the file and, where known, the line and
/// column or the JSON path, and says what to do next.
package enum ParserError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file could not be opened or read.
    case unreadable(path: String, reason: String)
    /// The file has no content.
    case empty(path: String)
    /// The content is not well-formed (XML or JSON) or is truncated.
    case malformed(path: String, line: Int?, column: Int?, message: String, hint: String?)
    /// The content was refused for safety (DTD entities).
    case unsafe(path: String, line: Int?, column: Int?, message: String)
    /// The content is well-formed but not a shape Canopy reads.
    case unknownFormat(path: String, found: String)
    /// Another kind of document: XML whose root element or JSON whose shape is not a report's
    /// (a coverage report, a property list, `package.json`). Skipped, with a note, when a
    /// directory or a pattern found it; an error when it was named.
    case notAReport(path: String, found: String)
    /// A JSON value has the wrong type or a required key is missing.
    case invalidValue(path: String, jsonPath: String, message: String)
    /// A report of `format`, named with a flag that takes another format.
    case wrongFlag(path: String, format: InputFormat, flag: String)
    /// An `.xcresult` bundle that cannot be read as it is (no database, a build that failed, a
    /// damaged database or payload); `message` says what is wrong and what to do.
    case invalidBundle(path: String, message: String)
    /// The file passes one of Canopy's input limits (`JUnitLimits`, `SnapshotLimits`) where
    /// reading only part of it could change the verdict; `message` names the limit.
    case overLimit(path: String, line: Int?, message: String)

    /// The file the error is about.
    package var path: String {
        switch self {
        case .unreadable(let path, _), .empty(let path), .malformed(let path, _, _, _, _), .unsafe(let path, _, _, _),
            .unknownFormat(let path, _), .notAReport(let path, _), .invalidValue(let path, _, _),
            .wrongFlag(let path, _, _), .invalidBundle(let path, _), .overLimit(let path, _, _):
            path
        }
    }

    package var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "\(path): error: cannot read the file: \(reason). Check the path and its permissions."
        case .empty(let path):
            return
                "\(path): error: the file is empty (0 bytes). The reporter did not write it: was the test step killed or did it run out of disk?"
        case .malformed(let path, let line, let column, let message, let hint):
            return "\(ParserError.place(path, line, column)): error: \(message)" + (hint.map { ". \($0)" } ?? "")
        case .unsafe(let path, let line, let column, let message):
            return "\(ParserError.place(path, line, column)): error: \(message)"
        case .unknownFormat(let path, let found), .notAReport(let path, let found):
            let accepted = ParserError.acceptedFormats
            return "\(path): error: not a report Canopy reads (\(found)). Canopy reads: \(accepted)."
        case .invalidValue(let path, let jsonPath, let message):
            return "\(path): error: at \(jsonPath): \(message)"
        case .wrongFlag(let path, let format, let flag):
            return
                "\(path): error: this is \(format.displayName), given with \(flag); give it with \(format.flag) or as a plain path"
        case .invalidBundle(let path, let message):
            return "\(path): error: \(message)"
        case .overLimit(let path, let line, let message):
            return "\(ParserError.place(path, line, nil)): error: \(message); nothing of it is read. Split the report, "
                + "or run `canopy run --allow-partial` to store the run without this file, marked partial"
        }
    }

    /// Why a file that is `.notAReport` is skipped, for its note.
    package var skipNote: String? {
        guard case .notAReport(_, let found) = self else { return nil }
        return "not a report Canopy reads (\(found))"
    }

    private static func place(_ path: String, _ line: Int?, _ column: Int?) -> String {
        var text = path
        if let line, line > 0 {
            text += ":\(line)"
            if let column, column > 0 { text += ":\(column)" }
        }
        return text
    }
}

extension ParserError {
    /// Why reading a file failed, in the system's words (`Input/output error`) where Foundation
    /// would say only "The operation could not be completed".
    static func reason(reading error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain
        {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
        return nsError.localizedDescription
    }
}
