import CanopyModel

/// Turns the SAX events of one JUnit XML file into tests with attempts.
///
/// Every dialect of FORMATS.md §1 uses the same vocabulary with different habits; this builder
/// keeps per-testcase state and decides at `</testcase>` how the elements map onto attempts:
/// Surefire's flaky/rerun elements, xcresultparser's `flaky="true"`, trainer's repetition
/// properties and xcbeautify's one-entry-per-assertion all end up as ordered attempts of one test.
final class JUnitEventBuilder: XMLStreamHandler {
    /// A `<failure>`, `<error>`, `<skipped>` or one of Surefire's rerun/flaky elements.
    struct ResultElement {
        var kind: JUnitElement
        var message: String?
        var type: String?
        var body: BoundedText
        var stackTrace: BoundedText
        var output: BoundedText
        var errorOutput: BoundedText
    }

    struct PendingCase {
        var className: String?
        var name: String?
        var time: String?
        var file: String?
        var line: Int?
        var flaky = false
        var startLine: Int
        var results: [ResultElement] = []
        var output: BoundedText
        var errorOutput: BoundedText
        var properties: [(String, String)] = []
    }

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

    var folder = TestFolder()
    var diagnostics: [Diagnostic] = []
    private(set) var rootElement: JUnitElement?
    var signals = DialectSignals()

    var suites: [String] = []
    private var current: PendingCase?
    /// Index into `current.results` of the element that is open, if any.
    private var openResult: Int?
    private var sink: Sink = .none
    private var propertyName: String?
    private var propertyValue = BoundedText(limit: 4096)
    private var depth = 0
    private var unknownElementsWarned: Set<String> = []
    /// Positions of tests whose last attempt is an untimed xcbeautify failure entry that a
    /// following entry may extend.
    var openAssertionAttempts: Set<Int> = []
    var missingTimeCount = 0
    var badTimeSamples: [String] = []
    var combinedResultWarnings = 0
    /// The bundle computed for the last class seen, reused while suite and class stay the same.
    var lastSuiteCount = -1
    var lastClassName = ""
    var lastBundle: String?

    init(path: String, outputLimit: Int) {
        self.path = path
        self.outputLimit = outputLimit
    }

    // MARK: XMLStreamHandler

    func documentWillStart(hasXMLDeclaration: Bool) {
        self.hasXMLDeclaration = hasXMLDeclaration
    }

    func startElement(_ name: UnsafePointer<UInt8>, attributes: XMLAttributes, line: Int) {
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
        case .testsuite:
            var suiteName = ""
            for index in 0..<attributes.count where attributeNameEquals(attributes.name(at: index), "name") {
                suiteName = attributes.string(at: index)
            }
            if suiteName == "pytest" { signals.pytest = true }
            if suiteName == "PARALLEL_TESTS" { signals.xcbeautify = true }
            if suiteName == "Session-level issues" { signals.xcresultparser = true }
            if depth == 1 { reserveFromTestsAttribute(attributes) }
            suites.append(suiteName)
        case .testcase:
            startCase(attributes: attributes, line: line)
        case .failure, .error, .skipped, .rerunFailure, .rerunError, .flakyFailure, .flakyError:
            startResult(element, attributes: attributes, line: line)
        case .systemOut:
            sink = openResult != nil ? .resultOutput : (currentHasFailed ? .caseOutput : .none)
        case .systemErr:
            sink = openResult != nil ? .resultErrorOutput : (currentHasFailed ? .caseErrorOutput : .none)
        case .stackTrace:
            sink = openResult != nil ? .resultStackTrace : .none
        case .properties:
            break
        case .property:
            startProperty(attributes: attributes)
        case .other:
            let text = String(cString: name)
            if unknownElementsWarned.insert(text).inserted {
                diagnostics.append(Diagnostic(.warning, "unknown element <\(text)> ignored", file: path, line: line))
            }
        }
    }

    func endElement(_ name: UnsafePointer<UInt8>) {
        depth -= 1
        switch JUnitElement.classify(name) {
        case .testsuite:
            if !suites.isEmpty { suites.removeLast() }
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
    /// element; skipping the copy for passing tests (most of the bytes of a log-heavy report)
    /// measured ~15% of parse time on the 100 MB bench file.
    private var currentHasFailed: Bool {
        current?.results.contains { $0.kind != .skipped } ?? false
    }

    /// Reserves room for the number of tests the root element announces (bounded), so the test
    /// list and its index are not regrown while reading.
    private func reserveFromTestsAttribute(_ attributes: XMLAttributes) {
        for index in 0..<attributes.count where attributeNameEquals(attributes.name(at: index), "tests") {
            // A quarter more for retries, which add testcases beyond the count (measured: growing
            // past a 90k reservation copied every test once).
            if let count = Int(attributes.string(at: index)), count > 0 { folder.reserveCapacity(min(count + count / 4, 2_500_000)) }
        }
    }

    private func startCase(attributes: XMLAttributes, line: Int) {
        var pending = PendingCase(
            startLine: line, output: BoundedText(limit: outputLimit), errorOutput: BoundedText(limit: outputLimit))
        for index in 0..<attributes.count {
            let name = attributes.name(at: index)
            if attributeNameEquals(name, "name") {
                pending.name = attributes.string(at: index)
            } else if attributeNameEquals(name, "classname") {
                let className = attributes.string(at: index)
                // Tests of one class share one string buffer (measured: ~4 MB on 90k tests).
                pending.className = className == lastClassName ? lastClassName : className
            } else if attributeNameEquals(name, "time") {
                pending.time = attributes.string(at: index)
            } else if attributeNameEquals(name, "file") {
                pending.file = attributes.string(at: index)
            } else if attributeNameEquals(name, "line") {
                pending.line = Int(attributes.string(at: index))
            } else if attributeNameEquals(name, "flaky") {
                pending.flaky = attributes.string(at: index).lowercased() == "true"
                if pending.flaky { signals.xcresultparser = true }
            }
        }
        current = pending
        openResult = nil
        sink = .none
    }

    private func startResult(_ kind: JUnitElement, attributes: XMLAttributes, line: Int) {
        guard current != nil else {
            diagnostics.append(Diagnostic(.warning, "<\(kind)> outside a <testcase> ignored", file: path, line: line))
            return
        }
        var result = ResultElement(
            kind: kind, body: BoundedText(limit: outputLimit), stackTrace: BoundedText(limit: outputLimit),
            output: BoundedText(limit: outputLimit), errorOutput: BoundedText(limit: outputLimit))
        for index in 0..<attributes.count {
            let name = attributes.name(at: index)
            if attributeNameEquals(name, "message") {
                result.message = attributes.string(at: index).truncatedUTF8(to: outputLimit)
            } else if attributeNameEquals(name, "type") {
                result.type = attributes.string(at: index)
            }
        }
        switch kind {
        case .rerunFailure, .rerunError, .flakyFailure, .flakyError: signals.surefire = true
        case .skipped where result.type?.hasPrefix("pytest.") == true: signals.pytest = true
        case .failure where result.type == "Uncategorized": signals.xcresultparser = true
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
        defer { propertyName = nil; propertyValue.reset() }
        guard let propertyName else { return }
        let value = propertyValue.string() ?? ""
        switch propertyName {
        case "go.version": signals.gotestsum = true
        case "repetition", "device", "testname", "argument", "Configuration": if current != nil { signals.trainer = true }
        default: if propertyName.hasPrefix("java.") || propertyName.hasPrefix("surefire.") { signals.surefire = true }
        }
        if current != nil { current!.properties.append((propertyName, value)) }
        if openResult == nil { sink = .none }
    }

    private func finishCase() {
        guard let pending = current else { return }
        current = nil
        openResult = nil
        sink = .none
        let test = makeTest(pending)
        add(test, pending: pending)
    }

    /// Diagnostics summarising per-file oddities, added once at the end.
    func finish() {
        if missingTimeCount > 0 {
            diagnostics.append(Diagnostic(.note, "\(missingTimeCount) testcase(s) have no time attribute; their duration is unknown", file: path))
        }
        if !badTimeSamples.isEmpty {
            diagnostics.append(Diagnostic(
                .warning, "unreadable time attribute(s) treated as unknown: \(badTimeSamples.joined(separator: ", "))", file: path))
        }
        if combinedResultWarnings > 0 {
            diagnostics.append(Diagnostic(
                .warning, "\(combinedResultWarnings) testcase(s) carry both <skipped> and a failure or error; counted as failed", file: path))
        }
    }

    func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}

/// Evidence gathered while reading, used to name the producer of a JUnit file.
struct DialectSignals {
    var surefire = false
    var pytest = false
    var gotestsum = false
    var trainer = false
    var trainerLegacy = false
    var xcresultparser = false
    var xcbeautify = false
    var xcbeautifyMessages = false
    var xcpretty = false

    /// The producer's name, most specific evidence first.
    func producer(root: JUnitElement?, hasXMLDeclaration: Bool) -> String {
        if surefire { return "surefire" }
        if pytest { return "pytest" }
        if gotestsum { return "gotestsum" }
        if trainer { return "trainer" }
        if trainerLegacy { return "trainer-legacy" }
        if xcresultparser { return "xcresultparser" }
        if !hasXMLDeclaration && root == .testsuites && (xcbeautify || xcbeautifyMessages) { return "xcbeautify" }
        if xcpretty { return "xcpretty" }
        return "junit"
    }
}
