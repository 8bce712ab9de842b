/// Test keys grouped by their class or suite (`TestKey.className`), the suite
/// with the most keys first, then by name: how missing tests are counted per suite everywhere.
package enum SuiteGroups {
    package static func of(_ keys: [String]) -> [(suite: String, keys: [String])] {
        var bySuite: [String: [String]] = [:]
        for key in keys { bySuite[TestKey(stored: key).className, default: []].append(key) }
        return bySuite.map { (suite: $0.key, keys: $0.value) }
            .sorted { ($1.keys.count, $0.suite) < ($0.keys.count, $1.suite) }
    }
}
