import CanopyModel
import Foundation

/// Reads xcresulttool `Failure Message` nodes: the message, and the location from a
/// `Source Code Reference` child or a leading `File.swift:42: ` in the message.
enum XCResultFailureText {
    /// Bytes of a failure message kept (as for a JUnit message attribute).
    static let messageLimit = 16 * 1024

    static func decode(_ node: JSONValue) -> (text: String, location: SourceLocation?) {
        var text = (node["name"]?.string ?? "").truncatedUTF8(to: messageLimit)
        var location: SourceLocation?
        if let prefix = FailureText.leadingLocation(text) {
            location = prefix.location
            text = prefix.rest
        }
        for child in node["children"]?.array ?? [] where child["nodeType"]?.text == "Source Code Reference" {
            if let reference = child["name"]?.text, let parsed = parseLocation(Substring(reference)) {
                location = parsed
                break
            }
        }
        return (text, location)
    }

    /// The reason of `Test skipped - reason` (XCTest) or `Test 'X' skipped: reason` (Swift Testing).
    static func skipReason(_ message: String) -> String {
        if let range = message.range(of: "Test skipped - ") { return String(message[range.upperBound...]) }
        if message.hasPrefix("Test "), let range = message.range(of: " skipped: ") {
            return String(message[range.upperBound...])
        }
        if message.hasPrefix("Test skipped") { return "" }
        return message
    }

    /// `path/File.swift:42` or `File.swift:42:7`.
    static func parseLocation(_ text: Substring) -> SourceLocation? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { return nil }
        let numbers = parts.reversed().prefix { !$0.isEmpty && $0.allSatisfy(\.isNumber) }
        guard (1...2).contains(numbers.count) else { return nil }
        let file = parts.dropLast(numbers.count).joined(separator: ":")
        guard file.contains("."), !file.isEmpty else { return nil }
        let values = numbers.reversed().compactMap { Int($0) }
        return SourceLocation(file: file, line: values.first, column: values.count > 1 ? values[1] : nil)
    }
}
