import CanopyModel
import CanopyRender
import Foundation
import Testing

@Suite("Coverage reads right; ratio charts have an honest axis")
struct CoverageAndAxisRenderTests {
    /// `Login` with one identified child, and one element without identifier directly under the screen.
    static let tree = [
        DashboardTreeNode(path: "Login", segment: "Login", depth: 0, childCount: 2, elements: 3, identified: 2),
        DashboardTreeNode(path: "Login.Root", segment: "Root", depth: 1, childCount: 0, elements: 0, identified: 0),
        DashboardTreeNode(path: "Login.Submit", segment: "Submit", depth: 1, childCount: 0, elements: 2, identified: 2),
    ]

    static func treeView(_ tree: [DashboardTreeNode]) throws -> String {
        var dashboard = DashboardSample.make()
        dashboard.identifierTree = tree
        let page = HTMLDashboardRenderer().render(dashboard)
        let start = try #require(page.range(of: "id=\"view-tree\""))
        let end = try #require(page.range(of: "id=\"view-failures\""))
        return String(page[start.upperBound..<end.lowerBound])
    }

    @Test("elements a branch counts outside its children are named, not a 0% box called Root")
    func screenRemainder() throws {
        let html = try Self.treeView(Self.tree)
        #expect(
            html.contains("<span class=\"own-words\">1 element without identifier directly under the screen</span>"))
        #expect(html.contains("0.0% <small>(0/1)</small>"))
        #expect(html.contains("Login: without identifier directly under the screen: 0.0% (0/1)"))
        // The root view's own identifier counts no interactive element: no red 0% under its name.
        #expect(
            html.contains(
                "<code>Root</code></span><span class=\"cov\"><span class=\"num muted\">– <small>(no interactive elements)</small>"
            ))
        #expect(!html.contains("<title>Login.Root:"))
    }

    @Test("a branch whose children count all its elements has no extra row")
    func noRemainder() throws {
        var tree = Self.tree
        tree[0].elements = 2
        let html = try Self.treeView(tree)
        #expect(!html.contains("directly under the screen"))
    }

    @Test(
        "the trend's first and last coverage are the window's first and last run's, not measured when they measured none"
    )
    func coverageAtTheWindowsEdges() throws {
        var dashboard = DashboardSample.make()
        let trend = try #require(dashboard.trend)
        let last = trend.points.count - 1
        dashboard.trend?.points = trend.points.enumerated().map { index, point in
            var point = point
            point.coverage = index == last ? nil : 0.5 + Double(index) / 100
            return point
        }
        let markdown = TrendMarkdownRenderer().render(dashboard)
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| Identifier coverage |") })
        let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(cells[1] == "50.0%" && cells[2] == "not measured", "\(row)")
        let highest = String(format: "%.1f%%", (0.5 + Double(last - 1) / 100) * 100)
        #expect(cells[4] == highest, "max of the runs that measured it: \(row)")
    }

    @Test("a pass rate between 99.3% and 100% is a small dip on an axis of at least ten points")
    func passRateAxis() throws {
        var dashboard = DashboardSample.make()
        let trend = try #require(dashboard.trend)
        dashboard.trend?.points = trend.points.enumerated().map { index, point in
            var point = point
            point.passRate = index % 2 == 0 ? 1.0 : 0.993
            return point
        }
        let html = TrendRenderer().render(dashboard)
        #expect(html.contains(">90.0%</text>"), "the axis runs from 90%")
        #expect(html.contains(">100.0%</text>"))
        #expect(!html.contains(">99.3%</text>"), "not from the lowest value")
        let markdown = TrendMarkdownRenderer().render(dashboard)
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| Pass rate") })
        #expect(row.contains("█") && !row.contains("▁"), "\(row)")
    }
}
