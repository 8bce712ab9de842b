import Foundation

/// A compiled regular expression. `NSRegularExpression` is immutable and documented thread-safe,
/// hence `@unchecked Sendable`.
final class CompiledPattern: @unchecked Sendable {
    let source: String
    private let regex: NSRegularExpression
    /// Skips the regex for text that holds none of the pattern's required literals.
    let literals: RequiredLiterals

    init(_ source: String, caseInsensitive: Bool = true) throws {
        self.source = source
        regex = try NSRegularExpression(pattern: source, options: caseInsensitive ? [.caseInsensitive] : [])
        literals = RequiredLiterals(pattern: source, caseInsensitive: caseInsensitive)
    }

    /// Whether the pattern matches anywhere in `text`.
    func matches(_ text: String) -> Bool {
        matches(PreparedText(text))
    }

    /// Whether the pattern matches anywhere in a text prepared once for several patterns.
    func matches(_ text: PreparedText) -> Bool {
        guard literals.mayMatch(text) else { return false }
        return regex.firstMatch(in: text.text, range: NSRange(location: 0, length: text.text.utf16.count)) != nil
    }

    /// The UTF-16 length of a match that starts exactly at `offset`, if any.
    func anchoredMatch(in text: String, utf16Offset offset: Int, utf16Length length: Int) -> Int? {
        let range = NSRange(location: offset, length: length - offset)
        // Transparent bounds: a lookbehind sees what precedes the offset (the default slug rule
        // starts after a dot or an underscore).
        guard let match = regex.firstMatch(in: text, options: [.anchored, .withTransparentBounds], range: range),
            match.range.location == offset
        else {
            return nil
        }
        return match.range.length
    }
}
