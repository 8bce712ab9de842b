import CanopyModel
import Foundation

/// Picks the format of an input from its content, never from its name.
package enum InputDetector {
    /// Bytes read from the start of a file to decide its format.
    static let sniffLength = 64 * 1024

    /// The format of the file at `path`.
    /// - Throws: `.empty`, `.unreadable`, `.notAReport` (well-formed, another kind of document) or
    ///   `.unknownFormat` (neither XML nor JSON), naming what was found and listing
    ///   the formats Canopy reads.
    package static func detect(path: String) throws(ParserError) -> InputFormat {
        let head = try readHead(path)
        guard !head.isEmpty else { throw .empty(path: path) }
        return try detect(head: head, path: path)
    }

    static func detect(head: [UInt8], path: String) throws(ParserError) -> InputFormat {
        if let encoding = utf16(head) {
            throw .unknownFormat(
                path: path,
                found: "text in \(encoding), which Canopy does not read: convert it to UTF-8 first "
                    + "(iconv -f \(encoding) -t UTF-8 \((path as NSString).lastPathComponent) > converted.\((path as NSString).pathExtension.isEmpty ? "xml" : (path as NSString).pathExtension))"
            )
        }
        var index = 0
        if head.count >= 3, head[0] == 0xEF, head[1] == 0xBB, head[2] == 0xBF { index = 3 }
        while index < head.count, [0x20, 0x09, 0x0A, 0x0D].contains(head[index]) { index += 1 }
        guard index < head.count else { throw .unknownFormat(path: path, found: "only white space") }
        switch head[index] {
        case UInt8(ascii: "<"):
            guard let root = xmlRootName(head, from: index) else {
                throw .unknownFormat(
                    path: path, found: "XML without a root element in its first \(sniffLength / 1024) KiB")
            }
            if root == "testsuites" || root == "testsuite" { return .junitXML }
            // Garbage that happens to start with '<' is not another document: it stays an error.
            guard isXMLName(root) else {
                throw .unknownFormat(path: path, found: "bytes that are not XML after its first '<'")
            }
            throw .notAReport(path: path, found: "an XML document whose root is <\(root)>")
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if let format = try JSONShapeSniffer.format(head: head, path: path, sniffLength: sniffLength) {
                return format
            }
            throw .notAReport(path: path, found: "JSON of a shape Canopy does not know")
        default:
            throw .unknownFormat(path: path, found: "neither XML nor JSON (binary or plain text)")
        }
    }

    /// `UTF-16LE` or `UTF-16BE` for text in UTF-16: by its byte-order mark, or by `<` or `{`
    /// then a zero byte (or the other way round) at the start.
    static func utf16(_ head: [UInt8]) -> String? {
        guard head.count >= 2 else { return nil }
        if head[0] == 0xFF, head[1] == 0xFE { return "UTF-16LE" }
        if head[0] == 0xFE, head[1] == 0xFF { return "UTF-16BE" }
        let openers: [UInt8] = [UInt8(ascii: "<"), UInt8(ascii: "{"), UInt8(ascii: "[")]
        if openers.contains(head[0]), head[1] == 0 { return "UTF-16LE" }
        if head[0] == 0, openers.contains(head[1]) { return "UTF-16BE" }
        return nil
    }

    private static func readHead(_ path: String) throws(ParserError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                throw .unreadable(path: path, reason: isDirectory.boolValue ? "it is a directory" : "permission denied")
            }
            throw .unreadable(path: path, reason: "no such file")
        }
        defer { try? handle.close() }
        do {
            return Array(try handle.read(upToCount: sniffLength) ?? Data())
        } catch {
            throw .unreadable(path: path, reason: ParserError.reason(reading: error))
        }
    }

    /// The name of the first element, skipping the declaration, comments, processing
    /// instructions and a DOCTYPE.
    private static func xmlRootName(_ bytes: [UInt8], from start: Int) -> String? {
        var index = start
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") {
                // Skip to the end of this construct; comments may contain '>' so look for "-->".
                if bytes[index...].starts(with: Array("<!--".utf8)) {
                    guard let end = find(Array("-->".utf8), in: bytes, from: index + 4) else { return nil }
                    index = end + 3
                } else {
                    guard let end = bytes[index...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
                    index = end + 1
                }
                continue
            }
            var end = index + 1
            while end < bytes.count,
                !([0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[end]))
            {
                end += 1
            }
            // Invalid UTF-8 becomes U+FFFD, which is no name character.
            let name = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            return name.split(separator: ":").last.map(String.init) ?? name
        }
        return nil
    }

    /// Whether `name` is an XML element name: a letter or `_` first, then letters, digits, `-`, `.`, `_`.
    private static func isXMLName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || $0.properties.numericType != nil || "-._".unicodeScalars.contains($0)
        }
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}
