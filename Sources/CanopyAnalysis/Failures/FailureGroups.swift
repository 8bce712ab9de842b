import CanopyModel

/// A run's failures grouped for reading: by cause and by identifier template, and each test's
/// first failure. One implementation for a run just analysed (`Report.failures`) and a stored run
/// (its `FailureDigest`s as `FailureRecord`s), so `canopy run` and `canopy report` group alike.
/// Clusters are `ClusterBuilder.clusters`.
package enum FailureGroups {
    /// Tests a group lists at most (its count has them all); clusters list as many
    /// (`ReportBuilder.clusterTestLimit`).
    package static let testLimit = ReportBuilder.clusterTestLimit

    /// The failed tests of one cause (`FailedTestCause`), with the clusters of that cause.
    package struct Cause: Sendable, Equatable {
        package var category: String
        package var isInfrastructure: Bool
        /// Failed tests counted under this cause.
        package var failedTests: Int
        /// The first `testLimit` of those tests, in the run's order.
        package var tests: [String]
        /// The fingerprints of the cause's clusters, in the clusters' order.
        package var clusterIDs: [String]
    }

    /// The failed tests with a failure mapped to one identifier template.
    package struct Identifier: Sendable, Equatable {
        package var identifier: String
        /// Distinct failed tests with a failure on it.
        package var failedTests: Int
        /// The first `testLimit` of those tests, in the run's order.
        package var tests: [String]
        /// The causes of those failures, in first-seen order.
        package var categories: [String]
    }

    /// The failures' clusters (`ClusterBuilder.clusters`): largest first, then by fingerprint,
    /// each listing its first `testLimit` tests, sorted.
    package static func clusters(_ failures: [FailureRecord]) -> [FailureCluster] {
        ClusterBuilder.clusters(failures, testLimit: ReportBuilder.clusterTestLimit)
    }

    /// Each failed test's cause (`FailedTestCause`): the position of its cause in `failures`,
    /// by test key; a failed test without a failure has none.
    package static func causePositions(_ failures: [FailureRecord]) -> [String: Int] {
        FailedTestCause.positions(in: failures, test: \.test, attempt: \.attempt) { $0.testOutcome == .failed }
    }

    /// The cause a failed test is counted under, by its key: its cause's category, or
    /// `FailedTestCause.unknown` without one (what the Tests view shows as the test's cause).
    package static func causeOfFailedTest(_ failures: [FailureRecord]) -> (String) -> String {
        let positions = causePositions(failures)
        return { test in positions[test].map { failures[$0].category } ?? FailedTestCause.unknown }
    }

    /// The run's failed tests (`failedTests`, their keys in the run's order) by cause
    /// (`FailedTestCause`), most failed tests first, then by name: a reader looks for the cause
    /// that broke most, which the rules' order (an order of precedence) does not say. The causes
    /// add up to the failed tests.
    package static func causes(
        _ failures: [FailureRecord], failedTests: some Sequence<String>, clusters: [FailureCluster]
    )
        -> [Cause]
    {
        let positions = causePositions(failures)
        var groups: [String: Group] = [:]
        for test in failedTests {
            let cause = positions[test].map { failures[$0] }
            groups[
                cause?.category ?? FailedTestCause.unknown,
                default: Group(isInfrastructure: cause?.isInfrastructure ?? false)
            ]
            .add(test)
        }
        return groups.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map { name, group in
            Cause(
                category: name, isInfrastructure: group.isInfrastructure, failedTests: group.count, tests: group.order,
                clusterIDs: clusters.filter { $0.category == name }.map(\.fingerprint))
        }
    }

    /// The failed tests (a retry that passed makes its test passed on retry, not failing, as the
    /// identifier tree counts it) with a failure mapped to each identifier template
    /// (`ElementMatch.template`), most failed tests first, then by identifier.
    package static func byIdentifier(_ failures: [FailureRecord]) -> [Identifier] {
        var groups: [String: Group] = [:]
        // In place: a group copied out of the dictionary and back would copy its set of tests for
        // every failure.
        for index in failures.indices where failures[index].testOutcome == .failed {
            guard let identifier = failures[index].element?.template else { continue }
            groups[identifier, default: Group(isInfrastructure: failures[index].isInfrastructure)].add(
                failures[index].test, category: failures[index].category)
        }
        return groups.sorted { ($0.value.tests.count, $1.key) > ($1.value.tests.count, $0.key) }.map {
            identifier, group in
            Identifier(
                identifier: identifier, failedTests: group.tests.count, tests: group.order,
                categories: group.categories)
        }
    }

    /// The first failure of each of `tests`, an app failure before an infrastructure one (a crash
    /// of the simulator says less about the test than its own assertion), in the run's order
    /// within each; with `preferringLocated`, a failure with a source location before one
    /// without. Ordered the same way: app failures first. What every list of a test's failure
    /// (new failures, still failing, excused, flaky, annotations) shows.
    package static func firstFailures(
        _ failures: [FailureRecord], of tests: Set<String>, preferringLocated: Bool = false
    ) -> [FailureRecord] {
        guard !tests.isEmpty else { return [] }
        func rank(_ record: FailureRecord) -> Int {
            (record.isInfrastructure ? 2 : 0) + (preferringLocated && record.location == nil ? 1 : 0)
        }
        // Positions are filtered and ordered, not the records; the sort is stable.
        let order = failures.indices.filter { tests.contains(failures[$0].test) }.sorted {
            rank(failures[$0]) < rank(failures[$1])
        }
        var seen: Set<String> = []
        return order.compactMap { seen.insert(failures[$0].test).inserted ? failures[$0] : nil }
    }

    /// What one key counts: how many were added (failed tests for a cause, failures for an
    /// identifier), the distinct tests (the first `testLimit` in reading order too) and causes.
    private struct Group {
        var isInfrastructure: Bool
        var count = 0
        var tests: Set<String> = []
        var order: [String] = []
        var categories: [String] = []

        mutating func add(_ test: String, category: String? = nil) {
            count += 1
            if tests.insert(test).inserted, order.count < FailureGroups.testLimit { order.append(test) }
            if let category, !categories.contains(category) { categories.append(category) }
        }
    }
}

extension Report {
    /// `FailureGroups.firstFailures` of this run, by test key.
    package func firstFailures(of tests: Set<String>) -> [String: FailureRecord] {
        Dictionary(
            FailureGroups.firstFailures(failures, of: tests).map { ($0.test, $0) },
            uniquingKeysWith: { first, _ in first })
    }
}

extension FailureRecord {
    /// A stored failure as a record: its message as the run read it (the normalised message for a
    /// failure stored before history kept messages), the identifier template (for the element),
    /// no source location.
    package init(stored failure: FailureDigest, testOutcome: TestOutcome) {
        self.init(
            test: failure.testKey, attempt: failure.attemptIndex, index: 0, message: failure.shownMessage,
            location: nil,
            category: failure.category, isInfrastructure: failure.isInfrastructure, fingerprint: failure.fingerprint,
            normalizedMessage: failure.normalizedMessage,
            element: failure.identifier.map { ElementMatch(identifier: $0, template: $0, resolution: .known) },
            testOutcome: testOutcome)
    }
}
