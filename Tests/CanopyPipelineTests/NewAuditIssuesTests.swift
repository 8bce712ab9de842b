import CanopyAnalysis
import CanopyHistory
import CanopyModel
import CanopyRender
import Foundation
import Testing

@testable import CanopyPipeline

/// New accessibility issues against the baseline: marked on the page and in the summary,
/// annotated like new failures; the baseline's resolved ones counted.
@Suite("new audit issues are marked and annotated")
struct NewAuditIssuesTests {
    /// The sample's `night` judged after the nights before it, with its dashboard's accessibility.
    static func judged(_ night: Int) async throws -> (accessibility: DashboardAccessibility, insights: HistoryInsights)
    {
        let nights = try InsightsAfterStoreTests.nights()
        let directory = NSTemporaryDirectory() + "canopy-audit-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/history.sqlite"
        try await InsightsAfterStoreTests.store(nights.prefix(night - 1), into: path)
        let context = try InsightsAfterStoreTests.context(store: path, night: nights[night - 1], key: "judged")
        let prepared = try await context.reader.prepare()
        let insights = try await context.history.withStore { store in
            _ = try await store.store(prepared.run, digest: prepared.digest, testRows: prepared.testRows)
            return try await context.historyJudge.insights(
                for: prepared, store: store, stored: true,
                chosenBaseline: try await context.historyJudge.chosenBaseline(in: store))
        }
        let dashboard = DashboardBuilder(
            input: DashboardInput(prepared: prepared, insights: insights, gates: [], dashboardPath: nil, now: Date())
        ).build()
        return (dashboard.accessibility, insights)
    }

    @Test("night 11 adds the dynamicType issue: it alone is new, nothing resolved")
    func night11() async throws {
        let (accessibility, _) = try await Self.judged(11)
        #expect(accessibility.issues.filter(\.isNew).map(\.auditType) == ["dynamicType"])
        #expect(accessibility.issues.count == 2)
        #expect(accessibility.resolved == 0)
    }

    @Test("night 8 drops the hitRegion issue: one resolved, none new")
    func night8() async throws {
        let (accessibility, _) = try await Self.judged(8)
        #expect(accessibility.issues.allSatisfy { !$0.isNew })
        #expect(accessibility.resolved == 1)
    }

    @Test("new audit issues become workflow commands: errors first, with the element and screen")
    func annotations() {
        let element = ElementReference(identifier: "Feed.Header.Refresh", label: "Refresh", elementType: "button")
        let issues = [
            AuditIssue(
                auditType: "contrast", severity: .warning, compactDescription: "Contrast failed", element: element,
                screen: "Feed",
                origin: .auditFile, source: "audit.json"),
            AuditIssue(
                auditType: "dynamicType", severity: .error,
                compactDescription: "Dynamic Type font sizes are unsupported",
                detailedDescription: "Text does not scale.\nAt all.", element: element, screen: "Feed",
                origin: .auditFile, source: "audit.json"),
        ]
        let lines = Annotations.githubAudit(issues, limit: 10)
        #expect(
            lines == [
                "::error title=New accessibility error%3A dynamicType on Feed.Header.Refresh (Feed)::Dynamic Type font sizes are unsupported — Text does not scale.%0AAt all.",
                "::warning title=New accessibility warning%3A contrast on Feed.Header.Refresh (Feed)::Contrast failed",
            ])
        #expect(Annotations.githubAudit(issues, limit: 1).count == 1)
    }
}
