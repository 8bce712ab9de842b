import CanopyModel
import Foundation

/// A parser of one JSON format: the file is read whole (`JSONDocument`), and a warning names any
/// invalid UTF-8 repaired on the way.
protocol JSONReportParser: ReportParser {
    /// The input the document `root` of the file at `path` (`bytes` long) holds.
    func parse(_ root: JSONValue, path: String, bytes: Int) throws(ParserError) -> ParsedInput
    /// The largest file of this format read, in bytes; nil for no limit. The whole file is parsed
    /// into memory before the format's own limits apply.
    var maximumFileBytes: Int? { get }
}

extension JSONReportParser {
    var maximumFileBytes: Int? { nil }

    package func parse(fileAt path: String) throws(ParserError) -> ParsedInput {
        if let limit = maximumFileBytes,
            let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit
        {
            throw .invalidValue(
                path: path, jsonPath: "$",
                message:
                    "the file is \(size >> 20) MB, more than the \(limit >> 20) MB Canopy reads of one \(format.rawValue) file; a screen holds hundreds of elements, so this producer is broken: fix it or leave the file out"
            )
        }
        let document = try JSONDocument.load(path)
        try JSONDocument.refuseOwnDocument(document.value, path: path)
        var input = try parse(document.value, path: path, bytes: document.bytes)
        input.diagnostics.insert(contentsOf: document.repairs, at: 0)
        return input
    }
}
