import CanopyModel
import Foundation

@testable import CanopyRender

extension DashboardSample {
    /// A deterministic worst-case dashboard for budget and performance tests: `tests` tests of which
    /// `failures` failed (every failure new), with proportionally many clusters, identifiers, flaky
    /// tests, audit issues, tree nodes and a 30-run trend.
    static func large(tests testCount: Int = 100_000, failures failureCount: Int = 10_000) -> Dashboard {
        let categories = [
            "assertion", "element-not-found", "timeout", "simulator", "network", "crash", "accessibility",
        ]
        let screens = (0..<40).map { "Screen\($0)" }
        var tree: [DashboardTreeNode] = []
        for screen in screens {
            tree.append(
                DashboardTreeNode(
                    path: screen, segment: screen, depth: 0, childCount: 30, elements: 600, identified: 450,
                    failed: 25, passedOnRetry: 5, auditErrors: 10, auditWarnings: 60))
            for element in 0..<30 {
                let segment = "Element\(element)-{id}"
                tree.append(
                    DashboardTreeNode(
                        path: "\(screen).\(segment)", segment: segment, depth: 1, childCount: 0, elements: 20,
                        identified: 15 - element % 10,
                        failed: element % 3, passedOnRetry: element % 7 == 0 ? 1 : 0,
                        auditErrors: element % 11 == 0 ? 1 : 0, auditWarnings: element % 2))
            }
        }
        let failEvery = max(1, testCount / max(1, failureCount))
        var rows: [DashboardTestRow] = []
        rows.reserveCapacity(testCount)
        var newFailures: [DashboardNewFailure] = []
        for index in 0..<testCount {
            let className = "GeneratedTests\(index / 100)"
            let name = "testScenario\(index)WithAFairlyLongDescriptiveName"
            let key = "LargeUITests.\(className)/\(name)"
            var row = DashboardTestRow(
                key: key, className: className, name: name,
                device: index % 3 == 0 ? "iPhone 16 Pro (iOS 18.2)" : "iPad Air (iOS 18.2)",
                outcome: index % 97 == 5 ? .skipped : (index % 53 == 7 ? .flaky : .passed), attempts: 1,
                duration: Double(index % 600) / 10)
            if index % failEvery == 0 && newFailures.count < failureCount {
                let category = categories[index % categories.count]
                let identifier = "\(screens[index % screens.count]).Element\(index % 30)-{id}"
                let message =
                    "Failed to find element \(identifier) within \(index % 20).0s after tapping row \(index) (attempt \(index % 3 + 1) of 3)"
                row.outcome = .failed
                row.attempts = 3
                row.message = message
                row.category = category
                newFailures.append(
                    DashboardNewFailure(
                        test: key, message: message, location: "\(className).swift:\(index % 400 + 10)",
                        category: category,
                        identifier: identifier, clusterID: String(index % 500, radix: 16)))
            }
            rows.append(row)
        }
        var testsByCluster: [String: [String]] = [:]
        for failure in newFailures {
            guard let id = failure.clusterID, testsByCluster[id, default: []].count < 20 else { continue }
            testsByCluster[id, default: []].append(failure.test)
        }
        let clusterCount = max(1, min(500, failureCount))
        let clusters = (0..<clusterCount).map { index in
            DashboardCluster(
                id: String(index, radix: 16), category: categories[index % categories.count],
                isInfrastructure: index % 7 == 3,
                normalizedMessage: "Failed to find element <id> within <n>s after tapping row <n> (variant \(index))",
                example: newFailures.first?.message ?? "",
                identifier: "\(screens[index % screens.count]).Element\(index % 30)-{id}",
                tests: testsByCluster[String(index, radix: 16)] ?? [], testCount: failureCount / clusterCount)
        }
        let groups = categories.map { category in
            DashboardCategoryGroup(
                category: category, isInfrastructure: category == "simulator" || category == "network",
                tests: Array(newFailures.prefix(10).map(\.test)), failedTests: failureCount / categories.count)
        }
        let byIdentifier = tree.filter { $0.depth == 1 }.map { node in
            DashboardIdentifierGroup(
                identifier: node.path, tests: Array(newFailures.prefix(5).map(\.test)), failedTests: 8,
                categories: ["element-not-found", "timeout"])
        }
        let flaky = (0..<2_000).map { index in
            DashboardFlakyTest(
                test: rows[(index * 53 + 7) % max(1, rows.count)].key, score: 1 - Double(index) / 2_000,
                state: index % 10 == 0 ? .newlyBroken : .flaky,
                since: index % 10 == 0 ? "abc\(index)" : nil,
                evidence: DashboardFlakyEvidence(
                    runs: 30, failedRuns: 10 - index % 10, flips: 12 - index % 12, retries: index % 5,
                    commits: ["1a2b3c4", "5d6e7f8"]),
                lastMessage: "Timed out waiting for element after \(index % 30)s")
        }
        let issues = (0..<3_000).map { index in
            DashboardAuditIssue(
                auditType: ["contrast", "hitRegion", "dynamicType", "textClipped"][index % 4],
                severity: index % 5 == 0 ? .error : .warning,
                identifier: "\(screens[index % 40]).Element\(index % 30)-{id}", label: "Label \(index)",
                elementType: "button",
                screen: screens[index % 40], test: rows[index % max(1, rows.count)].key,
                description: "Contrast ratio 3.\(index % 10):1 is below 4.5:1")
        }
        let gaps = screens.map { screen in
            DashboardScreenGap(
                screen: screen, elements: 600,
                missing: (0..<150).map {
                    DashboardUnidentifiedElement(
                        elementType: "button", label: "Unnamed \($0)", frame: "0,\($0 * 44) 390×44")
                })
        }
        var dashboard = make()
        dashboard.title = "Large generated run (\(Format.count(testCount)) tests)"
        dashboard.headline.tests = DashboardKPI(Double(testCount), baseline: Double(testCount))
        let count = { (outcome: TestOutcome) in Double(rows.lazy.filter { $0.outcome == outcome }.count) }
        dashboard.headline.failed = DashboardKPI(count(.failed), baseline: 0)
        dashboard.headline.passed = DashboardKPI(count(.passed), baseline: Double(testCount))
        dashboard.headline.passedOnRetry = DashboardKPI(count(.flaky), baseline: count(.flaky))
        dashboard.headline.skipped = DashboardKPI(count(.skipped), baseline: count(.skipped))
        let ran = Double(testCount) - count(.skipped)
        dashboard.headline.passRate = DashboardKPI(ran > 0 ? (count(.passed) + count(.flaky)) / ran : 1, baseline: 1)
        dashboard.newFailures = newFailures
        dashboard.identifierTree = tree
        dashboard.clusters = clusters
        dashboard.categories = groups
        dashboard.failuresByIdentifier = byIdentifier
        dashboard.flakyTests = flaky
        dashboard.accessibility = DashboardAccessibility(issues: issues, missingIdentifiers: gaps)
        dashboard.tests = rows
        return dashboard
    }
}
