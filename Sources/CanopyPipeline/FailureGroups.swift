import CanopyAnalysis
import CanopyModel
import CanopyRender

/// Analysed failures grouped for the dashboard, from the failures as history keeps them
/// (`FailureDigest`): `canopy run` groups its run's by identifier here, and `canopy report`
/// groups a stored run's every way here.
enum FailureGroups {
    /// Tests listed per group at most, as on the run's own page.
    static let testLimit = 50

    /// Failures per identifier template, most failures first, then by identifier.
    static func byIdentifier(_ failures: [FailureDigest]) -> [DashboardIdentifierGroup] {
        var groups: [String: Group] = [:]
        // In place: a group copied out of the dictionary and back copied its set of tests for
        // every failure (3% of `canopy run`'s CPU on the bench report).
        for failure in failures {
            if let identifier = failure.identifier { groups[identifier, default: Group(first: failure)].add(failure) }
        }
        return groups.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map { identifier, group in
            DashboardIdentifierGroup(
                identifier: identifier, count: group.count, tests: Array(group.order.prefix(testLimit)), testCount: group.tests.count,
                categories: group.categories)
        }
    }

    /// Clusters by fingerprint (largest first, then by fingerprint) and causes (most failures
    /// first) with their clusters, for a stored run: raw messages are not kept, so a cluster's
    /// example is its normalised message. `canopy run` has the analysis's own clusters.
    static func clustersAndCauses(_ failures: [FailureDigest]) -> (clusters: [DashboardCluster], causes: [DashboardCategoryGroup]) {
        var clusters: [String: Group] = [:]
        var causes: [String: Group] = [:]
        for failure in failures {
            clusters[failure.fingerprint, default: Group(first: failure)].add(failure)
            causes[failure.category, default: Group(first: failure)].add(failure)
        }
        let ordered = clusters.values.sorted { ($0.count, $1.first.fingerprint) > ($1.count, $0.first.fingerprint) }
        return (
            ordered.map { group in
                DashboardCluster(
                    id: group.first.fingerprint, category: group.first.category, isInfrastructure: group.first.isInfrastructure,
                    normalizedMessage: group.first.normalizedMessage, example: group.first.normalizedMessage,
                    identifier: group.first.identifier, count: group.count, tests: Array(group.tests.sorted().prefix(testLimit)),
                    testCount: group.tests.count)
            },
            causes.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map { name, group in
                DashboardCategoryGroup(
                    category: name, isInfrastructure: group.first.isInfrastructure, count: group.count,
                    tests: Array(group.order.prefix(testLimit)), testCount: group.tests.count,
                    clusterIDs: ordered.filter { $0.first.category == name }.map(\.first.fingerprint))
            })
    }

    /// Failures counted under one key: the first of them, how many, their tests (in first-seen
    /// order too) and causes.
    private struct Group {
        var first: FailureDigest
        var count = 0
        var tests: Set<String> = []
        /// The first `testLimit` tests, in reading order (all a group shows).
        var order: [String] = []
        var categories: [String] = []

        init(first: FailureDigest) { self.first = first }

        mutating func add(_ failure: FailureDigest) {
            count += 1
            if tests.insert(failure.testKey).inserted, order.count < FailureGroups.testLimit { order.append(failure.testKey) }
            if !categories.contains(failure.category) { categories.append(failure.category) }
        }
    }
}

extension Report {
    /// The first failure in the run of each of `tests`, an app failure before an infrastructure
    /// one: what the tests listed by name (not new, flaky) show of their failure.
    func firstFailures(of tests: Set<String>) -> [String: FailureRecord] {
        guard !tests.isEmpty else { return [:] }
        var first: [String: FailureRecord] = [:]
        for infrastructure in [false, true] {
            for record in failures where record.isInfrastructure == infrastructure && tests.contains(record.test) && first[record.test] == nil {
                first[record.test] = record
            }
        }
        return first
    }
}
