/// Groups failure records by fingerprint and counts them per category (pass 7 of `ReportBuilder`).
enum ClusterBuilder {
    /// Clusters, largest first, then by fingerprint.
    static func clusters(_ records: [FailureRecord], testLimit: Int) -> [FailureCluster] {
        var order: [String] = []
        var clusters: [String: FailureCluster] = [:]
        var tests: [String: Set<String>] = [:]
        for record in records {
            if clusters[record.fingerprint] == nil {
                order.append(record.fingerprint)
                clusters[record.fingerprint] = FailureCluster(
                    fingerprint: record.fingerprint, category: record.category, isInfrastructure: record.isInfrastructure,
                    normalizedMessage: record.normalizedMessage, exampleMessage: record.message,
                    identifier: record.element?.resolution == .activity ? nil : record.element?.template, count: 0, testCount: 0, tests: [])
            }
            clusters[record.fingerprint]?.count += 1
            tests[record.fingerprint, default: []].insert(record.test)
        }
        return order.compactMap { fingerprint -> FailureCluster? in
            guard var cluster = clusters[fingerprint] else { return nil }
            let hit = tests[fingerprint] ?? []
            cluster.testCount = hit.count
            cluster.tests = Array(hit.sorted().prefix(testLimit))
            return cluster
        }.sorted { $0.count != $1.count ? $0.count > $1.count : $0.fingerprint < $1.fingerprint }
    }

    /// Every rule in order with its failures, tests and clusters.
    static func categories(_ records: [FailureRecord], clusters: [FailureCluster], rules: [FailureCategoryRule]) -> [CategoryCount] {
        var failures: [String: Int] = [:]
        var tests: [String: Set<String>] = [:]
        var clusterCounts: [String: Int] = [:]
        for record in records {
            failures[record.category, default: 0] += 1
            tests[record.category, default: []].insert(record.test)
        }
        for cluster in clusters { clusterCounts[cluster.category, default: 0] += 1 }
        return rules.map { rule in
            CategoryCount(
                name: rule.name, isInfrastructure: rule.infrastructure, description: rule.description, failures: failures[rule.name] ?? 0,
                tests: tests[rule.name]?.count ?? 0, clusters: clusterCounts[rule.name] ?? 0)
        }
    }
}
