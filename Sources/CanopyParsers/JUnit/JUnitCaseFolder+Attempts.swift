import CanopyModel

/// Turning a finished `<testcase>` into attempts and folding it into the file's tests: the part
/// of the builder that knows the dialects' habits (Surefire's flaky/rerun elements,
/// xcresultparser's `flaky="true"`, trainer's repetitions, xcbeautify's one entry per assertion).
extension JUnitCaseFolder {
    func makeTest(_ pending: JUnitPendingCase) -> TestCase {
        if pending.results.isEmpty && pending.properties.isEmpty,
            let name = pending.name, !name.isEmpty,
            let className = pending.className, !className.isEmpty
        {
            return makePassedTest(pending, className: className, name: name)
        }
        let property: (String) -> String? = { key in pending.properties.last(where: { $0.0 == key })?.1 }
        let enclosing = pending.suites.filter { !$0.isEmpty && $0 != "PARALLEL_TESTS" }
        let className = nonEmpty(pending.className) ?? enclosing.last ?? StoredNames.noClass
        let bundleSuites = enclosing.filter { $0 != className }
        let argument = nonEmpty(property("argument"))
        var name: String
        if let given = nonEmpty(pending.name) ?? nonEmpty(property("testname")) {
            name = given
        } else {
            // A testcase without a name is a test of its own, never an attempt of another: it is
            // named by its position in its suite.
            name = StoredNames.unnamedTestcase(pending.positionInSuite)
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "<testcase> without a name: read as the test '\(className)/\(name)' (its position in its suite), "
                        + "never as an attempt of another testcase",
                    file: path, line: pending.startLine))
        }
        let arguments = Self.arguments(argument, notIn: &name)
        let identity = TestIdentity(
            bundle: bundleSuites.isEmpty ? nil : bundleSuites.joined(separator: "/"),
            className: className, name: name, arguments: arguments,
            device: nonEmpty(property("device")), configuration: nonEmpty(property("Configuration")))

        let duration = duration(of: pending)
        let origin = SourceLocation(file: path, line: pending.startLine)
        let label = nonEmpty(property("repetition"))
        let caseOutput = pending.output.string()
        let caseErrorOutput = pending.errorOutput.string()

        let primary = pending.results.filter { $0.kind == .failure || $0.kind == .error || $0.kind == .skipped }
        let reruns = pending.results.filter { $0.kind == .rerunFailure || $0.kind == .rerunError }
        let flakes = pending.results.filter { $0.kind == .flakyFailure || $0.kind == .flakyError }
        let primaryFailures = primary.filter { $0.kind != .skipped }

        var attempts: [Attempt] = []
        if !flakes.isEmpty && primaryFailures.isEmpty {
            // Surefire: flakyFailure/flakyError only = the test failed, was rerun, and passed.
            for flake in flakes { attempts.append(attempt(from: [flake], label: "\(flake.kind)", origin: origin)) }
            attempts.append(
                Attempt(outcome: .passed, duration: duration, label: StoredNames.passedOnRerun, origin: origin))
        } else {
            var first = attempt(from: primary, label: label, origin: origin)
            first.duration = duration
            if first.outcome.isFailure {
                first.output = caseOutput ?? first.output
                first.errorOutput = caseErrorOutput ?? first.errorOutput
            }
            let decodedFlaky = pending.results.contains { $0.message?.hasPrefix("[FLAKY] ") == true }
            attempts.append(first)
            // Surefire: failure + rerunFailure* = failed on every run.
            for rerun in reruns { attempts.append(attempt(from: [rerun], label: "\(rerun.kind)", origin: origin)) }
            // xcresultparser collapses repetitions into one testcase marked flaky="true".
            if (pending.flaky || decodedFlaky) && first.outcome.isFailure && reruns.isEmpty {
                attempts.append(
                    Attempt(outcome: .passed, label: StoredNames.passedOnCollapsedRetry, origin: origin))
            }
        }
        if primary.contains(where: { $0.kind == .skipped }) && !primaryFailures.isEmpty {
            combinedResultWarnings += 1
        }
        let location = pending.file.map { SourceLocation(file: $0, line: pending.line) }
        return TestCase(identity: identity, attempts: attempts, location: location)
    }

    /// The arguments of a parameterised testcase, once: trainer writes the `argument` property
    /// into the name too (`Test ranges ((min: 0, max: 10))`), so a name that ends with it in
    /// parentheses is cut back to the test's own name (`Test ranges`) and the argument kept once.
    static func arguments(_ argument: String?, notIn name: inout String) -> String? {
        guard let argument else { return nil }
        let suffix = "(" + argument + ")"
        if name.hasSuffix(suffix), name.utf8.count > suffix.utf8.count {
            let cut = String(name.dropLast(suffix.count))
            if cut.hasSuffix(" ") || !cut.hasSuffix(")") {
                name = cut.trimmingASCIIWhitespace()
                return argument
            }
        }
        return argument
    }

    /// The testcase's `time` in seconds; a missing, unreadable or out-of-range time is counted for the diagnostics.
    private func duration(of pending: JUnitPendingCase) -> Double? {
        guard let time = pending.time else {
            missingTimeCount += 1
            return nil
        }
        let duration = DurationText.seconds(junit: time)
        if duration == nil, badTimeSamples.count < 3 { badTimeSamples.append("line \(pending.startLine): \"\(time)\"") }
        return duration
    }

    /// The common case, kept allocation-light: a passing testcase with a name and class.
    private func makePassedTest(_ pending: JUnitPendingCase, className: String, name: String) -> TestCase {
        let duration = duration(of: pending)
        if className != lastClassName || pending.suites != lastSuites {
            lastSuites = pending.suites
            lastClassName = className
            let bundle = pending.suites.filter { !$0.isEmpty && $0 != "PARALLEL_TESTS" && $0 != className }
            lastBundle = bundle.isEmpty ? nil : bundle.joined(separator: "/")
        }
        let identity = TestIdentity(bundle: lastBundle, className: className, name: name)
        let attempt = Attempt(
            outcome: .passed, duration: duration, origin: SourceLocation(file: path, line: pending.startLine))
        let location = pending.file.map { SourceLocation(file: $0, line: pending.line) }
        return TestCase(identity: identity, attempts: [attempt], location: location)
    }

    /// One attempt from the result elements that describe it (none = passed).
    private func attempt(from results: [JUnitResultElement], label: String?, origin: SourceLocation) -> Attempt {
        var outcome = Outcome.passed
        var failures: [Failure] = []
        var skipReason: String?
        var output: String?
        var errorOutput: String?
        for result in results {
            let elementOutcome: Outcome
            switch result.kind {
            case .skipped:
                elementOutcome = result.type == "pytest.xfail" ? .expectedFailure : .skipped
                skipReason = nonEmpty(result.message) ?? result.body.string()
            case .error, .rerunError, .flakyError:
                elementOutcome = .error
            default:
                elementOutcome = .failed
            }
            if elementOutcome.rank > outcome.rank { outcome = elementOutcome }
            if elementOutcome.isFailure {
                let body = result.body.string() ?? result.stackTrace.string()
                let decoded = FailureText.decode(message: result.message, type: result.type, body: body)
                if decoded.location.map({ $0.file.hasSuffix(".swift") || $0.file.hasSuffix(".m") }) == true,
                    body == nil, result.type == nil, result.message?.firstRange(ofASCII: " - ") != nil
                {
                    signals.xcbeautifyMessages = true
                }
                if result.message?.utf8.contains(UInt8(ascii: "#")) == true,
                    result.message?.contains("#CharacterRangeLen=") == true
                {
                    signals.trainerLegacy = true
                }
                if decoded.detail == nil, body != nil, decoded.location != nil, result.type == nil {
                    signals.xcpretty = true
                }
                failures.append(
                    Failure(
                        message: decoded.message, type: nonEmpty(result.type), detail: decoded.detail,
                        location: decoded.location, isError: elementOutcome == .error))
                output = result.output.string() ?? output
                errorOutput = result.errorOutput.string() ?? errorOutput
            }
        }
        return Attempt(
            outcome: outcome, label: label, failures: failures, skipReason: skipReason, output: output,
            errorOutput: errorOutput, origin: origin)
    }

    /// Folds the test into the run. xcbeautify writes one untimed `<testcase>` per failed assertion,
    /// so consecutive untimed failure entries of one test are assertions of one attempt, not retries.
    func add(_ test: consuming TestCase, pending: JUnitPendingCase) {
        let isAssertionEntry =
            !hasXMLDeclaration && pending.time == nil && test.attempts.count == 1
            && test.attempts[0].outcome == .failed
            && pending.results.allSatisfy { $0.kind == .failure && $0.type == nil && $0.body.string() == nil }
        if isAssertionEntry, !openAssertionAttempts.isEmpty, let position = folder.position(of: test.identity),
            openAssertionAttempts.contains(position)
        {
            folder.update(at: position) { existing in
                existing.attempts[existing.attempts.count - 1].failures.append(contentsOf: test.attempts[0].failures)
            }
            return
        }
        let position = folder.add(test)
        if isAssertionEntry {
            openAssertionAttempts.insert(position)
        } else if !openAssertionAttempts.isEmpty {
            openAssertionAttempts.remove(position)
        }
    }
}
