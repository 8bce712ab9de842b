import CanopyModel

extension FlakinessAnalyzer {
    /// Elements whose failures are flaky across different tests: a failure is flaky when its test
    /// passed on retry in that run or the test's state is flaky; an element is listed when at least
    /// `minimumTestsPerFlakyElement` distinct tests failed flakily on it. Sorted by tests, then failures.
    private static func update<Value>(_ value: inout Value, _ body: (inout Value) -> Void) { body(&value) }

    package func flakyElements(failures: some Sequence<FailureRow>, tests: [TestFlakiness]) -> [FlakyElement] {
        var flakyTests = Set<String>()
        var flakyRuns = Set<String>()
        for test in tests {
            if test.state == .flaky { flakyTests.insert(test.key.testKey) }
            for run in test.evidence.flakyRunKeys { flakyRuns.insert(run + "\u{1F}" + test.key.testKey) }
        }
        var elements: [String: (tests: Set<String>, flaky: Int, all: Int)] = [:]
        for failure in failures {
            guard let identifier = failure.identifier, !identifier.isEmpty else { continue }
            let flaky =
                flakyTests.contains(failure.testKey) || flakyRuns.contains(failure.runKey + "\u{1F}" + failure.testKey)
            // Changed in place: a copy taken out of the dictionary would copy its test set on
            // insert.
            Self.update(&elements[identifier, default: ([], 0, 0)]) { element in
                element.all += 1
                if flaky {
                    element.flaky += 1
                    element.tests.insert(failure.testKey)
                }
            }
        }
        return elements.compactMap { identifier, element in
            guard element.tests.count >= configuration.minimumTestsPerFlakyElement else { return nil }
            return FlakyElement(
                identifier: identifier, tests: element.tests.sorted(), flakyFailures: element.flaky,
                failures: element.all)
        }.sorted {
            ($0.tests.count, $0.flakyFailures, $1.identifier) > ($1.tests.count, $1.flakyFailures, $0.identifier)
        }
    }
}
