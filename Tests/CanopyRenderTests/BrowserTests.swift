import CanopyRender
import Foundation
import Testing

/// The dashboard in a real headless Chromium, loaded from a file URL (see `Chromium`).
@Suite(
    "Dashboard in headless Chromium", .serialized,
    .enabled(if: Chromium.path != nil, Comment(rawValue: Chromium.skipMessage)))
struct BrowserTests {
    private func expectClean(_ verdict: Chromium.Verdict, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(verdict.exception == nil, "self-test threw: \(verdict.exception ?? "")", sourceLocation: sourceLocation)
        #expect(verdict.errors == [], "console errors: \(verdict.errors ?? [])", sourceLocation: sourceLocation)
        #expect(
            verdict.violations == [], "CSP violations (blocked loads or scripts): \(verdict.violations ?? [])",
            sourceLocation: sourceLocation)
        #expect(verdict.resources == [], "network requests: \(verdict.resources ?? [])", sourceLocation: sourceLocation)
        #expect(verdict.alerts == [], "hostile data executed: \(verdict.alerts ?? [])", sourceLocation: sourceLocation)
    }

    /// A link to a part of a view (`#f-clusters`, the failures' cluster list) opens that view.
    @Test func aLinkToAPartOfAViewOpensTheView() throws {
        let (dom, stderr) = try Chromium.load(
            html: HTMLDashboardRenderer().render(DashboardSample.make()), name: "deep", hash: "f-clusters")
        #expect(
            dom.contains("id=\"tab-failures\" aria-controls=\"view-failures\" aria-selected=\"true\""),
            "\(stderr.suffix(500))")
        #expect(dom.contains("id=\"tab-overview\" aria-controls=\"view-overview\" aria-selected=\"false\""))
    }

    /// The summary's 📷 links end in `#test=<key>`: the page opens the Tests view at that test with
    /// its attempts shown.
    @Test func aLinkToATestOpensItsAttempts() throws {
        let dashboard = DashboardSample.make()
        let test = try #require(dashboard.tests.last { $0.details != nil })
        let links = DashboardLinks(dashboard: "https://example.github.io/app/")
        let hash = try #require(links.screenshots(of: test.key)?.split(separator: "#").last.map(String.init))
        #expect(hash.hasPrefix("test="))
        let (dom, stderr) = try Chromium.load(
            html: HTMLDashboardRenderer().render(dashboard), name: "test-link", hash: hash)
        #expect(
            dom.contains("id=\"tab-tests\" aria-controls=\"view-tests\" aria-selected=\"true\""),
            "\(stderr.suffix(500))")
        #expect(dom.contains("aria-expanded=\"true\" aria-label=\"Attempts of \(test.key)\""), "\(stderr.suffix(500))")
        #expect(dom.contains("<tr class=\"detail\">"))
        // A key that names no test leaves the page as it opens.
        let (plain, _) = try Chromium.load(
            html: HTMLDashboardRenderer().render(dashboard), name: "test-link-none", hash: "test=NoSuchTest")
        #expect(!plain.contains("<tr class=\"detail\">"))
    }

    @Test func sampleDashboardIsInteractive() throws {
        let verdict = try Chromium.selfTest(
            html: HTMLDashboardRenderer().render(DashboardSample.make()), name: "sample")
        expectClean(verdict)
        #expect(verdict.rows == 48)
        for check in [
            "treeExpands", "treeCollapses", "tabKeyboard", "tabSwitches", "searchFilters", "filterApplies", "sorts",
            "attemptsOpen", "attemptsClose", "classFilter",
        ] {
            #expect(verdict.checks[check] == true, "\(check) failed: \(verdict.checks)")
        }
        #expect(verdict.filterRows == 3)
    }

    @Test func hostileCorpusExecutesNothing() throws {
        for (name, renderer) in [
            ("hostile", HTMLDashboardRenderer() as any DashboardRenderer), ("hostile-trend", TrendRenderer()),
        ] {
            let (verdict, matrix) = try Chromium.selfTests(html: renderer.render(HostileCorpus.dashboard()), name: name)
            expectClean(verdict)
            if name == "hostile" {
                #expect(
                    matrix?.exception == nil && matrix?.checks["drawn"] == true,
                    "\(name): \(String(describing: matrix))")
            }
            #expect(verdict.checks["searchFilters"] == true, "\(name): \(verdict.checks)")
            #expect(verdict.checks["filterApplies"] == true, "\(name): \(verdict.checks)")
            if name == "hostile" { #expect(verdict.checks["attemptsOpen"] == true, "\(name): \(verdict.checks)") }
        }
    }

    @Test func trendReportLoads() throws {
        let verdict = try Chromium.selfTest(html: TrendRenderer().render(DashboardSample.make()), name: "trend")
        expectClean(verdict)
        #expect(verdict.checks["tabKeyboard"] == true)
    }

    /// 100,000 tests, 10,000 failures: interactive within 2 s (time to the end of the page's set-up,
    /// from navigation start: reading the file, parsing the JSON, drawing the first page).
    @Test func hundredThousandTestsInteractiveWithinTwoSeconds() throws {
        let html = HTMLDashboardRenderer().render(Fixtures.large)
        // The best of up to three loads: `swift test` runs other suites in parallel on the same
        // cores, and one load can be slowed by them without the page being slow.
        var verdict = try Chromium.selfTest(html: html, name: "large")
        var figures = [Int(verdict.tti)]
        while verdict.tti >= 2_000 && figures.count < 3 {
            let again = try Chromium.selfTest(html: html, name: "large")
            figures.append(Int(again.tti))
            if again.tti < verdict.tti { verdict = again }
        }
        expectClean(verdict)
        #expect(verdict.rows == 100_000)
        for check in ["treeExpands", "searchFilters", "filterApplies", "sorts", "pages"] {
            #expect(verdict.checks[check] == true, "\(check) failed: \(verdict.checks)")
        }
        #expect(verdict.filterRows == 10_000)
        print(
            "canopy-browser: 100k-test dashboard interactive after \(Int(verdict.tti)) ms (loads: \(figures) ms); \(html.utf8.count) bytes; \(verdict.dom ?? 0) DOM elements"
        )
        #expect(verdict.tti < 2_000, "time to interactive \(verdict.tti) ms")
        #expect((verdict.dom ?? 0) < 60_000, "no per-row DOM for hidden rows")
    }

    /// The destinations view of a small run on four devices: drawn, filtered, searched.
    @Test func destinationMatrixIsInteractive() throws {
        let dashboard = DestinationRenderTests.dashboard()
        let tests = try #require(dashboard.destinations?.tests)
        let (page, matrix) = try Chromium.selfTests(
            html: HTMLDashboardRenderer().render(dashboard), name: "destinations")
        expectClean(page)
        let verdict = try #require(matrix, "the page has no destinations view")
        #expect(verdict.exception == nil, "matrix self-test threw: \(verdict.exception ?? "")")
        #expect(verdict.rows == tests.count)
        // First shown: the tests whose result differs between destinations, not the others.
        #expect(verdict.shown == tests.filter { !$0.isUniform }.count && verdict.shown ?? 0 < tests.count)
        for check in ["drawn", "differFirst", "showAll", "search", "failing", "classes"] {
            #expect(verdict.checks[check] == true, "\(check) failed: \(verdict.checks)")
        }
    }

    /// 20 destinations × 5,000 tests (100,000 test rows): the matrix's first page drawn within 2 s
    /// of navigation start, by the method of `hundredThousandTestsInteractiveWithinTwoSeconds`.
    @Test func twentyDestinationsByFiveThousandTestsMatrixWithinTwoSeconds() throws {
        let html = HTMLDashboardRenderer().render(Fixtures.destinations)
        var (page, matrix) = try Chromium.selfTests(html: html, name: "destinations-large")
        var verdict = try #require(matrix, "the page has no destinations view")
        var figures = [Int(verdict.tti)]
        while verdict.tti >= 2_000 && figures.count < 3 {
            let again = try Chromium.selfTests(html: html, name: "destinations-large")
            let next = try #require(again.matrix)
            figures.append(Int(next.tti))
            if next.tti < verdict.tti { (page, verdict) = (again.page, next) }
        }
        expectClean(page)
        #expect(verdict.exception == nil, "matrix self-test threw: \(verdict.exception ?? "")")
        #expect(verdict.rows == 5_000)
        for check in ["drawn", "differFirst", "showAll", "search", "failing", "pages", "classes"] {
            #expect(verdict.checks[check] == true, "\(check) failed: \(verdict.checks)")
        }
        print(
            "canopy-browser: 20 destinations × 5,000 tests matrix drawn after \(Int(verdict.tti)) ms (loads: \(figures) ms; the page interactive after \(Int(page.tti)) ms); \(html.utf8.count) bytes; \(page.dom ?? 0) DOM elements"
        )
        #expect(verdict.tti < 2_000, "matrix first drawn after \(verdict.tti) ms")
        #expect((page.dom ?? 0) < 60_000, "no per-row DOM for hidden rows")
    }
}
