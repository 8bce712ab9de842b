import CanopyModel

/// Joins the parsed inputs of one run into a `Run`.
///
/// Tests with the same identity across files fold into one test (a retry written to a second
/// report file is still an attempt of the same test), screens and audit issues are concatenated,
/// metadata is merged with the explicit metadata winning. Accessibility findings that arrived as
/// test failures (`FailureAuditRecognizer`) join the audit issues, attributed to their test; the
/// failures themselves stay on the test. The test a screen or an audit issue names becomes the
/// key of that test in the run, however the writer spelled it (`TestReferences`).
package enum RunAssembler {
    /// `attachments` says which attempts the exported attachments (`export attachments`) join.
    package static func assemble(
        _ inputs: [ParsedInput], metadata: RunMetadata = RunMetadata(), attachments: AttachmentScope = .failing
    ) -> Run {
        var run = Run(metadata: metadata)
        // A summary's failing tests and a test-details document's test stand in for the tests
        // only when no input lists them all: beside a tests document (or JUnit, or a bundle) they
        // are the same runs, counted there. A summary's failure of a test a test-details document
        // gives is that test's, too.
        let listsTests = inputs.contains { $0.file.format.carriesTests }
        var inputs = inputs
        let detailed = Set(
            inputs.filter { $0.file.format == .xcresultTestDetails }.flatMap { $0.tests.map(\.identity.testKey) })
        for index in inputs.indices {
            switch inputs[index].file.format {
            case .xcresultTestDetails where listsTests:
                inputs[index].tests = []
            case .xcresultSummary:
                inputs[index].tests.removeAll { listsTests || detailed.contains($0.identity.testKey) }
            default:
                break
            }
        }
        let runDevice = applyDestinations(to: &inputs)
        // Each parser already folded its own file; only tests spread over several files need
        // folding again.
        let testFiles = inputs.filter { !$0.tests.isEmpty }
        var folder = TestFolder(capacity: testFiles.count > 1 ? testFiles.reduce(0) { $0 + $1.tests.count } : 0)
        // Which input each folded test came from first, and the first pair of unlabelled inputs
        // that share a test, with how many they share.
        var firstInput: [Int] = []
        var shared: (first: Int, second: Int, tests: Int)?
        for (position, input) in inputs.enumerated() {
            if testFiles.count > 1 {
                for test in input.tests {
                    let count = folder.tests.count
                    let at = folder.add(test)
                    if at == count {
                        firstInput.append(position)
                    } else if firstInput[at] != position, input.file.destination == nil,
                        inputs[firstInput[at]].file.destination == nil
                    {
                        if shared == nil { shared = (firstInput[at], position, 0) }
                        if shared?.first == firstInput[at], shared?.second == position { shared?.tests += 1 }
                    }
                }
            }
            run.screens += input.screens
            run.auditIssues += input.auditIssues
            run.inputs.append(input.file)
            run.diagnostics += input.diagnostics
            run.metadata = run.metadata.merging(input.metadata)
        }
        run.tests = testFiles.count > 1 ? folder.tests : (testFiles.first?.tests ?? [])
        if run.metadata.device == nil, let runDevice { run.metadata.device = runDevice }
        if let shared {
            let (first, second) = (inputs[shared.first].file.path, inputs[shared.second].file.path)
            run.diagnostics.append(
                Diagnostic(
                    .warning,
                    "\(shared.tests) test(s) of \(second) are also in \(first), with no device to tell them apart: read as "
                        + "attempts of one test each (as fastlane's multi-scan writes one report per retry). If the files "
                        + "are from different devices or CI legs, label each: --destination \"NAME=\(first)\" "
                        + "--destination \"NAME=\(second)\"",
                    file: second))
        }
        // A run on several destinations lists them all, whatever its first input said.
        if metadata.device == nil, let all = devices(of: run.tests),
            run.metadata.device == nil || all.contains(", ")
        {
            if run.metadata.device != all, all.contains(", ") { run.metadata.osVersion = metadata.osVersion }
            run.metadata.device = all
        }
        resolveTestReferences(in: &run)
        // A summary alone names its failing tests only: the passing and skipped ones are missing.
        if !listsTests, let summary = inputs.first(where: { $0.file.format == .xcresultSummary }) {
            run.diagnostics.append(
                Diagnostic(
                    .warning,
                    "an xcresult summary names only its failing tests (\(summary.tests.count) read), not the passing or "
                        + "skipped ones, and no test results were given: add the output of "
                        + "`xcrun xcresulttool get test-results tests --format json` for the whole run",
                    file: summary.file.path))
        }
        if listsTests, let declared = inputs.compactMap(\.declaredTests).max(), declared > run.tests.count {
            run.metadata.declaredTests = RunMetadata.DeclaredTests(declared: declared, listed: run.tests.count)
            run.diagnostics.append(
                Diagnostic(
                    .warning,
                    "the summary declares \(declared) tests, the results list \(run.tests.count): the run may have "
                        + "been cut off (a crash mid-run)",
                    file: inputs.first { $0.declaredTests == declared }?.file.path))
        }
        run.auditIssues += recognizedAuditIssues(in: run.tests, inputs: run.inputs)
        joinExportedSteps(inputs.flatMap(\.steps), into: &run)
        joinExportedMetrics(inputs.flatMap(\.metrics), into: &run)
        if attachments != .none {
            joinExportedAttachments(inputs.flatMap(\.attachments), into: &run, scope: attachments)
        }
        return run
    }

    /// Gives the step log of each exported failing run (`get test-results activities`) to the
    /// next failing attempt, in order, of the test it names that has no steps yet.
    static func joinExportedSteps(_ exported: [ExportedSteps], into run: inout Run) {
        guard !exported.isEmpty else { return }
        let byName = ExportedTestReference.testsByName(run)
        var unmatched = 0
        for item in exported where item.failed {
            var placed = false
            for testIndex in (byName[item.test.joinName] ?? []) where item.test.names(run.tests[testIndex].identity) {
                guard
                    let attemptIndex = run.tests[testIndex].attempts.firstIndex(where: {
                        $0.outcome.isFailure && $0.steps == nil
                    })
                else { continue }
                run.tests[testIndex].attempts[attemptIndex].steps = item.steps
                placed = true
                break
            }
            if !placed { unmatched += 1 }
        }
        if unmatched > 0 {
            run.diagnostics.append(
                Diagnostic(
                    .note,
                    "\(unmatched) exported failing run(s) with steps belong to no failing attempt of the tests read; left out",
                    file: run.inputs.first { $0.format == .xcresultActivities }?.path))
        }
    }

    /// Gives each exported attachment (`xcresulttool export attachments`) to the failing attempt
    /// of the test it names: the attempt of its repetition, else the test's first failing one.
    /// Attachments of tests no input lists, or of passing attempts, are left out with a note;
    /// with `scope` `.all` one of a passing test joins the attempt of its repetition, else the last.
    static func joinExportedAttachments(
        _ exported: [ExportedAttachment], into run: inout Run, scope: AttachmentScope = .failing
    ) {
        guard !exported.isEmpty else { return }
        let byName = ExportedTestReference.testsByName(run)
        var unmatched = 0
        for item in exported {
            let candidates = (byName[item.test.joinName] ?? []).filter { item.test.names(run.tests[$0].identity) }
            var placed = false
            for testIndex in candidates {
                let attempts = run.tests[testIndex].attempts
                let chosen =
                    item.repetition.flatMap { attempts.indices.contains($0 - 1) ? $0 - 1 : nil }
                    ?? attempts.firstIndex { $0.outcome.isFailure } ?? (scope == .all ? attempts.indices.last : nil)
                guard let attemptIndex = chosen, scope.keeps(attempts[attemptIndex].outcome) else { continue }
                run.tests[testIndex].attempts[attemptIndex].attachments =
                    (attempts[attemptIndex].attachments ?? []) + [item.attachment]
                placed = true
                break
            }
            if !placed { unmatched += 1 }
        }
        if unmatched > 0 {
            run.diagnostics.append(
                Diagnostic(
                    .note,
                    "\(unmatched) exported attachment(s) belong to no \(scope == .all ? "" : "failing ")attempt of the tests read; left out",
                    file: run.inputs.first { $0.format == .xcresultAttachments }?.path))
        }
    }

    /// Settles the device and configuration each test's key names (`docs/identity-and-verdicts.md`),
    /// one rule for every input, so that a test read from xcresulttool's `tests` or `test-details`
    /// JSON, from an `.xcresult` bundle or from trainer's JUnit has one key:
    ///
    /// - A key names a device when the run's inputs name more than one (their tests' devices, the
    ///   one device a producer names for a whole file — an `.xcresult` of one device, whose tests
    ///   carry none — and the labels given on the command line, `--destination`): then a test that
    ///   names none takes its input's. A label is its input's device however many there are.
    /// - When the inputs name one device and no label, no key names it, whichever input named it:
    ///   the run names it, and it is returned for the run's metadata.
    /// - A key names a test-plan configuration only when the inputs name more than one, likewise.
    ///
    /// Returns the one device the inputs named, when no key names it.
    static func applyDestinations(to inputs: inout [ParsedInput]) -> String? {
        let labels = inputs.map(\.file.destination)
        let devices = inputs.indices.map { labels[$0] ?? producerDestination(of: inputs[$0]) }
        var runDevice: String?
        switch named(devices, inputs, \.device) {
        case .several:
            apply(devices, to: &inputs, \.device)
        case .one(let device) where !labels.contains(where: { $0 != nil }):
            for index in inputs.indices { clear(\.device, in: &inputs[index]) }
            runDevice = device
        case .one, .none:
            apply(labels, to: &inputs, \.device)
        }
        let configurations = inputs.map(\.configuration)
        switch named(configurations, inputs, \.configuration) {
        case .several: apply(configurations, to: &inputs, \.configuration)
        case .one: for index in inputs.indices { clear(\.configuration, in: &inputs[index]) }
        case .none: break
        }
        return runDevice
    }

    /// How many values of `part` the inputs' own values and their tests' name.
    private enum Named {
        case none
        case one(String)
        case several
    }

    private static func named(
        _ own: [String?], _ inputs: [ParsedInput], _ part: KeyPath<TestIdentity, String?>
    ) -> Named {
        var first: String?
        func see(_ value: String?) -> Bool {
            guard let value, !value.isEmpty else { return false }
            if let first { return value != first }
            first = value
            return false
        }
        if own.contains(where: see) { return .several }
        for input in inputs {
            for position in input.tests.indices where see(input.tests[position].identity[keyPath: part]) {
                return .several
            }
        }
        return first.map(Named.one) ?? .none
    }

    /// Sets `part` of each test that has none to its input's value in `values`.
    private static func apply(
        _ values: [String?], to inputs: inout [ParsedInput], _ part: WritableKeyPath<TestIdentity, String?>
    ) {
        for index in inputs.indices {
            guard let value = values[index] else { continue }
            for position in inputs[index].tests.indices
            where inputs[index].tests[position].identity[keyPath: part]?.isEmpty ?? true {
                inputs[index].tests[position].identity[keyPath: part] = value
            }
        }
    }

    /// Removes `part` from the input's tests (touching only those that name it).
    private static func clear(_ part: WritableKeyPath<TestIdentity, String?>, in input: inout ParsedInput) {
        for position in input.tests.indices where input.tests[position].identity[keyPath: part] != nil {
            input.tests[position].identity[keyPath: part] = nil
        }
    }

    /// The one device a file's producer names for all of it (`iPhone 16 Pro (18.2)`), as a test's
    /// identity names it.
    static func producerDestination(of input: ParsedInput) -> String? {
        guard let device = input.metadata.device, !device.isEmpty else { return nil }
        guard let os = input.metadata.osVersion, !os.isEmpty else { return device }
        return "\(device) (\(os))"
    }

    /// The devices the tests ran on, in first-seen order and joined by `, `, when the tests name
    /// any (trainer's `device` properties, xcresulttool's `Device` nodes): the run's metadata then
    /// shows them though no input names one device for the whole run.
    static func devices(of tests: [TestCase]) -> String? {
        var seen: Set<String> = []
        var devices: [String] = []
        for position in tests.indices {
            if let device = tests[position].identity.device, !device.isEmpty, seen.insert(device).inserted {
                devices.append(device)
            }
        }
        return devices.isEmpty ? nil : devices.joined(separator: ", ")
    }

    /// The tests that snapshots and audit files name, as the run's keys (`TestReferences`).
    static func resolveTestReferences(in run: inout Run) {
        guard run.screens.contains(where: { $0.test != nil }) || run.auditIssues.contains(where: { $0.test != nil })
        else { return }
        let references = TestReferences(tests: run.tests)
        for index in run.screens.indices { run.screens[index].test = run.screens[index].test.map(references.resolve) }
        for index in run.auditIssues.indices {
            run.auditIssues[index].test = run.auditIssues[index].test.map(references.resolve)
        }
    }

    /// Audit issues found in test failures, once per test even when several attempts repeat them.
    static func recognizedAuditIssues(in tests: [TestCase], inputs: [InputFile]) -> [AuditIssue] {
        var issues: [AuditIssue] = []
        // By index, skipping tests without failures before touching them, so that no test is
        // copied (as a `for test in tests` loop would copy each).
        for position in tests.indices where tests[position].attempts.contains(where: { !$0.failures.isEmpty }) {
            let test = tests[position]
            var seen: Set<AuditIssue> = []
            for attempt in test.attempts {
                let source = attempt.origin?.file ?? inputs.first?.path ?? ""
                for failure in attempt.failures {
                    for issue in FailureAuditRecognizer.issues(in: failure, test: test.identity.key, source: source)
                    where seen.insert(issue).inserted {
                        issues.append(issue)
                    }
                }
            }
        }
        return issues
    }
}
