import CanopyModel
import Foundation

/// Pulls the real message and the source location out of the ways JUnit producers decorate a
/// failure (see `docs/input-formats.md`, "JUnit XML").
enum FailureText {
    struct Decoded: Equatable {
        var message: String
        var detail: String?
        var location: SourceLocation?
        /// The message carried xcresultparser's `[FLAKY] ` prefix.
        var flaggedFlaky: Bool
    }

    /// Decodes the `message` attribute, the `type` and the element body of a failure.
    static func decode(message rawMessage: String?, type: String?, body: String?) -> Decoded {
        var message = rawMessage ?? ""
        var detail = body
        var location: SourceLocation?
        var flaky = false

        if message.hasPrefix("[FLAKY] ") {
            message.removeFirst("[FLAKY] ".count)
            flaky = true
        }
        // xcbeautify: "File.swift:42 - reason"
        if let match = xcbeautifyLocation(message) {
            location = match.location
            message = match.rest
        }
        // trainer (Xcode 16+): "SearchTests.swift:58: XCTAssertTrue failed"
        if location == nil, let match = leadingLocation(message) {
            location = match.location
            message = match.rest
        }
        // trainer (legacy): "reason (/p/File.swift#CharacterRangeLen=0&EndingLineNumber=36&StartingLineNumber=36)"
        if let match = trainerLegacyLocation(message) {
            location = location ?? match.location
            message = match.rest
        }
        // trainer (legacy), xcresultparser: "reason (/Users/ci/App/Unit.swift:19)"
        if location == nil, let match = trailingLocation(message) {
            location = match.location
            message = match.rest
        }
        if let text = detail {
            // xcpretty: the body is only "path/File.swift:12".
            if let bare = bareLocation(text) {
                location = location ?? bare
                detail = nil
            } else if let match = trailingLocation(text) {
                // xcresultparser: "failed - reason (File.swift:109)"; the message is "Type: Suite.test()".
                location = location ?? match.location
                if message.isEmpty || isXCResultParserPlaceholder(message, type: type) {
                    var reason = match.rest
                    if reason.hasPrefix("failed - ") { reason.removeFirst("failed - ".count) }
                    message = reason
                    detail = nil
                }
            } else if location == nil {
                location = lastFileLineMention(text)
            }
        }
        if message.isEmpty, let text = detail {
            message = String(text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? "")
        }
        if message.isEmpty, let type, !type.isEmpty { message = type }
        return Decoded(message: message, detail: detail, location: location, flaggedFlaky: flaky)
    }

    private static let sourceExtensions: Set<Substring> = [
        "swift", "m", "mm", "c", "cc", "cpp", "h", "kt", "java", "py", "go", "js", "ts", "rb",
    ]

    /// Splits "path.ext:LINE" or "path.ext:LINE:COL" into a location, scanning bytes from the end
    /// without splitting and joining, since this runs for every failure of a large report.
    private static func location(from text: Substring) -> SourceLocation? {
        let bytes = text.utf8
        var numbers: [Int] = []
        var end = bytes.endIndex
        while numbers.count < 2 {
            guard let colon = bytes[..<end].lastIndex(of: UInt8(ascii: ":")) else { break }
            let digits = bytes[bytes.index(after: colon)..<end]
            guard !digits.isEmpty, digits.count < 10, digits.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { break }
            numbers.insert(digits.reduce(0) { $0 * 10 + Int($1 - 48) }, at: 0)
            end = colon
        }
        guard !numbers.isEmpty, end > bytes.startIndex else { return nil }
        let file = text[..<end]
        guard let dot = file.lastIndex(of: "."), sourceExtensions.contains(file[file.index(after: dot)...]) else {
            return nil
        }
        return SourceLocation(file: String(file), line: numbers.first, column: numbers.count > 1 ? numbers[1] : nil)
    }

    private static func xcbeautifyLocation(_ message: String) -> (location: SourceLocation, rest: String)? {
        guard let range = message.firstRange(ofASCII: " - ") else { return nil }
        let head = message[..<range.lowerBound]
        guard !head.utf8.contains(UInt8(ascii: " ")) || head.hasPrefix("/"), let location = location(from: head) else {
            return nil
        }
        return (location, String(message[range.upperBound...]))
    }

    /// `(path/File.swift#CharacterRangeLen=0&EndingLineNumber=36&StartingLineNumber=36)`, the
    /// fragment's keys in any order, the path possibly a `file://` URL.
    private static func trainerLegacyLocation(_ message: String) -> (location: SourceLocation, rest: String)? {
        guard message.utf8.contains(UInt8(ascii: "#")), let start = message.range(of: "StartingLineNumber="),
            let marker = message[..<start.lowerBound].lastIndex(of: "#"),
            let open = message[..<marker].lastIndex(of: "(")
        else {
            return nil
        }
        let fragment = message[message.index(after: marker)..<start.lowerBound]
        guard fragment.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "=" || $0 == "&" }) else { return nil }
        var file = String(message[message.index(after: open)..<marker])
        if file.hasPrefix("file://") { file.removeFirst("file://".count) }
        guard !file.isEmpty, !file.contains(")") else { return nil }
        let tail = message[start.upperBound...]
        let line = Int(tail.prefix { $0.isNumber })
        let close = tail.firstIndex(of: ")") ?? message.endIndex
        let rest = (String(message[..<open]) + String(message[close...].dropFirst())).trimmingASCIIWhitespace()
        return (SourceLocation(file: file, line: line), rest)
    }

    /// `File.swift:58: reason` (trainer for Xcode 16+, xcresulttool's failure messages) → the
    /// location and `reason`. The head is one word naming a source file.
    static func leadingLocation(_ message: String) -> (location: SourceLocation, rest: String)? {
        guard let range = message.firstRange(ofASCII: ": ") else { return nil }
        let head = message[..<range.lowerBound]
        guard !head.utf8.contains(UInt8(ascii: " ")) || head.hasPrefix("/"), let location = location(from: head) else {
            return nil
        }
        return (location, String(message[range.upperBound...]))
    }

    private static func bareLocation(_ body: String) -> SourceLocation? {
        let trimmed = body.trimmingASCIIWhitespace()
        guard !trimmed.contains("\n"), !trimmed.contains(" ") || trimmed.hasPrefix("/") else { return nil }
        return location(from: Substring(trimmed))
    }

    private static func trailingLocation(_ body: String) -> (location: SourceLocation, rest: String)? {
        let trimmed = body.trimmingASCIIWhitespace()
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        guard let location = location(from: inside) else { return nil }
        return (location, String(trimmed[..<open]).trimmingASCIIWhitespace())
    }

    private static func isXCResultParserPlaceholder(_ message: String, type: String?) -> Bool {
        guard let type, !type.isEmpty else { return false }
        return message.hasPrefix(type + ": ")
    }

    /// The last "file.ext:LINE" mention at the start of a line (pytest tracebacks, Go output).
    private static func lastFileLineMention(_ text: String) -> SourceLocation? {
        for line in text.split(separator: "\n").reversed().prefix(40) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard let colon = trimmed.firstIndex(of: ":") else { continue }
            let afterColon = trimmed[trimmed.index(after: colon)...]
            let digits = afterColon.prefix { $0.isNumber }
            guard !digits.isEmpty else { continue }
            let candidate = trimmed[..<afterColon.index(afterColon.startIndex, offsetBy: digits.count)]
            if let location = location(from: candidate) { return location }
        }
        return nil
    }
}

extension String {
    /// The first occurrence of an ASCII needle, found by a byte scan (no Foundation, no
    /// grapheme breaking): failure messages are decoded once per failure, on the parse's path.
    func firstRange(ofASCII needle: StaticString) -> Range<String.Index>? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = pattern.first else { return nil }
        let bytes = utf8
        var index = bytes.startIndex
        while let candidate = bytes[index...].firstIndex(of: first) {
            var matchEnd = candidate
            var matched = true
            for byte in pattern {
                guard matchEnd < bytes.endIndex, bytes[matchEnd] == byte else {
                    matched = false
                    break
                }
                matchEnd = bytes.index(after: matchEnd)
            }
            if matched { return candidate..<matchEnd }
            index = bytes.index(after: candidate)
        }
        return nil
    }
}
