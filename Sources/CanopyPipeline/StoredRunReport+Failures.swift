import CanopyModel
import CanopyRender

extension StoredRunReport {
    /// The Failures tab of a stored run, from its stored failures, grouped as `canopy run` groups
    /// them: clusters by fingerprint (largest first, then by fingerprint), causes (most failures
    /// first) with their clusters, and identifiers (most failures first). Raw messages are not
    /// kept, so a cluster's example is its normalised message.
    static func failureSections(
        _ failures: [FailureDigest]
    ) -> (clusters: [DashboardCluster], categories: [DashboardCategoryGroup], byIdentifier: [DashboardIdentifierGroup]) {
        var clusters: [String: Group] = [:]
        var categories: [String: Group] = [:]
        var identifiers: [String: Group] = [:]
        for failure in failures {
            clusters[failure.fingerprint, default: Group(first: failure)].add(failure)
            categories[failure.category, default: Group(first: failure)].add(failure)
            if let identifier = failure.identifier { identifiers[identifier, default: Group(first: failure)].add(failure) }
        }
        let clusterList = clusters.values.sorted { ($0.count, $1.first.fingerprint) > ($1.count, $0.first.fingerprint) }
        return (
            clusterList.map { group in
                DashboardCluster(
                    id: group.first.fingerprint, category: group.first.category, isInfrastructure: group.first.isInfrastructure,
                    normalizedMessage: group.first.normalizedMessage, example: group.first.normalizedMessage,
                    identifier: group.first.identifier, count: group.count, tests: Array(group.tests.sorted().prefix(limit)),
                    testCount: group.tests.count)
            },
            categories.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map { name, group in
                DashboardCategoryGroup(
                    category: name, isInfrastructure: group.first.isInfrastructure, count: group.count,
                    tests: Array(group.order.prefix(limit)), testCount: group.tests.count,
                    clusterIDs: clusterList.filter { $0.first.category == name }.map(\.first.fingerprint))
            },
            identifiers.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.map { identifier, group in
                DashboardIdentifierGroup(
                    identifier: identifier, count: group.count, tests: Array(group.order.prefix(limit)), testCount: group.tests.count,
                    categories: group.categories)
            })
    }

    /// Tests listed per group at most, as on the run's own page.
    private static let limit = 50

    /// Failures counted under one key: the first of them, how many, their tests (in first-seen
    /// order too) and causes.
    private struct Group {
        var first: FailureDigest
        var count = 0
        var tests: Set<String> = []
        var order: [String] = []
        var categories: [String] = []

        init(first: FailureDigest) { self.first = first }

        mutating func add(_ failure: FailureDigest) {
            count += 1
            if tests.insert(failure.testKey).inserted { order.append(failure.testKey) }
            if !categories.contains(failure.category) { categories.append(failure.category) }
        }
    }
}
