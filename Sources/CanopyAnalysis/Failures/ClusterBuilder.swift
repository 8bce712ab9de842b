import CanopyModel

/// Groups failure records by fingerprint and counts them per category (pass 7 of `ReportBuilder`).
enum ClusterBuilder {
    /// Clusters, most tests first, then most failures, then by fingerprint.
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
        return clusters.sorted {
            ($0.testCount, $0.count, $1.fingerprint) > ($1.testCount, $1.count, $0.fingerprint)
        }
    }

    /// Every rule in order with its failed tests (`causes`) and clusters, then `unknown` when a
    /// failed test had no failure message.
    static func categories(causes: [FailureGroups.Cause], clusters: [FailureCluster], rules: [FailureCategoryRule])
        -> [CategoryCount]
    {
        var failedTests: [String: Int] = [:]
        var clusterCounts: [String: Int] = [:]
        for cause in causes { failedTests[cause.category, default: 0] += cause.failedTests }
        for cluster in clusters { clusterCounts[cluster.category, default: 0] += 1 }
        var counts = rules.map { rule in
            CategoryCount(
                name: rule.name, isInfrastructure: rule.infrastructure, description: rule.description, fix: rule.fix,
                failedTests: failedTests.removeValue(forKey: rule.name) ?? 0,
                clusters: clusterCounts[rule.name] ?? 0)
        }
        if let unknown = failedTests.removeValue(forKey: FailedTestCause.unknown) {
            counts.append(
                CategoryCount(
                    name: FailedTestCause.unknown, isInfrastructure: false,
                    description: FailureCategoryRule.unknownDescription,
                    fix: nil, failedTests: unknown, clusters: 0))
        }
        return counts
    }
}
