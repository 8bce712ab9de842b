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
/// - developer-facing checks (`precondition`, `assert`, `fatalError`);
/// - format strings and SQL have no two words of letters, or are kept in folders not listed.
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
    ]

    /// Folders that still compose reader-facing English, for the next change to make clean (and
    /// move to `clean`): not scanned.
    static let remaining = [
        "Sources/CanopyPipeline/Context",
        "Sources/CanopyPipeline/Source",
        "Sources/CanopyPipeline/Support",
        "Sources/CanopyModel",
        "Sources/CanopyAnalysis/Coverage",
        "Sources/CanopyAnalysis/Failures",
        "Sources/CanopyAnalysis/Identifiers",
        "Sources/CanopyAnalysis/Report",
        "Sources/CanopyConfig",
        "Sources/CanopyHistory",
        "Sources/CanopyParsers",
        "Sources/CanopySource/Index",
    ]

    @Test("no file of a clean folder composes prose outside an error's text")
    func cleanFoldersComposeNoProse() throws {
        var findings: [String] = []
        var scanned = 0
        for folder in Self.clean {
            let root = Self.repository.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.path), "no folder \(folder)")
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
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
}

/// Finds the string literals of Swift source that are prose.
enum ProseScanner {
    struct Literal: Equatable {
        var line: Int
        var text: String
    }

    /// The prose literals of `source` outside thrown errors and checks, each with its line.
    static func prose(in source: String) -> [Literal] {
        let lines = source.components(separatedBy: "\n")
        return literals(in: source).filter { literal in
            isProse(literal.text) && !isAllowed(statement(endingAt: literal.line, in: lines))
        }
    }

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
        "throw ", "Error.", "Error(", "precondition(", "preconditionFailure(", "assert(", "assertionFailure(",
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

        init(chars: [Unicode.Scalar]) { self.chars = chars }

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
                    if chars[index] == "\n" { line += 1 }
                    index += 1
                }
            }
        }

        /// Reads a literal starting at `index` (at its `#`s or quote), leaving `index` after its end.
        mutating func readLiteral() {
            let startLine = line
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
            found.append(Literal(line: startLine, text: text))
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
