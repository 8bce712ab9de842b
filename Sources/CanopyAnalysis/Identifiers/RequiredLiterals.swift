import CanopyModel
import Foundation

/// The literal text a regular expression cannot match without: one string per top-level
/// alternative, each a run of plain characters outside any group, class or quantifier. A text
/// holding none of them cannot match, so the regex need not run (category rules are tried against
/// every distinct failure subject, and ICU's matcher is most of the cost of categorising).
///
/// Derived conservatively: a pattern with inline options, back-references, `\Q…\E`, nested
/// classes or any escape this reader does not know gets no literals, and the regex always runs.
struct RequiredLiterals: Sendable {
    /// Lowercased when the pattern is case-insensitive. Empty: no prefilter.
    let alternatives: [[UInt8]]
    let caseInsensitive: Bool

    /// Shortest literal worth searching for; a branch with a shorter one disables the prefilter.
    static let minimumLength = 3

    init(pattern: String, caseInsensitive: Bool) {
        self.caseInsensitive = caseInsensitive
        let literals = Self.literals(Array(pattern.unicodeScalars))
        // A non-ASCII literal may fold to other text (`ß` matches `ss`): no prefilter then.
        if caseInsensitive, literals.contains(where: { $0.contains { !$0.isASCII } }) {
            alternatives = []
            return
        }
        alternatives = literals.map { literal in
            let bytes = Array(String(String.UnicodeScalarView(literal)).utf8)
            return caseInsensitive ? bytes.map(ByteText.lowercased) : bytes
        }
    }

    /// Whether `text` may match: false only when it holds none of the literals.
    func mayMatch(_ text: PreparedText) -> Bool {
        guard !alternatives.isEmpty else { return true }
        if caseInsensitive {
            // ICU folds case beyond ASCII (`K` KELVIN SIGN matches `k`): such text goes to the regex.
            guard let lowered = text.asciiLowercased else { return true }
            return lowered.withUnsafeBufferPointer { bytes in alternatives.contains { Self.contains(bytes, $0) } }
        }
        return text.utf8.withUnsafeBufferPointer { bytes in alternatives.contains { Self.contains(bytes, $0) } }
    }

    private static func contains(_ text: UnsafeBufferPointer<UInt8>, _ literal: [UInt8]) -> Bool {
        guard let first = literal.first, text.count >= literal.count, let base = text.baseAddress else { return false }
        var start = 0
        let last = text.count - literal.count
        while start <= last {
            // `memchr` finds the candidates for the first byte; few remain to compare.
            guard let found = memchr(base + start, Int32(first), last - start + 1) else { return false }
            let offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            if literal.withUnsafeBufferPointer({ memcmp(base + offset, $0.baseAddress!, literal.count) == 0 }) {
                return true
            }
            start = offset + 1
        }
        return false
    }

    /// Characters that end a literal run.
    private static let meta: Set<Unicode.Scalar> = [
        "\\", "(", ")", "[", "]", "{", "}", ".", "*", "+", "?", "^", "$", "|", "#",
    ]
    /// Escapes that stand for one character class or position and take no argument.
    private static let simpleEscapes: Set<Unicode.Scalar> = ["d", "D", "s", "S", "w", "W", "b", "B"]
    /// Escaped characters that stand for themselves.
    private static let literalEscapes: Set<Unicode.Scalar> = [
        ".", "-", "/", "(", ")", "[", "]", "{", "}", "\\", "*", "+", "?", "|", "^", "$", " ", "#", ":", "'", "\"",
    ]

    /// The longest required run of each top-level alternative; empty when any cannot be derived.
    private static func literals(_ pattern: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var result: [[Unicode.Scalar]] = []
        var best: [Unicode.Scalar] = []
        var run: [Unicode.Scalar] = []
        var depth = 0
        var index = 0
        func endRun() {
            if run.count > best.count { best = run }
            run = []
        }
        while index < pattern.count {
            let scalar = pattern[index]
            switch scalar {
            case "\\":
                guard index + 1 < pattern.count else { return [] }
                let escaped = pattern[index + 1]
                if simpleEscapes.contains(escaped) {
                    endRun()
                } else if !literalEscapes.contains(escaped) {
                    return []
                } else {
                    // An escaped character is literal, but kept out of runs for simplicity.
                    endRun()
                }
                index += 2
                continue
            case "(":
                if index + 1 < pattern.count, pattern[index + 1] == "?" {
                    // Only non-capturing groups: `(?i)`, `(?=`, `(?<name>` and the like opt out.
                    guard index + 2 < pattern.count, pattern[index + 2] == ":" else { return [] }
                }
                endRun()
                depth += 1
            case ")":
                endRun()
                depth -= 1
                if depth < 0 { return [] }
            case "[":
                endRun()
                var close = index + 1
                if close < pattern.count, pattern[close] == "^" { close += 1 }
                if close < pattern.count, pattern[close] == "]" { return [] }
                while close < pattern.count, pattern[close] != "]" {
                    if pattern[close] == "[" { return [] }
                    if pattern[close] == "\\" { close += 1 }
                    close += 1
                }
                guard close < pattern.count else { return [] }
                index = close
            case "|" where depth == 0:
                endRun()
                guard best.count >= minimumLength else { return [] }
                result.append(best)
                best = []
            case "?", "*", "{":
                // The quantified character is optional: it leaves the run.
                if !run.isEmpty { run.removeLast() }
                endRun()
                if scalar == "{" {
                    // Only `{n}`, `{n,}` and `{n,m}`; anything else and the prefilter stands aside.
                    var close = index + 1
                    var digits = 0
                    while close < pattern.count, pattern[close] == "," || ("0"..."9").contains(pattern[close]) {
                        if pattern[close] != "," { digits += 1 }
                        close += 1
                    }
                    guard digits > 0, close < pattern.count, pattern[close] == "}" else { return [] }
                    index = close
                }
            default:
                if meta.contains(scalar) {
                    endRun()
                } else if depth == 0 {
                    run.append(scalar)
                }
            }
            index += 1
        }
        endRun()
        guard depth == 0, best.count >= minimumLength else { return [] }
        result.append(best)
        return result
    }
}
