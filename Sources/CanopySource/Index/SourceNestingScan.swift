import Foundation

/// A scan of a Swift file's bytes, before it is parsed, for the nesting SwiftParser handles by
/// recursion or by lookahead that grows with it: `(`, `[`, `{`, generic `<` and `#if`, counted
/// in code and in string interpolations (`"\(f(g(…)))"`), not in comments or string text; and
/// for postfix chains (`a.b.c`, `f()()`, `a!!`, `a?.b`, `f[0][0]`), whose parsing time grows
/// faster than their length. A chain goes on across lines that start with `.`; an operator, a
/// separator or a line that starts otherwise ends it.
///
/// A generic `<` is one written right after a name, a `>`, `?` or `!` (`Array<Int>`,
/// `f<T>(…)`); a `<` between spaces is an operator. An operator written without spaces (`a<b`)
/// counts until the statement ends (`{`, `}`, `;`), which keeps a comparison from counting for
/// the rest of the file while a generic type spread over lines still counts in full.
enum SourceNestingScan {
    /// The first nesting bound `text` exceeds; nil when none is.
    static func excess(of text: String, within bounds: SourceIndexBounds) -> SourceBound? {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes, bounds: bounds)
            return scanner.run()
        }
    }
}

private struct Scanner {
    /// A string literal being read: its `#` count and whether it is `"""`.
    struct StringKind {
        var hashes: Int
        var multiline: Bool
    }

    enum Mode {
        case code
        case lineComment
        case blockComment(depth: Int)
        case string(StringKind)
    }

    let bytes: UnsafeBufferPointer<UInt8>
    let bounds: SourceIndexBounds
    var position = 0
    var line = 1
    var mode = Mode.code
    /// `(`, `[`, `{` and `#if` open.
    var depth = 0
    /// Generic `<` open in the current statement.
    var angles = 0
    /// Square brackets open.
    var squares = 0
    /// The last byte of code that is not white space.
    var previous: UInt8 = 0
    /// Postfix links (`.name`, a call's or subscript's bracket, `!`, `?`) in the chain being read
    /// at the current depth, and those of the depths outside it.
    var chain = 0
    var outerChains: [Int] = []
    /// A line break was read and no code since: a chain goes on only with a leading `.`.
    var atLineStart = false
    /// The interpolations open, innermost last: the depth outside each and its string.
    var interpolations: [(depth: Int, string: StringKind)] = []

    init(bytes: UnsafeBufferPointer<UInt8>, bounds: SourceIndexBounds) {
        self.bytes = bytes
        self.bounds = bounds
    }

    func byte(at offset: Int) -> UInt8 {
        position + offset < bytes.count ? bytes[position + offset] : 0
    }

    mutating func run() -> SourceBound? {
        while position < bytes.count {
            let current = bytes[position]
            if current == UInt8(ascii: "\n") {
                line += 1
                atLineStart = true
            }
            switch mode {
            case .lineComment:
                if current == UInt8(ascii: "\n") { mode = .code }
                position += 1
            case .blockComment(let level):
                if current == UInt8(ascii: "*") && byte(at: 1) == UInt8(ascii: "/") {
                    mode = level == 1 ? .code : .blockComment(depth: level - 1)
                    position += 2
                } else if current == UInt8(ascii: "/") && byte(at: 1) == UInt8(ascii: "*") {
                    mode = .blockComment(depth: level + 1)
                    position += 2
                } else {
                    position += 1
                }
            case .string(let kind):
                if let excess = stringByte(current, kind) { return excess }
            case .code:
                if let excess = codeByte(current) { return excess }
            }
        }
        return nil
    }

    /// Reads one byte (or escape, or closing delimiter) of a string literal's text.
    mutating func stringByte(_ current: UInt8, _ kind: StringKind) -> SourceBound? {
        if current == UInt8(ascii: "\\") && hashes(at: 1) == kind.hashes {
            let after = position + 1 + kind.hashes
            if after < bytes.count && bytes[after] == UInt8(ascii: "(") {
                interpolations.append((depth, kind))
                position = after + 1
                mode = .code
                previous = UInt8(ascii: "(")
                return open()
            }
            // An escaped character: skipped, unless it is a line break (counted above when read).
            position = after + (after < bytes.count && bytes[after] != UInt8(ascii: "\n") ? 1 : 0)
            return nil
        }
        if current == UInt8(ascii: "\"") {
            let quotes = kind.multiline ? 3 : 1
            if (0..<quotes).allSatisfy({ byte(at: $0) == UInt8(ascii: "\"") }) && hashes(at: quotes) == kind.hashes {
                position += quotes + kind.hashes
                mode = .code
                previous = UInt8(ascii: "\"")
                return nil
            }
        }
        if current == UInt8(ascii: "\n") && !kind.multiline && kind.hashes == 0 {
            mode = .code  // An unterminated literal ends at the line, as the lexer ends it.
        }
        position += 1
        return nil
    }

    /// The number of `#` at `offset` from the position.
    func hashes(at offset: Int) -> Int {
        var count = 0
        while byte(at: offset + count) == UInt8(ascii: "#") { count += 1 }
        return count
    }

    mutating func codeByte(_ current: UInt8) -> SourceBound? {
        if let excess = countLink(current) { return excess }
        switch current {
        case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "/"):
            mode = .lineComment
            position += 2
            return nil
        case UInt8(ascii: "/") where byte(at: 1) == UInt8(ascii: "*"):
            mode = .blockComment(depth: 1)
            position += 2
            return nil
        case UInt8(ascii: "#"), UInt8(ascii: "\""):
            let count = hashes(at: 0)
            if byte(at: count) == UInt8(ascii: "\"") {
                let multiline = byte(at: count + 1) == UInt8(ascii: "\"") && byte(at: count + 2) == UInt8(ascii: "\"")
                mode = .string(StringKind(hashes: count, multiline: multiline))
                position += count + (multiline ? 3 : 1)
                return nil
            }
            if current == UInt8(ascii: "#") && directive("#if") {
                position += 3
                previous = UInt8(ascii: "f")
                return open()
            }
            if current == UInt8(ascii: "#") && directive("#endif") {
                position += 6
                close()
                return nil
            }
        case UInt8(ascii: "("), UInt8(ascii: "{"):
            if current == UInt8(ascii: "{") { angles = 0 }
            position += 1
            previous = current
            return open()
        case UInt8(ascii: "["):
            squares += 1
            position += 1
            previous = current
            if squares > bounds.maximumSquareNesting {
                return .squareNesting(depth: squares, line: line, limit: bounds.maximumSquareNesting)
            }
            return open()
        case UInt8(ascii: ")"):
            if let last = interpolations.last, depth - 1 == last.depth {
                interpolations.removeLast()
                depth -= 1
                chain = outerChains.popLast() ?? 0
                position += 1
                mode = .string(last.string)
                return nil
            }
            close()
        case UInt8(ascii: "]"):
            squares = max(0, squares - 1)
            close()
        case UInt8(ascii: "}"), UInt8(ascii: ";"):
            angles = 0
            if current == UInt8(ascii: "}") { close() }
        case UInt8(ascii: "<") where isGenericOpening:
            angles += 1
            if depth + angles > bounds.maximumNesting {
                return .nesting(depth: depth + angles, line: line, limit: bounds.maximumNesting)
            }
        case UInt8(ascii: ">") where angles > 0 && previous != UInt8(ascii: "-"):
            angles -= 1
        default:
            break
        }
        if !isSpace(current) { previous = current }
        position += 1
        return nil
    }

    /// Whether the `<` at the position follows a name, `>`, `?` or `!` with no space between.
    var isGenericOpening: Bool {
        guard position > 0 else { return false }
        let before = bytes[position - 1]
        return isNamePart(before) || before == UInt8(ascii: ">") || before == UInt8(ascii: "?")
            || before == UInt8(ascii: "!")
    }

    /// Whether the position holds `name` as a whole directive (`#if`, not `#ifdef`).
    func directive(_ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        for offset in 0..<count where byte(at: offset) != name.utf8Start[offset] { return false }
        return !isNamePart(byte(at: count))
    }

    /// Counts `current` into the postfix chain at this depth, or ends the chain: at a line that
    /// does not start with `.`, and at any operator or separator.
    mutating func countLink(_ current: UInt8) -> SourceBound? {
        guard !isSpace(current) else { return nil }
        if atLineStart {
            atLineStart = false
            if current != UInt8(ascii: ".") { chain = 0 }
        }
        let before = position > 0 ? bytes[position - 1] : 0
        let afterPostfixable =
            isNamePart(before) || before == UInt8(ascii: ")") || before == UInt8(ascii: "]")
            || before == UInt8(ascii: "!") || before == UInt8(ascii: "?")
        let isLink: Bool
        switch current {
        case UInt8(ascii: "."): isLink = isNamePart(byte(at: 1))
        case UInt8(ascii: "("), UInt8(ascii: "["): isLink = afterPostfixable || before == UInt8(ascii: ">")
        case UInt8(ascii: "!"), UInt8(ascii: "?"): isLink = afterPostfixable && byte(at: 1) != UInt8(ascii: "=")
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "#"),
            UInt8(ascii: "@"), UInt8(ascii: "`"):
            return nil
        default:
            if !isNamePart(current) { chain = 0 }
            return nil
        }
        guard isLink else {
            chain = 0
            return nil
        }
        chain += 1
        if chain > bounds.maximumPostfixChain {
            return .postfixChain(links: chain, line: line, limit: bounds.maximumPostfixChain)
        }
        return nil
    }

    mutating func open() -> SourceBound? {
        outerChains.append(chain)
        chain = 0
        depth += 1
        if depth + angles > bounds.maximumNesting {
            return .nesting(depth: depth + angles, line: line, limit: bounds.maximumNesting)
        }
        return nil
    }

    mutating func close() {
        chain = outerChains.popLast() ?? 0
        depth = max(0, depth - 1)
    }

    func isNamePart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
            || byte == UInt8(ascii: "\r")
    }
}
