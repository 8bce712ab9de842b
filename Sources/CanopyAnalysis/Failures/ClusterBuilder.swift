/// Groups failure records by fingerprint and counts them per category (pass 7 of `ReportBuilder`).
enum ClusterBuilder {
    /// Clusters, largest first, then by fingerprint.
    static func clusters(_ records: [FailureRecord], testLimit: Int) -> [FailureCluster] {
        // One hash of the fingerprint per record; clusters and their test sets live in arrays.
        var position: [String: Int] = [:]
        var clusters: [FailureCluster] = []
        var tests: [Set<String>] = []
        for index in records.indices {
            let fingerprint = records[index].fingerprint
            let slot: Int
            if let known = position[fingerprint] {
                slot = known
            } else {
                let record = records[index]
                slot = clusters.count
                position[fingerprint] = slot
                clusters.append(
                    FailureCluster(
                        fingerprint: fingerprint, category: record.category, isInfrastructure: record.isInfrastructure,
                        normalizedMessage: record.normalizedMessage, exampleMessage: record.message,
                        identifier: record.element?.resolution.isFromTestLog == true ? nil : record.element?.template,
                        count: 0, testCount: 0, tests: []))
                tests.append([])
            }
            clusters[slot].count += 1
            tests[slot].insert(records[index].test)
        }
        for slot in clusters.indices {
            clusters[slot].testCount = tests[slot].count
            clusters[slot].tests = Array(tests[slot].sorted().prefix(testLimit))
        }
        return clusters.sorted { $0.count != $1.count ? $0.count > $1.count : $0.fingerprint < $1.fingerprint }
    }

    /// Every rule in order with its failures, tests and clusters.
    static func categories(_ records: [FailureRecord], clusters: [FailureCluster], rules: [FailureCategoryRule])
        -> [CategoryCount]
    {
        var failures: [String: Int] = [:]
        var tests: [String: Set<String>] = [:]
        var clusterCounts: [String: Int] = [:]
        for index in records.indices {
            let category = records[index].category
            failures[category, default: 0] += 1
            tests[category, default: []].insert(records[index].test)
        }
        for cluster in clusters { clusterCounts[cluster.category, default: 0] += 1 }
        return rules.map { rule in
            CategoryCount(
                name: rule.name, isInfrastructure: rule.infrastructure, description: rule.description, fix: rule.fix,
                failures: failures[rule.name] ?? 0,
                tests: tests[rule.name]?.count ?? 0, clusters: clusterCounts[rule.name] ?? 0)
        }
    }
}
