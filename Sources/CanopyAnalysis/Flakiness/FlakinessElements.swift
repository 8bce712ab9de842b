import CanopyModel

extension FlakinessAnalyzer {
    /// Elements whose failures are flaky across different tests: a failure is flaky when its test
    /// passed on retry in that run or the test's state is flaky; an element is listed when at least
    /// `minimumTestsPerFlakyElement` distinct tests failed flakily on it. Its figures count tests,
    /// never failure messages, so what an element says is what its listed tests add up to. Sorted by
    /// tests failing flakily, then all tests failing on it, then identifier.
    private static func update<Value>(_ value: inout Value, _ body: (inout Value) -> Void) { body(&value) }

    /// `rows`, the window's rows of the tests with failures, give each element its cost: the
    /// CI time of the attempts that failed flakily on it, the runs with one, and the runs a test
    /// failing flakily on it failed outright (`FlakyElement`); without them it costs nothing.
    package func flakyElements(
        failures: some Sequence<FailureRow>, tests: [TestFlakiness], rows: [TestRunRow] = []
    ) -> [FlakyElement] {
        var flakyTests = Set<String>()
        var flakyRuns = Set<String>()
        for test in tests {
            if test.state == .flaky { flakyTests.insert(test.key.testKey) }
            for run in test.evidence.passedOnRetryRunKeys { flakyRuns.insert(Self.runTest(run, test.key.testKey)) }
        }
        var elements: [String: (flaky: Set<String>, all: Set<String>)] = [:]
        // The attempts that failed flakily on each element, by run and test (infrastructure aside).
        var flakyAttempts: [String: [String: Set<Int>]] = [:]
        for failure in failures {
            guard let identifier = failure.identifier, !identifier.isEmpty else { continue }
            let runTest = Self.runTest(failure.runKey, failure.testKey)
            let flaky = flakyTests.contains(failure.testKey) || flakyRuns.contains(runTest)
            // Changed in place: a copy taken out of the dictionary would copy its test set on
            // insert.
            Self.update(&elements[identifier, default: ([], [])]) { element in
                element.all.insert(failure.testKey)
                if flaky { element.flaky.insert(failure.testKey) }
            }
            if flaky && !failure.isInfrastructure {
                flakyAttempts[identifier, default: [:]][runTest, default: []].insert(failure.attemptIndex)
            }
        }
        let listed = elements.filter { $0.value.flaky.count >= configuration.minimumTestsPerFlakyElement }
        let runRows =
            listed.isEmpty
            ? [:]
            : Dictionary(
                rows.lazy.map { (Self.runTest($0.runKey, $0.testKey), $0) }, uniquingKeysWith: { first, _ in first })
        return listed.map { identifier, element in
            var result = FlakyElement(
                identifier: identifier, tests: element.flaky.sorted(), failingTests: element.all.count)
            var runs = Set<String>()
            var failedRuns = Set<String>()
            for (runTest, attempts) in flakyAttempts[identifier] ?? [:] {
                guard let row = runRows[runTest] else { continue }
                runs.insert(row.runKey)
                if row.outcome == .failed { failedRuns.insert(row.runKey) }
                if let duration = row.duration, row.attempts > 0 {
                    result.seconds += duration * Double(min(attempts.count, row.attempts)) / Double(row.attempts)
                }
            }
            // Summed in no set order: to the microsecond, so that every run of it says the same.
            result.seconds = (result.seconds * 1_000_000).rounded() / 1_000_000
            result.runsWithFailures = runs.count
            result.failedRuns = failedRuns.count
            return result
        }.sorted {
            ($0.tests.count, $0.failingTests, $1.identifier) > ($1.tests.count, $1.failingTests, $0.identifier)
        }
    }
}
