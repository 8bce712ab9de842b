import CanopyAnalysis
import CanopyConfig
import CanopyModel
import CanopyRender
import Foundation

extension DashboardBuilder {
    /// Badges everything the run's active quarantine covers — flaky tests, state changes, audit
    /// issues (which are then not new: the gate leaves them out) — and lists the entries with how
    /// much of the run each covers. The excused failures say their quarantine already
    /// (`ExcusedFailure.reasonText`).
    func markQuarantine(_ dashboard: inout Dashboard) {
        let verdicts = input.verdicts
        guard !verdicts.quarantine.isEmpty else { return }
        func badge(_ entry: QuarantineEntry?) -> String? {
            entry.map { ExcusedFailure.quarantineText(until: $0.expires, reason: $0.reason) }
        }
        // Every test the page names: the run's, the window's flaky and changed ones, those the
        // trend's changes and the flaky elements name.
        var named = Set(verdicts.tests.lazy.filter { $0.quarantine != nil }.map(\.test))
        named.formUnion(dashboard.flakyTests.map(\.test))
        named.formUnion(dashboard.newlyBrokenOrFixed.map(\.test))
        named.formUnion((dashboard.trend?.changes ?? []).map(\.test))
        for element in dashboard.flakyElements { named.formUnion(element.tests) }
        for test in named {
            if let text = badge(verdicts.quarantineEntry(forTest: test)) { dashboard.quarantinedTests[test] = text }
        }
        for index in dashboard.flakyTests.indices {
            dashboard.flakyTests[index].quarantine = badge(
                verdicts.quarantineEntry(forTest: dashboard.flakyTests[index].test))
        }
        for index in dashboard.newlyBrokenOrFixed.indices {
            dashboard.newlyBrokenOrFixed[index].quarantine = badge(
                verdicts.quarantineEntry(forTest: dashboard.newlyBrokenOrFixed[index].test))
        }
        var issueMatches: [Int: Int] = [:]
        if input.audits.count == dashboard.accessibility.issues.count {
            for (index, issue) in input.audits.enumerated() {
                guard let entry = verdicts.quarantineEntry(for: issue) else { continue }
                dashboard.accessibility.issues[index].quarantine = badge(entry)
                dashboard.accessibility.issues[index].isNew = false
                if let position = verdicts.quarantine.firstIndex(of: entry) { issueMatches[position, default: 0] += 1 }
            }
        }
        var testMatches: [Int: Int] = [:]
        var passed: [Int: [DashboardQuarantinedPass]] = [:]
        let evidence = Dictionary(
            (input.insights?.flakiness ?? []).map { ($0.key.testKey, $0.evidence) },
            uniquingKeysWith: { first, _ in first })
        for verdict in verdicts.tests {
            guard let entry = verdict.quarantine, let position = verdicts.quarantine.firstIndex(of: entry) else {
                continue
            }
            testMatches[position, default: 0] += 1
            if verdict.outcome == .passed {
                let record = evidence[verdict.test]
                passed[position, default: []].append(
                    DashboardQuarantinedPass(
                        test: verdict.test, passedRuns: record.map { $0.runs - $0.failedRuns }, runs: record?.runs))
            }
        }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        dashboard.quarantine = verdicts.quarantine.enumerated().map { position, entry in
            var covers = entry.test.map { "test \($0)" } ?? "identifier \(entry.identifier ?? "?")"
            if entry.test == nil, let type = entry.auditType { covers += " (\(type))" }
            var quarantine = DashboardQuarantine(
                covers: covers, reason: entry.reason, expires: entry.expires.map { day.string(from: $0) },
                matches: (testMatches[position] ?? 0) + (issueMatches[position] ?? 0), location: entry.location)
            quarantine.passed = (passed[position] ?? []).sorted {
                ($0.suggestsLifting ? 0 : 1, $0.test) < ($1.suggestsLifting ? 0 : 1, $1.test)
            }
            return quarantine
        }
    }
}
