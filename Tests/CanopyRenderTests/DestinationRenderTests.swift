import CanopyModel
import CanopyRender
import Foundation
import Testing

/// A run on several destinations: the lists name a failing test once with where it fails, and
/// the page has the destination × test matrix.
@Suite("Destinations in the summary, the comment and the page")
struct DestinationRenderTests {
    static let devices = ["iPad Air (18.2)", "iPhone 15 (17.5)", "iPhone 16 (18.2)", "iPhone SE (17.5)"]
    static let loginLine = "fails on iPad Air (18.2), iPhone SE (17.5); passes on 2 others"

    /// The sample dashboard as a run on four devices: `LoginTests/testLogin` new on two of them,
    /// `CartTests/testTotal` still failing on one, `FeedTests/testRefresh` not run on one.
    static func dashboard() -> Dashboard {
        var dashboard = DashboardSample.make()
        let login = DashboardDestinationLine(
            test: "LoginTests/testLogin", line: loginLine,
            failing: [0, 3].map { .init(key: "LoginTests/testLogin@" + devices[$0], destination: devices[$0]) })
        func failure(_ device: String, _ message: String) -> DashboardNewFailure {
            var failure = DashboardNewFailure(
                test: "LoginTests/testLogin@" + device, message: message, category: "assertion")
            failure.destinations = login
            return failure
        }
        dashboard.newFailures = [
            failure(devices[0], "Login button not hittable"), failure(devices[3], "Login button not hittable (SE)"),
        ]
        var cart = DashboardExcusedFailure(
            test: "CartTests/testTotal@" + devices[1], reason: "failing since c0003", message: "Total is 0")
        cart.destinations = DashboardDestinationLine(
            test: "CartTests/testTotal", line: "broken since c0003 on iPhone 15 (17.5) only; passes on 3 others",
            failing: [.init(key: cart.test, destination: devices[1])])
        dashboard.stillFailing = [cart]
        dashboard.excusedFailures = []
        dashboard.destinations = DashboardDestinations(
            destinations: devices,
            tests: [
                .init(
                    test: "LoginTests/testLogin", line: loginLine,
                    cells: [
                        .init(destination: 0, state: .newFailure, since: "c0012"),
                        .init(destination: 1, state: .passed),
                        .init(destination: 2, state: .passed), .init(destination: 3, state: .newFailure),
                    ], isUniform: false),
                .init(
                    test: "CartTests/testTotal", line: cart.destinations?.line ?? "",
                    cells: [
                        .init(destination: 0, state: .passed),
                        .init(destination: 1, state: .stillFailing, since: "c0003"),
                        .init(destination: 2, state: .passed), .init(destination: 3, state: .passed),
                    ], isUniform: false),
                .init(
                    test: "FeedTests/testRefresh", line: "did not run on iPhone SE (17.5) only; passes on 3 others",
                    cells: (0..<3).map { .init(destination: $0, state: .passed) }, isUniform: false),
                .init(
                    test: "FeedTests/testScroll", line: "passes on all 4 destinations",
                    cells: (0..<4).map { .init(destination: $0, state: .passed) }, isUniform: true),
                // Its suite ran on the iPhone 16 alone: the same wherever it could run.
                .init(
                    test: "PlayerTests/testScrub",
                    line: "passes on iPhone 16 (18.2), the only destination its suite ran on",
                    cells: [.init(destination: 2, state: .passed)], isUniform: true, suiteAbsent: [0, 1, 3]),
            ] + sampleTests(dashboard.tests), runTests: 120)
        return dashboard
    }

    /// The sample's tests on the four devices: a failed one failing on one device, a retried one
    /// retried on one, a skipped one skipped everywhere, the others passing everywhere.
    static func sampleTests(_ rows: [DashboardTestRow]) -> [DashboardDestinations.Test] {
        rows.prefix(24).enumerated().map { index, row in
            let device = index % devices.count
            var cells = devices.indices.map { DashboardDestinations.Cell(destination: $0, state: .passed) }
            let others = "; passes on \(devices.count - 1) others"
            switch row.outcome {
            case .failed:
                cells[device] = .init(destination: device, state: .newFailure)
                return .init(
                    test: row.key, line: "fails on \(devices[device]) only" + others, cells: cells, isUniform: false)
            case .flaky:
                cells[device].state = .passedOnRetry
                return .init(
                    test: row.key, line: "passed on retry on \(devices[device]) only" + others, cells: cells,
                    isUniform: false)
            case .skipped:
                cells = cells.map { .init(destination: $0.destination, state: .skipped) }
                return .init(test: row.key, line: "skipped on all 4 destinations", cells: cells, isUniform: true)
            case .passed, .expectedFailure:
                return .init(test: row.key, line: "passes on all 4 destinations", cells: cells, isUniform: true)
            }
        }
    }

    @Test("golden: the page and the comment of a run on four devices")
    func golden() throws {
        try Golden.check(HTMLDashboardRenderer().render(Self.dashboard()), "sample-destinations.html")
        try Golden.check(MarkdownComment().render(Self.dashboard()), "sample-destinations-comment.md")
    }

    @Test("the summary and the comment name a test failing on two destinations once, with the roll-up line")
    func markdownGroupsDestinations() throws {
        let dashboard = Self.dashboard()
        for (name, text) in [
            ("summary", MarkdownRenderer().render(dashboard)), ("comment", MarkdownComment().render(dashboard)),
        ] {
            let items = text.split(separator: "\n").filter { $0.contains("LoginTests/testLogin") }
            #expect(
                items == [
                    "- ❌ <code>LoginTests/testLogin</code> fails on iPad Air (18.2), iPhone SE (17.5); passes on 2 others"
                ],
                "\(name): \(items)")
            // The first destination's failure is shown under it, another destination's message
            // where it differs; the gate's count is per destination.
            #expect(
                text.contains(
                    "  - Login button not hittable\n  - on iPhone SE (17.5): Login button not hittable (SE)\n  - cause **assertion**"
                ), "\(name)")
            #expect(
                text.contains(
                    "- ❌ <code>CartTests/testTotal</code> broken since c0003 on iPhone 15 (17.5) only; passes on 3 others"
                ),
                "\(name)")
        }
        #expect(MarkdownRenderer().render(dashboard).contains("### ❌ New failures (2)"))
    }

    @Test(
        "a test new on one destination and still failing on another keeps an item per destination, the line under each")
    func splitAcrossLists() throws {
        var dashboard = Self.dashboard()
        let line = DashboardDestinationLine(
            test: "CartTests/testTotal", line: "fails on iPad Air (18.2), iPhone 15 (17.5); passes on 2 others",
            failing: [0, 1].map { .init(key: "CartTests/testTotal@" + Self.devices[$0], destination: Self.devices[$0]) }
        )
        var new = DashboardNewFailure(
            test: "CartTests/testTotal@" + Self.devices[0], message: "Total is 1", category: "assertion")
        new.destinations = line
        dashboard.newFailures.append(new)
        dashboard.stillFailing[0].destinations = line
        let summary = MarkdownRenderer().render(dashboard)
        let items = summary.split(separator: "\n").filter { $0.contains("CartTests/testTotal") }
        #expect(
            items == [
                "- ❌ <code>CartTests/testTotal@iPad Air (18.2)</code>",
                "- ❌ <code>CartTests/testTotal@iPhone 15 (17.5)</code>",
            ], "\(items)")
        #expect(
            summary.components(separatedBy: "  - fails on iPad Air (18.2), iPhone 15 (17.5); passes on 2 others\n")
                .count == 3)
    }

    @Test("the page's lists carry the roll-up line; the matrix is a table with a header per destination")
    func pageHasTheMatrix() throws {
        let page = HTMLDashboardRenderer().render(Self.dashboard())
        #expect(page.contains("<p class=\"f-dest\">fails on iPad Air (18.2), iPhone SE (17.5); passes on 2 others</p>"))
        #expect(page.contains("id=\"tab-destinations\""))
        let view = try #require(page.range(of: "id=\"view-destinations\""))
        let html = page[view.upperBound...]
        #expect(html.contains("<th scope=\"col\">Test</th>"))
        for device in Self.devices { #expect(html.contains("<th scope=\"col\">\(device)</th>"), "\(device)") }
        #expect(page.contains("<script type=\"application/json\" id=\"canopy-destinations\">"))
        // The matrix's data: the cells as one letter per destination, `-` where it did not run.
        #expect(
            page.contains(
                #"["LoginTests\/testLogin","fails on iPad Air (18.2), iPhone SE (17.5); passes on 2 others","NPPN",{"0":"c0012"}]"#
            ))
        #expect(
            page.contains(
                #"["FeedTests\/testRefresh","did not run on iPhone SE (17.5) only; passes on 3 others","PPP-",{}]"#))
        // `.` where the test's suite did not run: no difference, not counted as did not run.
        #expect(
            page.contains(
                #"["PlayerTests\/testScrub","passes on iPhone 16 (18.2), the only destination its suite ran on","..P.",{}]"#
            ))
        // Did not run (the last column): the iPad ran all of its suites' tests, the SE all but one.
        func row(_ device: String) -> Substring? {
            html.range(of: "<tr><th scope=\"row\">\(device)</th>").flatMap { start in
                html.range(of: "</tr>", range: start.upperBound..<html.endIndex).map {
                    html[start.lowerBound..<$0.upperBound]
                }
            }
        }
        #expect(row("iPad Air (18.2)")?.hasSuffix("<td class=\"n\">0</td></tr>") == true)
        #expect(row("iPhone SE (17.5)")?.hasSuffix("<td class=\"n\">1</td></tr>") == true)
        #expect(
            html.contains(
                "Of this run's 120 tests, 112 ran on a named destination: 28 on iPad Air (18.2), 28 on iPhone 15 (17.5), 29 on iPhone 16 (18.2), 27 on iPhone SE (17.5). The other 8 tests name no device and are not in this view."
            ))
    }

    @Test("a run on one destination has no matrix and no roll-up line")
    func oneDestination() {
        let dashboard = DashboardSample.make()
        #expect(dashboard.destinations == nil)
        let page = HTMLDashboardRenderer().render(dashboard)
        #expect(!page.contains("tab-destinations") && !page.contains("canopy-destinations") && !page.contains("f-dest"))
    }
}

@Suite("A list's heading and its cut count the same failures")
struct GroupedListCountTests {
    /// Ten failing tests not counted as new: eight on one device each, then `SyncTests/testUpload`
    /// on two devices (one item naming both, past the comment's cut).
    static func dashboard() -> Dashboard {
        var dashboard = DashboardSample.make()
        let devices = DestinationRenderTests.devices
        let uploadLine = DashboardDestinationLine(
            test: "SyncTests/testUpload", line: "fails on iPad Air (18.2), iPhone 15 (17.5); passes on 2 others",
            failing: [0, 1].map { .init(key: "SyncTests/testUpload@" + devices[$0], destination: devices[$0]) })
        let upload: [DashboardExcusedFailure] = [0, 1].map {
            var failure = DashboardExcusedFailure(
                test: "SyncTests/testUpload@" + devices[$0], reason: "failing since c0003", message: "Upload timed out")
            failure.destinations = uploadLine
            return failure
        }
        var others: [DashboardExcusedFailure] = []
        for index in 1...8 {
            var failure = DashboardExcusedFailure(
                test: "ListTests/testRow\(index)@" + devices[2], reason: "failing since c0003", message: "Row \(index)")
            failure.destinations = DashboardDestinationLine(
                test: "ListTests/testRow\(index)", line: "fails on iPhone 16 (18.2) only; passes on 3 others",
                failing: [.init(key: failure.test, destination: devices[2])])
            others.append(failure)
        }
        dashboard.stillFailing = others + upload
        dashboard.excusedFailures = []
        dashboard.newFailures = []
        return dashboard
    }

    @Test("the comment's other failing tests: shown plus \"…and N more\" is the heading's count")
    func commentCut() throws {
        let comment = MarkdownComment().render(Self.dashboard())
        let block = try #require(
            comment.components(separatedBy: "<summary>Other failing tests").dropFirst().first?
                .components(separatedBy: "</details>").first)
        #expect(block.hasPrefix(" (10)"), "\(block.prefix(60))")
        let shownTests =
            block.components(separatedBy: "\n- ").dropFirst().map { $0.contains("SyncTests/testUpload") ? 2 : 1 }
            .reduce(0, +)
        let more = try #require(block.firstMatch(of: /…and (\d+) more/)?.1).description
        #expect(shownTests + (Int(more) ?? 0) == 10, "\(shownTests) shown, \(more) more")
    }
}
