import CanopyAnalysis
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

extension DashboardBuilder {
    /// A trend page's Fix first list: the flaky tests it lists with what each cost over the window
    /// (`HistoryInsights.flakyCosts`, measured once), costliest first, those an active quarantine
    /// covers after the others (their failures no longer block, though they still cost), each with
    /// its CODEOWNERS owners; and the cost per owner. Nothing on a run's page.
    func markFixFirst(_ dashboard: inout Dashboard) {
        guard input.window != nil, dashboard.trend != nil, let costs = input.insights?.flakyCosts else { return }
        let listed = Set(dashboard.flakyTests.map(\.test))
        let testFiles = input.source.map { Self.testFiles($0.index) } ?? [:]
        func owners(_ test: String) -> [String] {
            guard let source = input.source, let file = testFiles[Self.className(of: test)] else { return [] }
            return source.owners(of: file)
        }
        let rows = costs.filter { listed.contains($0.test) }.map { cost in
            DashboardFixFirst(
                cost: cost, owners: owners(cost.test),
                quarantined: input.verdicts.quarantineEntry(forTest: cost.test) != nil)
        }
        // `costs` is costliest first; the sort is stable, so each half keeps that order.
        let ranked = rows.enumerated().sorted { a, b in
            (a.element.quarantined ? 1 : 0, a.offset) < (b.element.quarantined ? 1 : 0, b.offset)
        }.map(\.element)
        var perOwner: [String: DashboardOwnerCost] = [:]
        // An owner's page totals that owner alone: its tests' co-owners have other tests.
        let only = input.owner
        for row in ranked {
            for owner in row.owners where only.map({ owner.caseInsensitiveCompare($0) == .orderedSame }) ?? true {
                var total = perOwner[owner] ?? DashboardOwnerCost(owner: owner, tests: 0, seconds: 0, failedRuns: 0)
                total.tests += 1
                total.seconds += row.cost.seconds
                total.failedRuns += row.cost.failedRuns
                perOwner[owner] = total
            }
        }
        dashboard.trend?.fixFirst = ranked
        dashboard.trend?.ownerCosts = perOwner.values.sorted {
            ($0.failedRuns, $0.seconds, $1.owner) > ($1.failedRuns, $1.seconds, $0.owner)
        }
    }
}
