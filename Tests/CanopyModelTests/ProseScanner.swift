import Foundation

/// Finds the string literals of Swift source that are prose.
enum ProseScanner {
    struct Literal: Equatable {
        var line: Int
        var text: String
        /// The source of its line before it (`case testCase = `, `if type == `).
        var prefix = ""
        /// The statements that open the blocks it is in, outermost first.
        var scopes: [String] = []
    }

    /// The prose literals of `source` outside errors, diagnostics, checks, SQL and the producer's
    /// words, each with its line.
    static func prose(in source: String) -> [Literal] {
        let lines = source.components(separatedBy: "\n")
        return literals(in: source).filter { literal in
            isProse(literal.text) && !isSQL(literal.text) && !isProducerWords(literal)
                && !literal.scopes.contains(where: composesErrorText)
                && !isAllowed(statement(endingAt: literal.line, in: lines) + "\n" + (literal.scopes.last ?? ""))
                && !feedsAllowed(local: statement(endingAt: literal.line, in: lines), after: literal.line, in: lines)
        }
    }

    /// Whether `local`, a statement, declares a local (`let name =`, `var name =`) that every later
    /// statement of its block that names it, from `line` (1-based) on, throws or passes to an error
    /// or a diagnostic.
    static func feedsAllowed(local: String, after line: Int, in lines: [String]) -> Bool {
        guard let declaration = local.range(of: #"^\s*(let|var)\s+\w+"#, options: .regularExpression) else {
            return false
        }
        let name = local[declaration].split(separator: " ").last.map(String.init) ?? ""
        var depth = 0
        var used = false
        for index in line..<lines.count {
            depth += lines[index].filter { $0 == "{" }.count - lines[index].filter { $0 == "}" }.count
            if depth < 0 { break }
            guard lines[index].range(of: #"\b"# + name + #"\b"#, options: .regularExpression) != nil else { continue }
            guard isAllowed(statement(endingAt: index + 1, in: lines)) else { return false }
            used = true
        }
        return used
    }

    /// The types whose text is an error's or an input diagnostic's, by contract: any type named
    /// `…Error` or `…Problem` or conforming to `Error`, and these.
    static let diagnosticTypes = ["Diagnostic", "SourceWarning", "SourceBound", "XMLStreamFailure", "JSONReadFailure"]

    /// Whether a block's opening statement declares (or extends) an error or diagnostic type, or
    /// declares a function that makes an error (`func …Error(`, `-> …Error`) or the problem text
    /// one carries (`func …Problem(`).
    static func composesErrorText(_ scope: String) -> Bool {
        let names = (["\\w+Error", "\\w*Problem"] + diagnosticTypes).joined(separator: "|")
        return [
            #"\b(enum|struct|class|extension)\s+("# + names + #")\b"#,
            #"\b(enum|struct|class)\s+\w+\s*:[^{]*\bError\b"#,
            #"\bfunc\s+\w*(Error|Problem)\b"#,
            #"->\s*(any\s+)?(\w*Error|"# + names + #")\b"#,
        ].contains { scope.range(of: $0, options: .regularExpression) != nil }
    }

    /// A SQL statement or fragment: its first word (after an opening parenthesis) is an uppercase
    /// keyword, or an uppercase keyword joins its code.
    static func isSQL(_ text: String) -> Bool {
        text.range(of: sqlStart, options: .regularExpression) != nil
            || text.range(of: sqlClause, options: .regularExpression) != nil
    }

    static let sqlStart =
        #"^\s*\(?\s*(SELECT|INSERT|CREATE|WITH|UPDATE|DELETE|PRAGMA|DROP|ALTER|BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE|VALUES|ON CONFLICT|WITHOUT ROWID|FROM|WHERE|JOIN|AND|OR|ORDER BY|GROUP BY|LIMIT|UNION|INTEGER|BIGINT|BIGSERIAL|SMALLINT|DOUBLE PRECISION|REAL|TEXT|BLOB)\b"#
    static let sqlClause = #"[A-Za-z_.?)] +(JOIN|WHERE|AND|OR|IS NULL|IS NOT NULL|NOT EXISTS) +[A-Za-z_(?]"#

    /// The producer's words matched in input: an enum case's raw value, a `case "…"` pattern, or a
    /// literal compared with input.
    static func isProducerWords(_ literal: Literal) -> Bool {
        producerContexts.contains { literal.prefix.range(of: $0, options: .regularExpression) != nil }
    }

    static let producerContexts = [
        #"^\s*case \w+ = $"#,
        #"^\s*case ("[^"]*", *)*$"#,
        #"[!=]= $"#,
        #"\.(hasPrefix|hasSuffix|contains)\($"#,
        #"\.range\(of: $"#,
        #"\b(find|startsWith)\((\w+, at: [^"]*, )?$"#,
    ]

    /// Two words of letters separated by a space.
    static func isProse(_ text: String) -> Bool {
        text.range(of: #"[A-Za-z]{2,} +[A-Za-z]{2,}"#, options: .regularExpression) != nil
            || text.range(of: #"[A-Za-z]+ +[A-Za-z]+ +[A-Za-z]+"#, options: .regularExpression) != nil
    }

    /// The lines of the statement a literal on `line` (1-based) belongs to: back to the line after
    /// the last that ends a statement or opens a block.
    static func statement(endingAt line: Int, in lines: [String]) -> String {
        var start = line - 1
        while start > 0 {
            let previous = lines[start - 1].trimmingCharacters(in: .whitespaces)
            if previous.isEmpty || previous.hasSuffix("{") || previous.hasSuffix("}") || previous.hasPrefix("//")
                || previous.hasSuffix(")") && !lines[start].trimmingCharacters(in: .whitespaces).hasPrefix(".")
                    && !lines[start].trimmingCharacters(in: .whitespaces).hasPrefix("+")
            {
                break
            }
            start -= 1
        }
        return lines[start..<min(line, lines.count)].joined(separator: "\n")
    }

    static let allowedContexts = [
        "throw ", "Error.", "Error(", "Diagnostic(", "failure(", "XMLStreamFailure(", "problem: {", "precondition(",
        "preconditionFailure(", "assert(",
        "assertionFailure(",
        "fatalError(", "var description", "var errorDescription",
    ]

    static func isAllowed(_ statement: String) -> Bool {
        allowedContexts.contains { statement.contains($0) }
    }

    /// Every string literal's text, interpolations removed (literals inside them are literals of
    /// their own), with the line it starts on; comments are skipped.
    static func literals(in source: String) -> [Literal] {
        var lexer = Lexer(chars: Array(source.unicodeScalars))
        lexer.run()
        return lexer.found
    }

    struct Lexer {
        let chars: [Unicode.Scalar]
        var index = 0
        var line = 1
        var found: [Literal] = []
        /// The statements that opened the blocks `index` is in.
        var scopes: [String] = []
        let lines: [String]

        init(chars: [Unicode.Scalar]) {
            self.chars = chars
            lines = String(String.UnicodeScalarView(chars)).components(separatedBy: "\n")
        }

        func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < chars.count ? chars[index + offset] : nil }

        func matches(_ text: String) -> Bool {
            for (offset, scalar) in text.unicodeScalars.enumerated() where peek(offset) != scalar { return false }
            return true
        }

        var atLiteral: Bool { peek(0) == "\"" || (peek(0) == "#" && (peek(1) == "\"" || peek(1) == "#")) }

        mutating func run() {
            while index < chars.count {
                if matches("//") {
                    while index < chars.count && chars[index] != "\n" { index += 1 }
                } else if matches("/*") {
                    index += 2
                    while index < chars.count && !matches("*/") {
                        if chars[index] == "\n" { line += 1 }
                        index += 1
                    }
                    index += 2
                } else if atLiteral {
                    readLiteral()
                } else {
                    if chars[index] == "{" { scopes.append(ProseScanner.statement(endingAt: line, in: lines)) }
                    if chars[index] == "}" { _ = scopes.popLast() }
                    if chars[index] == "\n" { line += 1 }
                    index += 1
                }
            }
        }

        /// Reads a literal starting at `index` (at its `#`s or quote), leaving `index` after its end.
        mutating func readLiteral() {
            let startLine = line
            var lineStart = index
            while lineStart > 0 && chars[lineStart - 1] != "\n" { lineStart -= 1 }
            let prefix = String(String.UnicodeScalarView(chars[lineStart..<index]))
            var hashes = 0
            while peek(0) == "#" {
                hashes += 1
                index += 1
            }
            let multiline = matches("\"\"\"")
            index += multiline ? 3 : 1
            let closing = String(repeating: "\"", count: multiline ? 3 : 1) + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            var text = ""
            while index < chars.count {
                if matches(closing) {
                    index += closing.unicodeScalars.count
                    break
                }
                if matches(escape + "(") {
                    index += escape.unicodeScalars.count + 1
                    skipInterpolation()
                    text += " "
                    continue
                }
                if matches(escape) {
                    index += escape.unicodeScalars.count + 1
                    text += " "
                    continue
                }
                if chars[index] == "\n" { line += 1 }
                text.unicodeScalars.append(chars[index])
                index += 1
            }
            found.append(Literal(line: startLine, text: text, prefix: prefix, scopes: scopes))
        }

        /// Skips an interpolation's code up to its closing parenthesis, reading the literals in it.
        mutating func skipInterpolation() {
            var depth = 1
            while index < chars.count, depth > 0 {
                if atLiteral {
                    readLiteral()
                    continue
                }
                if chars[index] == "(" { depth += 1 }
                if chars[index] == ")" { depth -= 1 }
                if chars[index] == "\n" { line += 1 }
                index += 1
            }
        }
    }
}
