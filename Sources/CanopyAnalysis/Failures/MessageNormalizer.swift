import CanopyModel

/// Rewrites a failure message so that variants of one cause read the same: paths, pids,
/// addresses, frames, durations, numbers, UUIDs and timestamps become placeholders and quoted
/// identifiers become their templates. Digits inside a word (`tab2`) stay.
///
/// A hand-written scanner: it runs once per failure, where a chain of regular-expression
/// replacements costs several times more.
struct MessageNormalizer {
    /// Longest normalised message kept, in characters.
    static let limit = 1000

    /// Raw identifier → template, for quoted identifiers.
    var templates: [String: String]

    func normalize(_ message: String) -> String {
        let input = Array(message.unicodeScalars)
        // The output is built as UTF-8 bytes: appending scalars to a `String.UnicodeScalarView`
        // would cost as much as the rest of this function.
        var output = Output(capacity: message.utf8.count)
        var index = 0
        while index < input.count, output.scalars < Self.limit {
            let scalar = input[index]
            let wordStart = index == 0 || !Self.isWordScalar(input[index - 1])
            if scalar == "\"" || scalar == "'", let (template, end) = quotedIdentifier(input, at: index) {
                output.append(scalar)
                output.append(template)
                output.append(scalar)
                index = end + 1
            } else if Self.isWhitespace(scalar) {
                if let last = output.bytes.last, last != Output.space { output.append(" ") }
                index += 1
            } else if wordStart, let (placeholder, end) = Self.token(input, at: index, after: output.bytes) {
                output.append(placeholder)
                index = end
            } else {
                output.append(scalar)
                index += 1
            }
        }
        while output.bytes.last == Output.space { output.bytes.removeLast() }
        return String(decoding: output.bytes, as: UTF8.self)
    }

    /// The normalised text so far: its UTF-8 bytes, and its length in scalars for `limit`.
    private struct Output {
        static let space = UInt8(ascii: " ")
        var bytes: [UInt8] = []
        var scalars = 0

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        mutating func append(_ scalar: Unicode.Scalar) {
            bytes.appendUTF8(scalar)
            scalars += 1
        }

        mutating func append(_ text: String) {
            bytes.append(contentsOf: text.utf8)
            scalars += text.unicodeScalars.count
        }
    }

    private func quotedIdentifier(_ input: [Unicode.Scalar], at open: Int) -> (String, Int)? {
        guard !templates.isEmpty else { return nil }
        var close = open + 1
        while close < input.count, input[close] != input[open], input[close] != "\n", close - open < 512 { close += 1 }
        guard close < input.count, input[close] == input[open] else { return nil }
        var content = Output(capacity: close - open)
        for scalar in input[(open + 1)..<close] { content.append(scalar) }
        guard let template = templates[String(decoding: content.bytes, as: UTF8.self)] else { return nil }
        return (template, close)
    }

    /// A placeholder for the token starting at `index` and where it ends, if it is dynamic.
    private static func token(_ input: [Unicode.Scalar], at index: Int, after output: [UInt8]) -> (String, Int)? {
        let scanner = TokenScanner(input: input)
        if let end = scanner.address(at: index) { return ("{address}", end) }
        if let end = scanner.uuid(at: index) { return ("{uuid}", end) }
        if let end = scanner.timestamp(at: index) { return ("{timestamp}", end) }
        if let end = scanner.path(at: index) { return ("{path}", end) }
        if let end = scanner.frame(at: index) { return ("{frame}", end) }
        guard let end = scanner.number(at: index) else { return nil }
        if let unitEnd = scanner.durationUnit(at: end) { return ("{duration}", unitEnd) }
        if endsWithPID(output) { return ("{pid}", end) }
        return ("{n}", end)
    }

    /// Whether the text so far ends with `pid: `, `pid ` or `pid:`, in any case. Compared as bytes:
    /// no scalar but ASCII lowercases to these letters.
    private static func endsWithPID(_ output: [UInt8]) -> Bool {
        var end = output.count
        if end > 0, output[end - 1] == Output.space { end -= 1 }
        if end > 0, output[end - 1] == UInt8(ascii: ":") { end -= 1 }
        guard end < output.count, end >= 3 else { return false }
        let lower = ByteText.lowercased
        return lower(output[end - 3]) == UInt8(ascii: "p") && lower(output[end - 2]) == UInt8(ascii: "i")
            && lower(output[end - 1]) == UInt8(ascii: "d")
    }

    /// ASCII answered without Unicode property tables, which are slow on this per-scalar path.
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A)
                || (value >= 0x30 && value <= 0x39) || value == 0x5F
        }
        return scalar.properties.isAlphabetic
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace
    }
}
