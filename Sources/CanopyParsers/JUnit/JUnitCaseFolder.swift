import CanopyModel

/// Turns finished testcases into tests with attempts and folds repeated executions of one test
/// into one `TestCase` (the consumer side of `JUnitCasePipeline`).
///
/// It owns everything it writes; the SAX side (`JUnitEventBuilder`) shares nothing with it but
/// the batches it sends, and reads the results only after `JUnitCasePipeline.finish()`.
final class JUnitCaseFolder {
    let path: String
    /// Whether the file starts with `<?xml …?>` (xcbeautify writes none); set before the first case.
    let hasXMLDeclaration: Bool

    /// The tests of the innermost open `<testsuite>` (or of the document, outside every suite).
    var folder = TestFolder()
    /// The tests of the enclosing open suites, outermost (the document's) first.
    ///
    /// A suite's `<properties>` (`device`, `Configuration`) apply to every testcase in it wherever
    /// they stand, and trainer writes them last: so a suite's tests are folded apart from the
    /// rest, keyed by their own properties only, and given the suite's identity when it ends
    /// (`suiteEnded`), which is when they join the enclosing suite's tests.
    var enclosingFolders: [TestFolder] = []
    var diagnostics: [Diagnostic] = []
    /// Producer evidence found in failure texts.
    var signals = DialectSignals()
    /// Positions of tests whose last attempt is an untimed xcbeautify failure entry that a
    /// following entry may extend.
    var openAssertionAttempts: Set<Int> = []
    var missingTimeCount = 0
    var badTimeSamples: [String] = []
    var combinedResultWarnings = 0
    /// The bundle computed for the last class seen, reused while suite and class stay the same.
    var lastSuites: [String] = []
    var lastClassName = ""
    var lastBundle: String?

    init(path: String, hasXMLDeclaration: Bool) {
        self.path = path
        self.hasXMLDeclaration = hasXMLDeclaration
    }

    func reserveCapacity(_ count: Int) {
        folder.reserveCapacity(count)
    }

    /// Folds one finished testcase into the file's tests.
    func fold(_ pending: JUnitPendingCase) {
        add(makeTest(pending), pending: pending)
    }

    /// A `<testsuite>` started: its tests fold apart until it ends.
    func suiteStarted() {
        openAssertionAttempts.removeAll()
        if folder.tests.isEmpty {
            // The suite takes over the empty folder and the room reserved in it.
            enclosingFolders.append(TestFolder())
        } else {
            enclosingFolders.append(folder)
            folder = TestFolder()
        }
    }

    /// The innermost open `<testsuite>` ended, its `<properties>` having named `identity`: its
    /// tests take the device and configuration their own properties left unset, and join the
    /// enclosing suite's tests (where attempts of one test fold together).
    func suiteEnded(identity: JUnitSuiteIdentity) {
        guard var enclosing = enclosingFolders.popLast() else { return }
        openAssertionAttempts.removeAll()
        var suite = folder
        folder = TestFolder()
        if !identity.isEmpty {
            suite.rewriteIdentities { key in
                if nonEmpty(key.device) == nil, let device = identity.device { key.device = device }
                if nonEmpty(key.configuration) == nil, let configuration = identity.configuration {
                    key.configuration = configuration
                }
            }
        }
        if enclosing.tests.isEmpty {
            folder = suite
        } else {
            enclosing.add(contentsOf: suite)
            folder = enclosing
        }
    }

    /// Diagnostics summarising per-file oddities, added once at the end.
    func finish() {
        // Suites a truncated or stopped file left open end here, without properties still to come.
        while !enclosingFolders.isEmpty { suiteEnded(identity: JUnitSuiteIdentity()) }
        if missingTimeCount > 0 {
            diagnostics.append(
                Diagnostic(
                    .note, "\(missingTimeCount) testcase(s) have no time attribute; their duration is unknown",
                    file: path))
        }
        if !badTimeSamples.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "unreadable or out-of-range time attribute(s) (a duration is 0 to 30 days) treated as unknown: \(badTimeSamples.joined(separator: ", "))",
                    file: path))
        }
        if combinedResultWarnings > 0 {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(combinedResultWarnings) testcase(s) carry both <skipped> and a failure or error; counted as failed",
                    file: path))
        }
        // xcbeautify names every Swift Testing test's class `SwiftTesting`: same-named functions
        // of two suites are one test to it, and a pass beside a failure reads as a retry.
        let swiftTesting = folder.tests.filter { $0.identity.className == "SwiftTesting" && $0.attempts.count > 1 }
        if !swiftTesting.isEmpty {
            diagnostics.append(
                Diagnostic(
                    .note,
                    "\(swiftTesting.count) Swift Testing test(s) appear more than once under the classname SwiftTesting "
                        + "(\(swiftTesting.prefix(3).map(\.identity.name).joined(separator: ", "))): read as retries, though they may be "
                        + "same-named tests of different suites, which xcbeautify does not tell apart; the xcresult JSON names each suite",
                    file: path))
        }
    }

    func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.isEmpty else { return nil }
        return text
    }
}
