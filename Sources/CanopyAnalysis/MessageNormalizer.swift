/// Rewrites a failure message so that variants of one cause read the same: paths, pids,
/// addresses, frames, durations, numbers, UUIDs and timestamps become placeholders and quoted
/// identifiers become their templates. Digits inside a word (`tab2`) stay.
///
/// A hand-written scanner: it runs once per failure (~9k in the 100 MB bench), where a chain of
/// regular-expression replacements cost several times more.
struct MessageNormalizer {
    /// Longest normalised message kept, in characters.
    static let limit = 1000

    /// Raw identifier → template, for quoted identifiers.
    var templates: [String: String]

    func normalize(_ message: String) -> String {
        let input = Array(message.unicodeScalars)
        // An array, not a `String.UnicodeScalarView`: the view's `count` walks the string, which made
        // this loop quadratic in the first bench run.
        var output: [Unicode.Scalar] = []
        output.reserveCapacity(input.count)
        var index = 0
        while index < input.count, output.count < Self.limit {
            let scalar = input[index]
            let wordStart = index == 0 || !Self.isWordScalar(input[index - 1])
            if scalar == "\"" || scalar == "'", let (template, end) = quotedIdentifier(input, at: index) {
                output.append(scalar)
                output.append(contentsOf: template.unicodeScalars)
                output.append(scalar)
                index = end + 1
            } else if Self.isWhitespace(scalar) {
                if let last = output.last, last != " " { output.append(" ") }
                index += 1
            } else if wordStart, let (placeholder, end) = Self.token(input, at: index, after: output) {
                output.append(contentsOf: placeholder.unicodeScalars)
                index = end
            } else {
                output.append(scalar)
                index += 1
            }
        }
        while output.last == " " { output.removeLast() }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: output)
        return String(text)
    }

    private func quotedIdentifier(_ input: [Unicode.Scalar], at open: Int) -> (String, Int)? {
        var close = open + 1
        while close < input.count, input[close] != input[open], input[close] != "\n", close - open < 512 { close += 1 }
        guard close < input.count, input[close] == input[open] else { return nil }
        var content = String.UnicodeScalarView()
        content.append(contentsOf: input[(open + 1)..<close])
        guard let template = templates[String(content)] else { return nil }
        return (template, close)
    }

    /// A placeholder for the token starting at `index` and where it ends, if it is dynamic.
    private static func token(_ input: [Unicode.Scalar], at index: Int, after output: [Unicode.Scalar]) -> (String, Int)? {
        let scanner = TokenScanner(input: input)
        if let end = scanner.address(at: index) { return ("{address}", end) }
        if let end = scanner.uuid(at: index) { return ("{uuid}", end) }
        if let end = scanner.timestamp(at: index) { return ("{timestamp}", end) }
        if let end = scanner.path(at: index) { return ("{path}", end) }
        if let end = scanner.frame(at: index) { return ("{frame}", end) }
        guard let end = scanner.number(at: index) else { return nil }
        if let unitEnd = scanner.durationUnit(at: end) { return ("{duration}", unitEnd) }
        var tail = String.UnicodeScalarView()
        tail.append(contentsOf: output.suffix(5))
        let before = String(tail).lowercased()
        if before.hasSuffix("pid: ") || before.hasSuffix("pid ") || before.hasSuffix("pid:") { return ("{pid}", end) }
        return ("{n}", end)
    }

    /// ASCII answered without Unicode property tables (they were ~8% of analysing the bench report).
    static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            let value = scalar.value
            return (value >= 0x61 && value <= 0x7A) || (value >= 0x41 && value <= 0x5A) || (value >= 0x30 && value <= 0x39) || value == 0x5F
        }
        return scalar.properties.isAlphabetic
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar.value == 0x20 || (scalar.value >= 0x09 && scalar.value <= 0x0D) }
        return scalar.properties.isWhitespace
    }
}
