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
        applyDestinations(to: &inputs)
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
        if attachments != .none {
            joinExportedAttachments(inputs.flatMap(\.attachments), into: &run, scope: attachments)
        }
        return run
    }

    /// Gives the step log of each exported failing run (`get test-results activities`) to the
    /// next failing attempt, in order, of the test it names that has no steps yet.
    static func joinExportedSteps(_ exported: [ExportedSteps], into run: inout Run) {
        guard !exported.isEmpty else { return }
        var byName: [String: [Int]] = [:]
        for index in run.tests.indices { byName[run.tests[index].identity.name, default: []].append(index) }
        var unmatched = 0
        for item in exported where item.failed {
            var placed = false
            for testIndex in (byName[item.test.name] ?? []) where item.test.names(run.tests[testIndex].identity) {
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
        var byName: [String: [Int]] = [:]
        for index in run.tests.indices { byName[run.tests[index].identity.name, default: []].append(index) }
        var unmatched = 0
        for item in exported {
            let candidates = (byName[item.test.name] ?? []).filter { item.test.names(run.tests[$0].identity) }
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

    /// Gives the tests of each input that name no device their input's destination: the label
    /// given on the command line (`--destination`) always; else the one device the producer
    /// names for the whole file (an `.xcresult` of one device, whose tests carry none) when the
    /// inputs ran on more than one destination — as xcresulttool makes the device part of a
    /// test's identity only when a plan ran on several. A run on one device keeps its keys. The
    /// test-plan configuration an `.xcresult` of one configuration names is given the same way.
    static func applyDestinations(to inputs: inout [ParsedInput]) {
        let devices = inputs.map { $0.file.destination ?? producerDestination(of: $0) }
        if spansSeveral(devices, inputs, \.device) {
            apply(devices, to: &inputs, \.device)
        } else if inputs.contains(where: { $0.file.destination != nil }) {
            apply(inputs.map(\.file.destination), to: &inputs, \.device)
        }
        let configurations = inputs.map(\.configuration)
        if spansSeveral(configurations, inputs, \.configuration) { apply(configurations, to: &inputs, \.configuration) }
    }

    /// Whether the inputs' own values and their tests' values of `part` name more than one.
    private static func spansSeveral(
        _ own: [String?], _ inputs: [ParsedInput], _ part: KeyPath<TestIdentity, String?>
    ) -> Bool {
        var seen = Set(own.compactMap { $0 })
        guard !seen.isEmpty else { return false }
        if seen.count > 1 { return true }
        for input in inputs {
            for position in input.tests.indices {
                if let value = input.tests[position].identity[keyPath: part], !value.isEmpty { seen.insert(value) }
            }
            if seen.count > 1 { return true }
        }
        return false
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
