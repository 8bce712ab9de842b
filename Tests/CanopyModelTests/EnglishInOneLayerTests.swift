import Foundation
import Testing

/// English a reader sees is composed in one layer: CanopyRender and the CLI (`Sources/CanopyCLI`,
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
/// - data, in the files not scanned (`data`): `FailureCategoryRule+Defaults.swift`, the built-in
///   failure categories, whose descriptions and fixes are the defaults of canopy.yml's
///   `categories`, a value a team writes its own of (`description:`, `fix:`) and Render prints
///   as given (wording the built-in ones in Render would give one rule two homes and the two
///   kinds of category two paths); and `StoredWords.swift`, the words Canopy writes into what
///   history stores (an unnamed testcase's key, an implied attempt's label, the cut-text marker);
/// - format strings have no two words of letters.
@Suite("English a reader sees lives in Render and the CLI only")
struct EnglishInOneLayerTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The folders that compose no reader-facing English; each file under them is scanned.
    static let clean = [
        "Sources/CanopyAnalysis",
        "Sources/CanopySource",
        "Sources/CanopyPipeline/Gates",
        "Sources/CanopyPipeline/Dashboard",
        "Sources/CanopyPipeline/Verdicts",
        "Sources/CanopyPipeline/Output",
        "Sources/CanopyConfig",
        "Sources/CanopyHistory",
        "Sources/CanopyPipeline/Source",
        "Sources/CanopyPipeline/Context",
        "Sources/CanopyPipeline/Support",
        "Sources/CanopyModel",
        "Sources/CanopyParsers",
    ]

    /// The files of clean folders that are not scanned, since their words are data, not a
    /// surface's: the built-in failure categories, whose descriptions and fixes a team's canopy.yml
    /// replaces (see the type's comment), and the words Canopy writes into what history stores
    /// (test keys of unnamed testcases, implied attempts' labels, the cut-text marker), which
    /// cannot be worded at render time or changed without altering stored history.
    static let data = [
        "Sources/CanopyAnalysis/Failures/FailureCategoryRule+Defaults.swift",
        "Sources/CanopyModel/StoredWords.swift",
    ]

    /// Folders that still compose reader-facing English, for the next change to make clean (and
    /// move to `clean`): not scanned.
    static let remaining: [String] = []

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
