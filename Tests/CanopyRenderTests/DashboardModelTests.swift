import CanopyRender
import Foundation
import Testing

@Suite("Dashboard view model")
struct DashboardModelTests {
    @Test func codableRoundTrip() throws {
        let sample = DashboardSample.make()
        let data = try JSONEncoder().encode(sample)
        #expect(try JSONDecoder().decode(Dashboard.self, from: data) == sample)
    }

    @Test func kpiChangeAndCoverage() {
        #expect(DashboardKPI(0.784, baseline: 0.771).change.map { abs($0 - 0.013) < 1e-9 } == true)
        #expect(DashboardKPI(3).change == nil)
        #expect(DashboardTreeNode(path: "A", segment: "A", depth: 0, childCount: 0, elements: 0, identified: 0).coverage == 1)
        #expect(DashboardTreeNode(path: "A", segment: "A", depth: 0, childCount: 0, elements: 4, identified: 3).coverage == 0.75)
    }

    @Test func largeGeneratorHasTheAdvertisedSize() {
        let large = Fixtures.large
        #expect(large.tests.count == 100_000)
        #expect(large.newFailures.count == 10_000)
        #expect(Int(large.headline.failed.value) == 10_000)
    }

    @Test func treeWithSkippedDepthsStillRendersBalancedLists() {
        var dashboard = DashboardSample.make()
        dashboard.identifierTree = [
            DashboardTreeNode(path: "A", segment: "A", depth: 0, childCount: 1, elements: 2, identified: 1),
            DashboardTreeNode(path: "A.B.C", segment: "C", depth: 2, childCount: 0, elements: 2, identified: 1),
            DashboardTreeNode(path: "D", segment: "D", depth: 0, childCount: 0, elements: 1, identified: 1),
        ]
        let html = HTMLDashboardRenderer().render(dashboard)
        #expect(html.components(separatedBy: "<ul").count == html.components(separatedBy: "</ul>").count)
        #expect(html.contains("aria-expanded=\"false\" aria-controls=\"tn0\""))
    }
}
