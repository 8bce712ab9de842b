import CanopyModel
import CanopyRender
import Foundation

/// Strings from test data that try to break out of every output format.
enum HostileCorpus {
    static let strings = [
        "<script>alert(1)</script>",
        "\"><img src=x onerror=alert(1)>",
        "javascript:alert(1)",
        "]]></x><script>alert(2)</script>",
        "</script><script>alert(3)</script>",
        "{{x}} ${alert(4)} <%= 5 %>",
        "a | b | c `code` ``` fence",
        "line one\nline two\r\n| injected | row |\n# heading",
        "sep\u{2028}line\u{2029}para",
        "rtl \u{202E}gnp.exe\u{202C} done",
        "**bold** _em_ [link](javascript:alert(5)) ![img](http://evil.example/x.png) <b>b</b> &amp; &lt;",
        "@everyone #1 :smile: ~~strike~~ $x$ \\",
        "<svg onload=alert(6)><iframe src=//evil.example>",
        "<!-- comment --> <style>body{display:none}</style>",
        String(repeating: "very long ", count: 5_000),
        "'; alert(7); '",
    ]

    /// A hostile URL for every link field.
    static let urls = [
        "javascript:alert(1)", " JAVASCRIPT:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example",
        "vbscript:x",
    ]

    static func string(_ index: Int) -> String { strings[index % strings.count] }

    /// The sample dashboard with every string from test data replaced by hostile text.
    static func dashboard() -> Dashboard {
        var d = DashboardSample.make()
        var i = 0
        func next() -> String {
            i += 1
            return string(i)
        }
        d.title = next()
        d.links = DashboardLinks(
            buildURL: urls[0], commit: next(), commitURL: urls[1], branch: next(), baseline: next(), dashboard: urls[2])
        d.gates = d.gates.map { DashboardGate(name: next(), passed: $0.passed, detail: next()) }
        d.newFailures = d.newFailures.map { _ in
            DashboardNewFailure(
                test: next(), message: next(), location: next(), category: next(), identifier: next(), clusterID: next()
            )
        }
        d.identifierTree = d.identifierTree.map { node in
            var node = node
            node.path = next()
            node.segment = next()
            return node
        }
        d.clusters = d.clusters.map { cluster in
            DashboardCluster(
                id: next(), category: next(), isInfrastructure: cluster.isInfrastructure, normalizedMessage: next(),
                example: next(),
                identifier: next(), tests: [next(), next()])
        }
        // A cause per cluster, each hostile.
        d.categories = d.clusters.map {
            DashboardCategoryGroup(
                category: next(), isInfrastructure: $0.isInfrastructure, tests: [next()], failedTests: $0.testCount,
                clusterIDs: [next()])
        }
        d.failuresByIdentifier = d.failuresByIdentifier.map {
            DashboardIdentifierGroup(
                identifier: next(), tests: [next()], failedTests: $0.failedTests, categories: [next()])
        }
        d.flakyTests = d.flakyTests.map { test in
            var test = test
            test.test = next()
            test.since = next()
            test.lastMessage = next()
            test.evidence.commits = [next(), next()]
            return test
        }
        d.accessibility.issues = d.accessibility.issues.map { issue in
            DashboardAuditIssue(
                auditType: next(), severity: issue.severity, identifier: next(), label: next(), elementType: next(),
                screen: next(), test: next(), description: next())
        }
        d.accessibility.missingIdentifiers = d.accessibility.missingIdentifiers.map { gap in
            DashboardScreenGap(
                screen: next(), elements: gap.elements,
                missing: gap.missing.map { _ in
                    DashboardUnidentifiedElement(elementType: next(), label: next(), frame: next())
                })
        }
        d.tests = d.tests.map { row in
            var row = row
            let name = next()
            row.className = next()
            row.name = name
            row.key = next() + "/" + name
            row.device = next()
            row.message = next()
            row.category = next()
            if row.outcome == .failed || row.outcome == .flaky {
                row.details = [
                    DashboardAttemptDetail(
                        label: next(), outcome: .failed, messages: [next(), next()], location: next(), output: next())
                ]
            }
            return row
        }
        if var trend = d.trend {
            trend.window = next()
            trend.points = trend.points.map { point in
                var point = point
                point.commit = next()
                point.failedByCause = point.failedByCause.map {
                    DashboardCategoryCount(category: next() + $0.category, count: $0.count)
                }
                return point
            }
            trend.changes = trend.changes.map {
                DashboardStateChange(test: next(), from: $0.from, to: $0.to, commit: next(), date: $0.date)
            }
            d.trend = trend
        }
        // A run on three destinations whose labels, tests and lines are hostile too.
        let labels = [next(), next(), next()]
        d.destinations = DashboardDestinations(
            destinations: labels,
            tests: (0..<6).map { index in
                DashboardDestinations.Test(
                    test: next(), line: next(),
                    cells: (0..<(index % 3 + 1)).map {
                        DashboardDestinations.Cell(
                            destination: $0, state: DashboardDestinations.State.allCases[(index + $0) % 7],
                            since: index % 2 == 0 ? next() : nil)
                    }, isUniform: false)
            })
        if !d.newFailures.isEmpty {
            d.newFailures[0].destinations = DashboardDestinationLine(
                test: next(), line: next(), failing: [.init(key: d.newFailures[0].test, destination: labels[0])])
        }
        return d
    }
}
