import CanopyModel

/// Turns the SAX events of one JUnit XML file into tests with attempts.
///
/// Every dialect of `docs/input-formats.md` ("JUnit XML") uses the same vocabulary with different habits; this builder
/// keeps per-testcase state and decides at `</testcase>` how the elements map onto attempts:
/// Surefire's flaky/rerun elements, xcresultparser's `flaky="true"`, trainer's repetition
/// properties and xcbeautify's one-entry-per-assertion all end up as ordered attempts of one test.
final class JUnitEventBuilder: XMLStreamHandler {
    private enum Sink {
        case none
        case caseOutput, caseErrorOutput
        case resultBody, resultStackTrace, resultOutput, resultErrorOutput
        case propertyValue
    }

    let path: String
    let outputLimit: Int
    /// Whether the file starts with `<?xml …?>`; xcbeautify writes none.
    private(set) var hasXMLDeclaration = false

    /// Diagnostics of the SAX side (unknown elements, stray results).
    private var eventDiagnostics: [Diagnostic] = []
    private(set) var rootElement: JUnitElement?
    /// Producer evidence seen in element names, attributes and properties.
    private var eventSignals = DialectSignals()
    /// The folder's thread, started at the document's first event.
    private var pipeline: JUnitCasePipeline?

    var suites: [String] = []
    /// Per open `<testsuite>` (and one for the document): the testcases read in it so far, which
    /// name a testcase that has no name by its position.
    private var casePositions: [Int] = [0]
    /// Per open `<testsuite>`: the identity properties (`device`, `Configuration`) its own
    /// `<properties>` gave, wherever they stand in it (trainer writes them on the bundle suite,
    /// last); the folder applies them to the suite's tests when it ends.
    private var suiteIdentities: [JUnitSuiteIdentity] = [JUnitSuiteIdentity()]
    private var current: JUnitPendingCase?
    /// Index into `current.results` of the element that is open, if any.
    private var openResult: Int?
    private var sink: Sink = .none
    private var propertyName: String?
    private var propertyValue = BoundedText(limit: 4096)
    private var depth = 0
    private var unknownElementsWarned: Set<String> = []
    /// The class name of the previous testcase, whose storage the next one of the class shares.
    private var lastClassName = ""

    /// Files of at least this many bytes fold testcases on a second thread (`JUnitCasePipeline`).
    let threadedFoldingThreshold: Int
    /// `<testcase>` elements read before the file is refused (`JUnitLimits.testcasesPerFile`).
    let testcaseLimit: Int
    /// Whether captured output (`<system-out>`, `<system-err>`) is kept for failing attempts.
    let keepsOutput: Bool
    /// `<testcase>` elements started so far.
    private var testcasesRead = 0
    /// Called once when the file passes a limit, with why; the reader stops and throws it.
    var stop: ((XMLStreamFailure) -> Void)?

    init(
        path: String, outputLimit: Int, threadedFoldingThreshold: Int,
        testcaseLimit: Int = JUnitLimits.testcasesPerFile,
        keepsOutput: Bool = true
    ) {
        self.path = path
        self.outputLimit = outputLimit
        self.threadedFoldingThreshold = threadedFoldingThreshold
        self.testcaseLimit = testcaseLimit
        self.keepsOutput = keepsOutput
    }

    private func makePipeline(threaded: Bool) -> JUnitCasePipeline {
        JUnitCasePipeline(folder: JUnitCaseFolder(path: path, hasXMLDeclaration: hasXMLDeclaration), threaded: threaded)
    }

    /// What the file held, once reading ended: the folded tests, every diagnostic (in line order,
    /// per-file notes last) and the producer evidence. Waits for the folder's thread.
    func finish() -> (tests: [TestCase], diagnostics: [Diagnostic], signals: DialectSignals) {
        let folder = (pipeline ?? makePipeline(threaded: false)).finish()
        pipeline = nil
        let caseDiagnostics = folder.diagnostics
        folder.finish()
        let notes = folder.diagnostics[caseDiagnostics.count...]
        var signals = eventSignals
        signals.merge(folder.signals)
        // Both sides report in reading order; interleave them by line as one reader would have.
        let ordered = (eventDiagnostics + caseDiagnostics).enumerated().sorted { lhs, rhs in
            (lhs.element.line ?? Int.max, lhs.offset) < (rhs.element.line ?? Int.max, rhs.offset)
        }.map(\.element)
        return (folder.folder.tests, ordered + notes, signals)
    }

    /// Stops the folder's thread after a failed read, discarding what it built.
    func abandon() {
        _ = pipeline?.finish()
        pipeline = nil
    }

    // MARK: XMLStreamHandler

    func documentWillStart(hasXMLDeclaration: Bool, fileSize: Int) {
        self.hasXMLDeclaration = hasXMLDeclaration
        pipeline = makePipeline(threaded: fileSize >= threadedFoldingThreshold)
    }

    func startElement(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, line: Int) -> Bool {
        handleStart(name, attributes: attributes, line: line)
        return sink != .none
    }

    func endElement(_ name: UnsafePointer<UInt8>) -> Bool {
        handleEnd(name)
        return sink != .none
    }

    private func handleStart(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, line: Int) {
        depth += 1
        let element = JUnitElement.classify(name)
        if rootElement == nil {
            rootElement = element
            if element != .testsuites && element != .testsuite {
                return
            }
        }
        switch element {
        case .testsuites:
            reserveFromTestsAttribute(attributes)
            // xcbeautify names the root of a parallel-only run so.
            for index in 0..<attributes.count where attributeNameEquals(attributes.name(at: index), "name") {
                if attributes.string(at: index) == "PARALLEL_TESTS" { eventSignals.xcbeautify = true }
            }
        case .testsuite:
            var suiteName = ""
            for index in 0..<attributes.count where attributeNameEquals(attributes.name(at: index), "name") {
                suiteName = attributes.string(at: index)
            }
            if suiteName == "pytest" { eventSignals.pytest = true }
            if suiteName == "PARALLEL_TESTS" { eventSignals.xcbeautify = true }
            if suiteName == "Session-level issues" { eventSignals.xcresultparser = true }
            if depth == 1 { reserveFromTestsAttribute(attributes) }
            suites.append(suiteName)
            casePositions.append(0)
            suiteIdentities.append(JUnitSuiteIdentity())
            pipeline?.suite(.started)
        case .testcase:
            startCase(attributes: attributes, line: line)
        case .failure, .error, .skipped, .rerunFailure, .rerunError, .flakyFailure, .flakyError:
            startResult(element, attributes: attributes, line: line)
        case .systemOut:
            sink = !keepsOutput ? .none : openResult != nil ? .resultOutput : (currentHasFailed ? .caseOutput : .none)
        case .systemErr:
            sink =
                !keepsOutput
                ? .none : openResult != nil ? .resultErrorOutput : (currentHasFailed ? .caseErrorOutput : .none)
        case .stackTrace:
            sink = openResult != nil ? .resultStackTrace : .none
        case .properties:
            break
        case .property:
            startProperty(attributes: attributes)
        case .other:
            let text = String(cString: name)
            if unknownElementsWarned.insert(text).inserted {
                eventDiagnostics.append(
                    Diagnostic(.warning, "unknown element <\(text)> ignored", file: path, line: line))
            }
        }
    }

    private func handleEnd(_ name: UnsafePointer<UInt8>) {
        depth -= 1
        switch JUnitElement.classify(name) {
        case .testsuite:
            if !suites.isEmpty { suites.removeLast() }
            if casePositions.count > 1 { casePositions.removeLast() }
            if suiteIdentities.count > 1 { pipeline?.suite(.ended(suiteIdentities.removeLast())) }
        case .testcase:
            finishCase()
        case .failure, .error, .skipped, .rerunFailure, .rerunError, .flakyFailure, .flakyError:
            openResult = nil
            sink = .none
        case .systemOut, .systemErr:
            sink = openResult != nil ? .resultBody : .none
        case .stackTrace:
            sink = openResult != nil ? .resultBody : .none
        case .property:
            finishProperty()
        default:
            break
        }
    }

    func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch sink {
        case .none:
            return
        case .caseOutput:
            current?.output.append(bytes)
        case .caseErrorOutput:
            current?.errorOutput.append(bytes)
        case .resultBody:
            if let openResult { current?.results[openResult].body.append(bytes) }
        case .resultStackTrace:
            if let openResult { current?.results[openResult].stackTrace.append(bytes) }
        case .resultOutput:
            if let openResult { current?.results[openResult].output.append(bytes) }
        case .resultErrorOutput:
            if let openResult { current?.results[openResult].errorOutput.append(bytes) }
        case .propertyValue:
            propertyValue.append(bytes)
        }
    }

    // MARK: Test cases

    /// Whether the open testcase already holds a failure or error. Output is kept only for
    /// attempts that did not pass, and every producer writes `<system-out>` after the failure
    /// element, so the output of passing tests (most of the bytes of a log-heavy report) is
    /// never copied.
    private var currentHasFailed: Bool {
        current?.results.contains { $0.kind != .skipped } ?? false
    }

    /// Reserves room for the number of tests the root element announces (bounded), so the test
    /// list and its index are not regrown while reading.
    private func reserveFromTestsAttribute(_ attributes: XMLAttributes) {
        for index in 0..<attributes.count where attributeNameEquals(attributes.name(at: index), "tests") {
            // A quarter more for retries, which add testcases beyond the count (growing past the
            // reservation would copy every test once).
            if let count = Int(attributes.string(at: index)).flatMap(InputRange.count), count > 0 {
                pipeline?.reserve(min(count + count / 4, 2_500_000))
            }
        }
    }

    private func startCase(attributes: XMLAttributes, line: Int) {
        testcasesRead += 1
        if testcasesRead > testcaseLimit {
            stop?(
                XMLStreamFailure(
                    kind: .overLimit,
                    message:
                        "more than \(testcaseLimit) <testcase> elements (limit: \(testcaseLimit) testcases per JUnit file)",
                    line: line))
            return
        }
        casePositions[casePositions.count - 1] += 1
        var pending = JUnitPendingCase(
            startLine: line, output: BoundedText(limit: outputLimit), errorOutput: BoundedText(limit: outputLimit),
            suites: suites)
        pending.positionInSuite = casePositions[casePositions.count - 1]
        for index in 0..<attributes.count {
            let name = attributes.name(at: index)
            if attributeNameEquals(name, "name") {
                pending.name = boundedName(attributes, index, "test", line: line)
            } else if attributeNameEquals(name, "classname") {
                let className = boundedName(attributes, index, "class", line: line)
                // Tests of one class share one string buffer.
                if className != lastClassName { lastClassName = className }
                pending.className = lastClassName
            } else if attributeNameEquals(name, "time") {
                pending.time = attributes.string(at: index)
            } else if attributeNameEquals(name, "file") {
                pending.file = attributes.string(at: index)
            } else if attributeNameEquals(name, "line") {
                pending.line = Int(attributes.string(at: index))
            } else if attributeNameEquals(name, "flaky") {
                pending.flaky = attributes.string(at: index).lowercased() == "true"
                if pending.flaky { eventSignals.xcresultparser = true }
            }
        }
        current = pending
        openResult = nil
        sink = .none
    }

    /// Test and class names are keys stored with every run (in several columns and indexes): past
    /// `nameLimit` bytes one is cut, with a warning, so one huge name cannot swell the history.
    static let nameLimit = 4096

    /// The attribute at `index` as a name of at most `nameLimit` bytes (plus the marker of what was
    /// cut), with a warning when it is longer; a longer value is never decoded whole.
    private func boundedName(_ attributes: XMLAttributes, _ index: Int, _ what: String, line: Int) -> String {
        let bytes = attributes.value(at: index).count
        guard bytes > Self.nameLimit else { return attributes.string(at: index) }
        eventDiagnostics.append(
            Diagnostic(
                .warning, "a \(what) name of \(bytes) bytes cut to its first \(Self.nameLimit) bytes", file: path,
                line: line))
        return attributes.string(at: index, limit: Self.nameLimit)
    }

    private func startResult(_ kind: JUnitElement, attributes: XMLAttributes, line: Int) {
        guard current != nil else {
            eventDiagnostics.append(
                Diagnostic(.warning, "<\(kind)> outside a <testcase> ignored", file: path, line: line))
            return
        }
        var result = JUnitResultElement(
            kind: kind, body: BoundedText(limit: outputLimit), stackTrace: BoundedText(limit: outputLimit),
            output: BoundedText(limit: outputLimit), errorOutput: BoundedText(limit: outputLimit))
        for index in 0..<attributes.count {
            let name = attributes.name(at: index)
            if attributeNameEquals(name, "message") {
                result.message = attributes.string(at: index, limit: outputLimit)
            } else if attributeNameEquals(name, "type") {
                result.type = attributes.string(at: index)
            }
        }
        switch kind {
        case .rerunFailure, .rerunError, .flakyFailure, .flakyError: eventSignals.surefire = true
        case .skipped where result.type?.hasPrefix("pytest.") == true: eventSignals.pytest = true
        case .failure where result.type == "Uncategorized": eventSignals.xcresultparser = true
        default: break
        }
        current!.results.append(result)
        openResult = current!.results.count - 1
        sink = .resultBody
    }

    private func startProperty(attributes: XMLAttributes) {
        propertyName = nil
        propertyValue.reset()
        var value: String?
        for index in 0..<attributes.count {
            let name = attributes.name(at: index)
            if attributeNameEquals(name, "name") {
                propertyName = attributes.string(at: index)
            } else if attributeNameEquals(name, "value") {
                value = attributes.string(at: index)
            }
        }
        if let value {
            propertyValue.append(value)
            sink = .none
        } else {
            sink = .propertyValue
        }
    }

    private func finishProperty() {
        defer {
            propertyName = nil
            propertyValue.reset()
        }
        guard let propertyName else { return }
        let value = propertyValue.string() ?? ""
        switch propertyName {
        case "go.version": eventSignals.gotestsum = true
        case "repetition", "testname", "argument": if current != nil { eventSignals.trainer = true }
        case "device", "Configuration": eventSignals.trainer = true
        default:
            if propertyName.hasPrefix("java.") || propertyName.hasPrefix("surefire.") { eventSignals.surefire = true }
        }
        if current != nil {
            current!.properties.append((propertyName, value))
        } else if !value.isEmpty, suiteIdentities.count > 1 {
            // A suite's own properties: all of its testcases (and nested suites') take them.
            if propertyName == "device" { suiteIdentities[suiteIdentities.count - 1].device = value }
            if propertyName == "Configuration" { suiteIdentities[suiteIdentities.count - 1].configuration = value }
        }
        if openResult == nil { sink = .none }
    }

    private func finishCase() {
        guard let pending = current.take() else { return }
        openResult = nil
        sink = .none
        pipeline?.submit(pending)
    }
}
