import Foundation
import Testing

/// English a reader sees is composed in one layer: CanopyRender and the CLI (`Sources/canopy`,
/// `Sources/CanopyPipeline/Commands`). The layers below emit typed values (`GateFinding`,
/// `JudgementNote`, `RetentionOutcome`, …) that those render, so a word names one quantity on
/// every surface and is changed in one place (docs/glossary.md).
///
/// The scan is a heuristic: a string literal is prose when, its interpolations removed, it holds
/// two words of letters separated by a space. Allowed, since they are not a surface's words:
/// - the text of thrown errors and of error types' `description` / `errorDescription` (the CLI
///   prints a bad input's error as the error type words it, by contract): a literal whose
///   statement throws or names an error type;
/// - the text of diagnostics about an input, printed compiler-style as `file:line: warning: …`,
///   by the same contract: a literal whose statement builds a `Diagnostic(…)`, an error
///   (`failure(…)`, `XMLStreamFailure(…)`) or passes the `problem:` a callee throws; a literal in a
///   local that a later statement of its block throws or passes to one of those; or any literal
///   inside the declaration of a type that carries an error's or a diagnostic's text (a type named
///   `…Error` or `…Problem` or conforming to `Error`, and `diagnosticTypes`: `Diagnostic`, `SourceWarning`,
///   `SourceBound`, `XMLStreamFailure`, `JSONReadFailure`) or of a function that makes an error
///   (`func …Error(`, `-> …Error`, `-> XMLStreamFailure`) or the problem text one carries
///   (`func …Problem(`);
/// - developer-facing checks (`precondition`, `assert`, `fatalError`);
/// - SQL: a literal whose first word is an uppercase SQL keyword (`SELECT`, `CREATE`, `AND`,
///   `ORDER`, `INTEGER`, …; `sqlStart`) or that joins code with an uppercase `JOIN`, `WHERE`,
///   `AND`, `OR`, `IS NULL` or `NOT EXISTS` (`sqlClause`): a statement or a fragment of one;
/// - the producer's words that Canopy matches in its input (xcresulttool's `nodeType` values,
///   Xcode's audit wordings, …), which are wire format: a literal that is an enum case's raw
///   value (`case testCase = "Test Case"`), a `case "…"` pattern, or compared with input (after
///   `==` or `!=`, or the needle of `hasPrefix`, `hasSuffix`, `contains`, `range(of:)`, and of
///   the byte matchers `find` and `startsWith`);
/// - data: `FailureCategoryRule+Defaults.swift`, the built-in failure categories, is the one
///   file not scanned (`data`). Their descriptions and fixes are the defaults of canopy.yml's
///   `categories`, a value a team writes its own of (`description:`, `fix:`) and Render prints
///   as given; wording the built-in ones in Render would give one rule two homes and the two
///   kinds of category two paths;
/// - format strings have no two words of letters.
@Suite("English a reader sees lives in Render and the CLI only")
struct EnglishInOneLayerTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folders that compose no reader-facing English; each file under them is scanned.
    static let clean = [
        "Sources/CanopyPipeline/Gates",
        "Sources/CanopyPipeline/Dashboard",
        "Sources/CanopyPipeline/Verdicts",
        "Sources/CanopyPipeline/Output",
        "Sources/CanopyAnalysis/Baseline",
        "Sources/CanopyAnalysis/Flakiness",
        "Sources/CanopySource/Catalog",
        "Sources/CanopySource/Owners",
        "Sources/CanopySource/Walk",
        "Sources/CanopySource/Index",
        "Sources/CanopyAnalysis/Report",
        "Sources/CanopyAnalysis/Failures",
        "Sources/CanopyAnalysis/Identifiers",
        "Sources/CanopyConfig",
        "Sources/CanopyHistory",
        "Sources/CanopyPipeline/Source",
    ]

    /// The one file of a clean folder that is not scanned: the built-in failure categories, whose
    /// descriptions and fixes are data a team's canopy.yml replaces (see the type's comment).
    static let data = ["Sources/CanopyAnalysis/Failures/FailureCategoryRule+Defaults.swift"]

    /// Folders that still compose reader-facing English, for the next change to make clean (and
    /// move to `clean`): not scanned.
    static let remaining = [
        "Sources/CanopyPipeline/Context",
        "Sources/CanopyPipeline/Support",
        "Sources/CanopyModel",
        "Sources/CanopyAnalysis/Coverage",
        "Sources/CanopyParsers",
    ]

    @Test("no file of a clean folder composes prose outside an error's text")
    func cleanFoldersComposeNoProse() throws {
        var findings: [String] = []
        var scanned = 0
        for folder in Self.clean {
            let root = Self.repository.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.path), "no folder \(folder)")
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift"), !Self.data.contains("\(folder)/\(relative)") else { continue }
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                scanned += 1
                for found in ProseScanner.prose(in: text) {
                    findings.append("\(folder)/\(relative):\(found.line): \(found.text)")
                }
            }
        }
        #expect(scanned > 5, "the scan found only \(scanned) Swift files")
        #expect(
            findings.isEmpty,
            "compose these words in CanopyRender or the CLI from a typed value:\n\(findings.joined(separator: "\n"))")
    }

    @Test("a clean folder and a remaining one are never the same, and each exists")
    func scopeIsConsistent() {
        #expect(Set(Self.clean).isDisjoint(with: Self.remaining))
        for folder in Self.clean + Self.remaining {
            #expect(
                FileManager.default.fileExists(atPath: Self.repository.appendingPathComponent(folder).path), "\(folder)"
            )
        }
    }

    @Test("the scanner finds prose in literals and interpolations, and allows errors, checks and format strings")
    func scannerFindsProse() {
        let source = #"""
            let a = "\(count) new failing test(s), at most \(limit) allowed"
            let b = String(format: "%.1f%%", value)
            let c = "passed"
            // "a comment is not a literal"
            let d = "x \("nested words here") y"
            throw PipelineError.usage("no stored run has the key")
            precondition(ok, "one verdict per row")
            let e = """
                two words
                """
            let f = #"raw words here"#
            let g = "\(a) of \(b)"
            """#
        let found = ProseScanner.prose(in: source)
        #expect(found.map(\.line) == [1, 5, 8, 11])
    }

    @Test("SQL, a statement or a fragment, is not prose; lowercase words around it are")
    func scannerAllowsSQL() {
        let source = #"""
            let a = "SELECT run_key FROM runs WHERE id = ?"
            let b = """
                CREATE TABLE runs (id INTEGER PRIMARY KEY)
                """
            let c = " AND branch = ?"
            let d = "tests t JOIN runs r ON r.id = t.run_id"
            let e = "(commit_sha IS NULL OR commit_sha <> ?)"
            let f = "select the run and join it"
            let g = "Select a run from the list"
            """#
        #expect(ProseScanner.prose(in: source).map(\.line) == [8, 9])
    }

    @Test("a diagnostic's text and any text of an error or diagnostic type is allowed, nothing else")
    func scannerAllowsDiagnostics() {
        let source = #"""
            diagnostics.append(
                Diagnostic(.warning, "unknown element ignored", file: path))
            enum StoreError: Error {
                case gone
                var advice: String {
                    switch self {
                    case .gone: "restore it from a backup"
                    }
                }
            }
            enum SourceWarning {
                var description: String { "not indexed at all" }
            }
            enum Outcome {
                var words: String {
                    "passed on retry"
                }
            }
            enum Problem: Sendable, Error {
                var text: String { "there is no month" }
            }
            enum PayloadProblem {
                func describe() -> String { "names a file outside Data" }
            }
            func typeError(_ key: String) -> ConfigurationError { error("expected a number here") }
            func failed() -> any Error { let why = "cannot write the file"; return why }
            static func ownerProblem(_ owner: String) -> String? { "does not start with @ here" }
            let s = try section.strings("separators", problem: { "is not a single character" })
            func ownerWords() -> String { "name a user or team" }
            let note = "the build succeeded; skipped"
            let file = InputFile(path: path)
            return ParsedInput(file: file, diagnostics: [Diagnostic(.note, note, file: path)])
            let label = "passed on rerun"
            attempts.append(Attempt(label: label))
            let name = "the unnamed test"
            diagnostics.append(Diagnostic(.warning, "read as \(name)"))
            tests.append(TestCase(name: name))
            """#
        #expect(ProseScanner.prose(in: source).map(\.line) == [16, 29, 33, 35])
    }

    @Test("the producer's words matched in input are allowed as raw values, patterns and comparands only")
    func scannerAllowsProducerWords() {
        let source = #"""
            enum NodeType: String {
                case testCase = "Test Case"
            }
            switch type {
            case "Unit test bundle", "UI test bundle": break
            default: break
            }
            if label == "First Run" { first = true }
            if text.hasPrefix("Contrast failed") { contrast = true }
            let r = message.range(of: "Lost connection to")
            if startsWith(bytes, at: close + 1, " IN identifiers") { found = true }
            let note = "Test Case skipped here"
            let words = ["Test Suite", "Test Plan"]
            """#
        #expect(ProseScanner.prose(in: source).map(\.line) == [12, 13, 13])
    }
}

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
