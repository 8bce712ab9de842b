import CanopyAnalysis
import CanopyModel
import CanopyParsers
import CanopyRender
import Foundation
import Testing

@testable import CanopyConfig
@testable import CanopyPipeline

@Suite("The identifier tree of a stored run")
struct StoredRunTreeTests {
    @Test("the stored tree is drawn as the run drew it: pre-order by path, branch figures, errors and warnings apart")
    func storedTree() {
        let nodes = [
            IdentifierNodeDigest(
                path: "Podcast-{id}", parent: "Podcast", tests: 1, failed: 1, passedOnRetry: 0, auditIssues: 0,
                auditErrors: 0),
            IdentifierNodeDigest(
                path: "Checkout", parent: nil, tests: 3, failed: 1, passedOnRetry: 1, auditIssues: 5, auditErrors: 1),
            IdentifierNodeDigest(
                path: "Checkout.Total", parent: "Checkout", tests: 1, failed: 0, passedOnRetry: 0, auditIssues: 2,
                auditErrors: 0,
                interactive: 2, identified: 1),
            IdentifierNodeDigest(
                path: "Checkout.PayButton", parent: "Checkout", tests: 2, failed: 1, passedOnRetry: 1, auditIssues: 3,
                auditErrors: 1),
            IdentifierNodeDigest(
                path: "Podcast", parent: nil, tests: 1, failed: 1, passedOnRetry: 0, auditIssues: 0, auditErrors: 0),
        ]
        let coverage = [
            CoverageFigure(scope: .branch, name: "Checkout.PayButton", interactive: 4, identified: 3),
            CoverageFigure(scope: .screen, name: "Checkout", interactive: 9, identified: 1),
        ]
        let tree = ReportCommand.treeNodes(nodes, coverage: coverage)
        #expect(tree.map(\.path) == ["Checkout", "Checkout.PayButton", "Checkout.Total", "Podcast", "Podcast-{id}"])
        #expect(tree.map(\.segment) == ["Checkout", "PayButton", "Total", "Podcast", "{id}"])
        #expect(tree.map(\.depth) == [0, 1, 1, 0, 1])
        #expect(tree.map(\.childCount) == [2, 0, 0, 1, 0])
        #expect(tree.map(\.auditErrors) == [1, 1, 0, 0, 0])
        #expect(tree.map(\.auditWarnings) == [4, 2, 2, 0, 0])
        #expect(tree.map(\.failed) == [1, 1, 0, 1, 1])
        #expect(
            tree[1].elements == 4 && tree[1].identified == 3, "from the run's branch figure, when the node kept none")
        #expect(tree[2].elements == 2 && tree[2].identified == 1, "the node's own")
        #expect(tree[0].elements == 0, "a screen's figure is not a branch's")

        // The tree does not depend on the separators: a node's segment follows its parent and one
        // character, whatever the characters are.
        let other = ReportCommand.treeNodes(
            [
                IdentifierNodeDigest(
                    path: "🛒", parent: nil, tests: 1, failed: 0, passedOnRetry: 0, auditIssues: 0, auditErrors: 0),
                IdentifierNodeDigest(
                    path: "🛒/Café", parent: "🛒", tests: 1, failed: 0, passedOnRetry: 0, auditIssues: 0, auditErrors: 0),
                IdentifierNodeDigest(
                    path: "🛒/Café:Bouton", parent: "🛒/Café", tests: 1, failed: 0, passedOnRetry: 0, auditIssues: 0,
                    auditErrors: 0),
            ], coverage: [])
        #expect(other.map(\.segment) == ["🛒", "Café", "Bouton"])
        #expect(other.map(\.depth) == [0, 1, 2])
    }

    @Test("a run stored before schema 3 kept its identifier nodes alone: ancestors are made and figures added up")
    func treeOfIdentifiersAlone() {
        let nodes = [
            IdentifierNodeDigest(
                path: "Checkout.PaymentSheet.PayButton", parent: nil, tests: 2, failed: 2, passedOnRetry: 1,
                auditIssues: 1, auditErrors: nil),
            IdentifierNodeDigest(
                path: "Checkout.Close", parent: nil, tests: 1, failed: 1, passedOnRetry: 0, auditIssues: 2,
                auditErrors: nil),
            IdentifierNodeDigest(
                path: "Podcast-{id}-row", parent: nil, tests: 1, failed: 0, passedOnRetry: 0, auditIssues: 0,
                auditErrors: nil),
        ]
        let tree = ReportCommand.treeNodes(nodes, coverage: [])
        #expect(
            tree.map(\.path) == [
                "Checkout", "Checkout.Close", "Checkout.PaymentSheet", "Checkout.PaymentSheet.PayButton", "Podcast",
                "Podcast-{id}",
                "Podcast-{id}-row",
            ])
        #expect(tree.map(\.depth) == [0, 1, 1, 2, 0, 1, 2])
        #expect(tree.map(\.failed) == [3, 1, 2, 2, 0, 0, 0])
        // Only the total was kept: shown as errors, as before.
        #expect(tree.map(\.auditErrors) == [3, 2, 1, 1, 0, 0, 0])
        #expect(tree.allSatisfy { $0.auditWarnings == 0 })
        #expect(tree[5].segment == "{id}" && tree[6].segment == "row")
    }

    @Test("new failures are listed as run lists them: app problems first, each test's first failure of those")
    func newFailureOrder() {
        func failure(_ test: String, _ attempt: Int, infrastructure: Bool, _ message: String) -> FailureDigest {
            FailureDigest(
                testKey: test, attemptIndex: attempt, category: infrastructure ? "simulatorCrash" : "elementNotFound",
                isInfrastructure: infrastructure, fingerprint: "\(test)-\(attempt)", normalizedMessage: message,
                identifier: infrastructure ? nil : "Login.Submit")
        }
        let failures = [
            failure("A/crashThenFail", 0, infrastructure: true, "simulator crashed"),
            failure("B/onlyCrash", 0, infrastructure: true, "lost connection"),
            failure("C/fails", 0, infrastructure: false, "no match for {id}"),
            failure("A/crashThenFail", 1, infrastructure: false, "no element {id}"),
            failure("C/fails", 1, infrastructure: false, "later message"),
            failure("D/notNew", 0, infrastructure: false, "old failure"),
        ]
        var input = DashboardInput(
            title: "", metadata: RunMetadata(), totals: RunTotals(), coverage: nil, audits: [],
            failures: failures.map { FailureRecord(stored: $0, testOutcome: .failed) }, testRows: [], parts: .empty,
            now: Date())
        input.verdicts = RunVerdicts(
            tests: ["A/crashThenFail", "B/onlyCrash", "C/fails"].map {
                TestVerdict(test: $0, outcome: .failed, kind: .newFailure)
            })
        let rows = DashboardBuilder(input: input).build().newFailures
        #expect(rows.map(\.test) == ["C/fails", "A/crashThenFail", "B/onlyCrash"])
        #expect(rows.map(\.message) == ["no match for {id}", "no element {id}", "lost connection"])
        #expect(rows.map(\.category) == ["elementNotFound", "elementNotFound", "simulatorCrash"])
        #expect(rows[0].identifier == "Login.Submit" && rows[0].clusterID == "C/fails-0")
        #expect(rows[2].identifier == nil)
    }

    @Test("a stored run's failures are grouped as run groups them: clusters, causes and identifiers")
    func failureSections() {
        func failure(_ test: String, _ category: String, _ fingerprint: String, _ identifier: String?) -> FailureDigest
        {
            FailureDigest(
                testKey: test, attemptIndex: 0, category: category, isInfrastructure: category == "simulatorCrash",
                fingerprint: fingerprint,
                normalizedMessage: "message of \(fingerprint)", identifier: identifier)
        }
        let failures = [
            failure("B/two", "notHittable", "f2", "Checkout.PayButton"),
            failure("A/one", "notHittable", "f2", "Checkout.PayButton"),
            failure("C/crash", "simulatorCrash", "f9", nil),
            failure("A/one", "assertion", "f1", "Login.Submit"),
            failure("A/one", "notHittable", "f2", "Checkout.PayButton"),
        ]
        let records = failures.map { FailureRecord(stored: $0, testOutcome: .failed) }
        let grouped = DashboardBuilder.failureSections(
            records, failedTests: ["A/one", "B/two", "C/crash", "D/silent"], clusters: FailureGroups.clusters(records),
            descriptions: [:])
        let sections = (clusters: grouped.clusters, causes: grouped.categories)
        let byIdentifier = grouped.byIdentifier
        #expect(sections.clusters.map(\.id) == ["f2", "f1", "f9"], "most tests first, then by fingerprint")
        #expect(sections.clusters[0].tests == ["A/one", "B/two"] && sections.clusters[0].testCount == 2)
        #expect(
            sections.clusters[0].example == "message of f2" && sections.clusters[0].identifier == "Checkout.PayButton")
        #expect(sections.clusters[2].isInfrastructure && sections.clusters[2].identifier == nil)
        // Each failed test once, under its first failure of its last attempt; one without any under
        // `unknown`: the causes add up to the failed tests.
        #expect(sections.causes.map(\.category) == ["notHittable", "simulatorCrash", "unknown"])
        #expect(sections.causes.map(\.failedTests) == [2, 1, 1])
        #expect(sections.causes[0].tests == ["A/one", "B/two"] && sections.causes[0].clusterIDs == ["f2"])
        #expect(sections.causes[2].description == "failed without a failure message")
        #expect(byIdentifier.map(\.identifier) == ["Checkout.PayButton", "Login.Submit"])
        #expect(byIdentifier[0].failedTests == 2 && byIdentifier[0].tests == ["B/two", "A/one"])
        #expect(byIdentifier[0].categories == ["notHittable"])
    }
}
