import CanopyModel

extension FlakinessAnalyzer {
    /// Elements whose failures are flaky across different tests: a failure is flaky when its test
    /// passed on retry in that run or the test's state is flaky; an element is listed when at least
    /// `minimumTestsPerFlakyElement` distinct tests failed flakily on it. Its figures count tests,
    /// never failure messages, so what an element says is what its listed tests add up to. Sorted by
    /// tests failing flakily, then all tests failing on it, then identifier.
    private static func update<Value>(_ value: inout Value, _ body: (inout Value) -> Void) { body(&value) }

    package func flakyElements(failures: some Sequence<FailureRow>, tests: [TestFlakiness]) -> [FlakyElement] {
        var flakyTests = Set<String>()
        var flakyRuns = Set<String>()
        for test in tests {
            if test.state == .flaky { flakyTests.insert(test.key.testKey) }
            for run in test.evidence.passedOnRetryRunKeys { flakyRuns.insert(run + "\u{1F}" + test.key.testKey) }
        }
        var elements: [String: (flaky: Set<String>, all: Set<String>)] = [:]
        for failure in failures {
            guard let identifier = failure.identifier, !identifier.isEmpty else { continue }
            let flaky =
                flakyTests.contains(failure.testKey) || flakyRuns.contains(failure.runKey + "\u{1F}" + failure.testKey)
            // Changed in place: a copy taken out of the dictionary would copy its test set on
            // insert.
            Self.update(&elements[identifier, default: ([], [])]) { element in
                element.all.insert(failure.testKey)
                if flaky { element.flaky.insert(failure.testKey) }
            }
        }
        return elements.compactMap { identifier, element in
            guard element.flaky.count >= configuration.minimumTestsPerFlakyElement else { return nil }
            return FlakyElement(identifier: identifier, tests: element.flaky.sorted(), failingTests: element.all.count)
        }.sorted {
            ($0.tests.count, $0.failingTests, $1.identifier) > ($1.tests.count, $1.failingTests, $0.identifier)
        }
    }
}
