/// What one gate measured against what it allows: the value the gates produce
/// (`GateEvaluator`). Its name and detail in words are CanopyRender's (`GateFinding.name`,
/// `detail(passed:)`), the same on every surface that shows a gate.
package enum GateFinding: Sendable, Equatable, Hashable {
    /// The tests the results hold against the least required (`gates.minimumTests`).
    case minimumTests(tests: Int, required: Int)
    /// The run's identifier coverage (nil: no element-tree snapshots, not measured) against the
    /// least required.
    case minimumCoverage(coverage: Double?, required: Double)
    /// Identifier coverage of the baseline and of the run against the largest drop allowed.
    case coverageDrop(baseline: Double, coverage: Double, allowed: Double)
    /// Failing tests the baseline did not fail.
    case newFailures(tests: Int, allowed: Int)
    /// Failing tests, new or not.
    case failures(tests: Int, allowed: Int)
    /// Tests that passed on a retry and were not flaky before.
    case newFlakyTests(tests: Int, allowed: Int)
    /// Accessibility errors the baseline did not have.
    case newAuditErrors(errors: Int, allowed: Int)
    /// Tests of the baseline this run lacks.
    case missingTests(MissingTests, allowed: Int)
    /// What the test command's non-zero exit code (`--test-exit-code`) is explained by.
    case testCommand(exitCode: Int32, TestCommandFinding)
    /// Failing tests of one cause category.
    case failuresInCategory(category: String, tests: Int, allowed: Int)
    /// XCTMetric measurements that regressed at this run (a `MetricChange` that began here), of the run's
    /// metrics with history enough to judge.
    case metricRegressions(metrics: Int, judged: Int, allowed: Int)

    /// Tests of the baseline a run lacks, counted per suite.
    package struct MissingTests: Sendable, Equatable, Hashable {
        package var tests: Int
        /// Each suite with missing tests and how many, the suite with the most first (`SuiteGroups`).
        package var suites: [SuiteCount]

        /// The missing `keys` counted per suite.
        package init(_ keys: [String]) {
            tests = keys.count
            suites = SuiteGroups.of(keys).map { SuiteCount(suite: $0.suite, tests: $0.keys.count) }
        }
    }

    /// A suite and a count of its tests.
    package struct SuiteCount: Sendable, Equatable, Hashable {
        package var suite: String
        package var tests: Int
    }

    /// Why the test command exited non-zero, as far as its results tell.
    package enum TestCommandFinding: Sendable, Equatable, Hashable {
        /// The test runner crashed (its crash records); the baseline's tests that did not run,
        /// when any. The results may be incomplete: the gate fails.
        case crashed(crashRecords: Int, missing: MissingTests?)
        /// The results list fewer tests than they declare: the run was cut off; the gate fails.
        case cutOff(listed: Int, declared: Int)
        /// The results show no failing test: a build failure, or a run that stopped before
        /// writing results; the gate fails.
        case noFailingTest
        /// The failing tests are in the results: the other gates judge them; the gate passes.
        case explained
    }
}
