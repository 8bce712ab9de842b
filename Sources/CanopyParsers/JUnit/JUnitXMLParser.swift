import CanopyModel

/// Reads JUnit XML in every dialect `docs/input-formats.md` lists ("JUnit XML") by streaming it through libxml2.
///
/// Memory grows with the number of tests, not with bytes: captured output and failure bodies are
/// bounded per attempt (`outputLimit`, head and tail kept), and output of passing attempts is
/// dropped. A file that libxml2 rejects for characters outside XML 1.0 is read a second time with
/// those characters replaced, and a warning says how many.
package struct JUnitXMLParser: ReportParser {
    /// Bytes of captured output, failure body or message kept per attempt and stream.
    package var outputLimit: Int
    /// Files at least this large are folded into tests on a second thread while libxml2 reads
    /// (`JUnitCasePipeline`).
    package var threadedFoldingThreshold: Int
    /// Told the byte count of each piece of the file as libxml2 is given it (a progress bar's
    /// bytes); a file read twice (sanitised) is told twice.
    package var onRead: (@Sendable (Int) -> Void)?
    /// Whose `[[ATTACHMENT|path]]` lines become attachments: failing attempts' by default.
    package var attachments: AttachmentScope
    /// `<testcase>` elements read before the file is refused (`JUnitLimits.testcasesPerFile`).
    package var testcaseLimit: Int
    /// Whether failing attempts keep their captured output (`Attempt.output`, `errorOutput`, and
    /// the attachments its `[[ATTACHMENT|…]]` lines name). Tests, attempts, outcomes, failures and
    /// diagnostics do not depend on it.
    package var keepsOutput: Bool

    package init(
        outputLimit: Int = 16 * 1024, threadedFoldingThreshold: Int = 1 << 20, attachments: AttachmentScope = .failing,
        onRead: (@Sendable (Int) -> Void)? = nil, testcaseLimit: Int = JUnitLimits.testcasesPerFile,
        keepsOutput: Bool = true
    ) {
        self.outputLimit = outputLimit
        self.attachments = attachments
        self.threadedFoldingThreshold = threadedFoldingThreshold
        self.onRead = onRead
        self.testcaseLimit = testcaseLimit
        self.keepsOutput = keepsOutput
    }

    package var format: InputFormat { .junitXML }

    package func parse(fileAt path: String) throws(ParserError) -> ParsedInput {
        do {
            return try read(path, sanitize: false)
        } catch let failure where failure.kind == .invalidCharacters {
            var result: ParsedInput
            do {
                result = try read(path, sanitize: true)
            } catch {
                throw convert(error, path: path)
            }
            result.diagnostics.insert(
                Diagnostic(
                    .warning,
                    "characters not allowed in XML 1.0 (\(failure.message) at line \(failure.line ?? 0)); replaced with '?' and read again",
                    file: path, line: failure.line, column: failure.column),
                at: 0)
            return result
        } catch {
            throw convert(error, path: path)
        }
    }

    private func read(_ path: String, sanitize: Bool) throws(XMLStreamFailure) -> ParsedInput {
        let builder = JUnitEventBuilder(
            path: path, outputLimit: outputLimit, threadedFoldingThreshold: threadedFoldingThreshold,
            testcaseLimit: testcaseLimit,
            keepsOutput: keepsOutput)
        let reader = XMLStreamReader(path: path, handler: builder)
        builder.stop = { [unowned reader] failure in reader.stop(with: failure) }
        reader.onRead = onRead
        do {
            try reader.read(sanitize: sanitize)
        } catch {
            builder.abandon()
            throw error
        }
        var (tests, builderDiagnostics, signals) = builder.finish()
        if reader.bytesRead == 0 {
            throw XMLStreamFailure(kind: .malformed, message: "empty")
        }
        var diagnostics = builderDiagnostics
        if let root = builder.rootElement, root != .testsuites, root != .testsuite {
            throw XMLStreamFailure(
                kind: .malformed, message: "the root element is not <testsuites> or <testsuite>", line: 1)
        }
        if reader.sawDoctype {
            diagnostics.append(Diagnostic(.note, "a DOCTYPE was present and ignored", file: path))
        }
        if sanitize, reader.replacedCharacters > 0 {
            diagnostics.append(Diagnostic(.note, "\(reader.replacedCharacters) character(s) replaced", file: path))
        }
        JUnitAttachmentLines.attach(to: &tests, reportPath: path, scope: attachments)
        let producer = signals.producer(root: builder.rootElement, hasXMLDeclaration: reader.hasXMLDeclaration)
        let file = InputFile(path: path, format: .junitXML, producer: producer, bytes: reader.bytesRead)
        return ParsedInput(file: file, tests: tests, diagnostics: diagnostics)
    }

    private func convert(_ failure: XMLStreamFailure, path: String) -> ParserError {
        switch failure.kind {
        case .io:
            return .unreadable(path: path, reason: failure.message)
        case .entityDeclaration:
            return .unsafe(path: path, line: failure.line, column: failure.column, message: failure.message)
        case .overLimit:
            return .overLimit(path: path, line: failure.line, message: failure.message)
        case .malformed where failure.message == "empty":
            return .empty(path: path)
        case .malformed, .invalidCharacters, .stopped:
            // libxml2's words for a document that stops inside an element. "Extra content at the end
            // of the document" (a complete root, then more) is not one of them: it gets the general hint.
            let truncated = ["Premature end of data", "EndTag: '</' not found", "Couldn't find end of Start Tag"]
                .contains { failure.message.contains($0) }
            let hint: String
            if truncated {
                hint = "The file looks truncated: did the test step stop before the reporter finished writing?"
            } else if failure.message.contains("Document is empty") || failure.message.contains("Start tag expected") {
                hint = "Expected an XML document whose root is <testsuites> or <testsuite>"
            } else {
                hint = "Expected well-formed JUnit XML"
            }
            return .malformed(
                path: path, line: failure.line, column: failure.column, message: failure.message, hint: hint)
        }
    }
}
