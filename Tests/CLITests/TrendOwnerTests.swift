import Foundation
import Testing

/// Issue 49, item 2: `trend --owner` is really per owner. On the sample history, Checkout's trend
/// lists and counts Checkout's tests alone (Settings' and the player's failures stay out), its
/// series equal a count of Checkout's own results file night by night, and the whole suite's
/// series follow under their own heading.
@Suite("trend --owner: the owner's tests alone, the whole suite beside them")
struct TrendOwnerTests: SampleHistoryCommands {
    static let owner = "@podcastapp/checkout-ios"

    /// A test key of the sample (`AppUITests.SettingsTests/testSignOut`), device left out.
    static let testKey = try! NSRegularExpression(pattern: "[A-Za-z]+UITests\\.[A-Za-z]+Tests/test[A-Za-z]+")

    static func testKeys(_ text: String) -> Set<String> {
        let range = NSRange(text.startIndex..., in: text)
        return Set(
            testKey.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } })
    }

    /// The cells of the rows of the HTML series table that follows `heading`.
    static func seriesRows(_ page: String, after heading: String) throws -> [[String]] {
        let start = try #require(page.range(of: heading), "no \(heading)")
        let table = try #require(page[start.upperBound...].range(of: "The same figures as a table"))
        let body = page[table.upperBound...]
        let end = try #require(body.range(of: "</tbody>"))
        return body[..<end.lowerBound].components(separatedBy: "<tr>").dropFirst(2).map { row in
            row.components(separatedBy: "</td>").dropLast().map { cell in
                cell.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            }
        }
    }

    /// `canopy inspect --summary` totals of `paths`: the hand count, from the results files alone.
    func totals(_ paths: [String]) async throws -> [String: Any] {
        let result = try await CLIRunner.run(["inspect", "--summary", "--format", "json"] + paths)
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(document["totals"] as? [String: Any])
    }

    /// Checks each row of the owner's and the whole suite's series tables against a count of the
    /// night it is (`nights[index]`): Checkout's results file and the whole night. Returns the
    /// whole suite's failed tests over the nights.
    func handCount(owned: [[String]], whole: [[String]], nights: [Int]) async throws -> Int {
        #expect(owned.count == nights.count && whole.count == nights.count, "\(owned.count), \(whole.count) rows")
        var wholeFailed = 0
        for (index, (ownRow, wholeRow)) in zip(owned, whole).enumerated() {
            let night = CLIRunner.night(nights[index])
            let checkout = try await totals([night + "/junit-checkout.xml"])
            let all = try await totals([night])
            for (row, count, label) in [(ownRow, checkout, "Checkout"), (wholeRow, all, "whole")] {
                let passed = try #require(count["passed"] as? Int)
                let retried = try #require(count["passedOnRetry"] as? Int)
                let failed = try #require(count["failed"] as? Int)
                let rate = Double(passed + retried) / Double(passed + retried + failed) * 100
                #expect(row[2] == String(format: "%.1f%%", rate), "night \(nights[index]) \(label): \(row)")
                #expect(row[3] == "\(retried)", "night \(nights[index]) \(label) passed on retry: \(row)")
                #expect(row[4] == "\(failed)", "night \(nights[index]) \(label) failed: \(row)")
            }
            wholeFailed += try #require(all["failed"] as? Int)
        }
        return wholeFailed
    }

    @Test("Checkout's trend: only Checkout's tests in every list, series counted from Checkout's results")
    func checkoutTrend() async throws {
        let history = try await OneVocabularyTests.sampleHistory.value
        let out = try CLIRunner.temporaryDirectory()
        let trend = try await CLIRunner.run([
            "trend", "--config", sample + "/canopy.yml", "--out", out, "--store", history + "/history.sqlite",
            "--runs", "14", "--branch", "main", "--source", sample + "/app", "--owner", Self.owner,
        ])
        #expect(trend.status == 0, "\(trend.stderr)")
        let summary = try String(contentsOfFile: out + "/trend/summary.md", encoding: .utf8)
        let page = try String(contentsOfFile: out + "/trend/index.html", encoding: .utf8)
        let slack = try String(contentsOfFile: out + "/trend/slack.json", encoding: .utf8)

        // The window's name says whose tests it holds.
        #expect(slack.contains("last 14 runs of main, tests owned by \(Self.owner)"), "\(slack.prefix(800))")
        #expect(page.contains("last 14 runs of main, tests owned by \(Self.owner)"))

        // No list names another owner's test: every test named is a Checkout test, and the
        // whole suite's failing tests (Settings', the player's) are named nowhere.
        for (name, text) in [("summary", summary), ("page", page), ("slack", slack)] {
            let named = Self.testKeys(text)
            #expect(!named.isEmpty, "\(name)")
            #expect(named.allSatisfy { $0.hasPrefix("CheckoutUITests.") }, "\(name): \(named.sorted())")
        }
        // The latest run's key figures compare with the baseline's Checkout tests (36 each night).
        #expect(
            page.contains(
                "<span class=\"kpi-label\">Tests</span><span class=\"kpi-value\">36</span>"
                    + "<span class=\"kpi-change neutral\"><small>no change</small>"))
        // Untested UI lists the screens whose code the owner owns.
        let screens = summary.split(separator: "\n").filter { $0.contains("declared identifiers never exercised") }
        #expect(!screens.isEmpty)
        #expect(screens.allSatisfy { $0.contains("<code>\(Self.owner)</code>") }, "\(screens)")
        // The Fix first list's cost totals are the owner's alone, not its co-owner QA's.
        let totalsLines = summary.split(separator: "\n").filter { $0.hasPrefix("- @") }
        #expect(totalsLines.count == 1, "\(totalsLines)")
        #expect(totalsLines.first?.hasPrefix("- @​podcastapp/checkout-ios:") == true, "\(totalsLines)")

        // The owner's series, night by night, equal a count of Checkout's own results file; the
        // whole suite's follow, equal to a count of the whole night.
        let owned = try Self.seriesRows(page, after: "<h3>Tests owned by \(Self.owner)</h3>")
        let whole = try Self.seriesRows(page, after: "<h3>The whole suite</h3>")
        // The whole suite failed on some nights, which Checkout's series do not count.
        await #expect(try handCount(owned: owned, whole: whole, nights: Array(1...14)) > 0)
        let ownSeries = summary.components(separatedBy: "**The whole suite**").first ?? ""
        #expect(!ownSeries.contains("| Failed tests: "), "Checkout's tests never failed outright: no cause")
        #expect(OneVocabularyTests.row(ownSeries, "Failed tests")?[2] == "0", "\(ownSeries)")
    }

    @Test("report --owner: a pull request's page charts Checkout's tests over main's window and its own run")
    func checkoutReport() async throws {
        let history = try await OneVocabularyTests.sampleHistory.value
        let out = try CLIRunner.temporaryDirectory()
        // The latest stored run is night 14 as pull request 7 onto main.
        let report = try await CLIRunner.run([
            "report", "--config", sample + "/canopy.yml", "--out", out, "--store", history + "/history.sqlite",
            "--source", sample + "/app", "--owner", Self.owner,
        ])
        #expect(report.status == 0, "\(report.stderr)")
        let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
        // Audit issues are of the app's elements, the whole run's (as the series' audit line):
        // the accessibility view names the test that saw each. Every other list is Checkout's.
        let audits = try #require(page.range(of: "id=\"view-accessibility\""))
        let auditsEnd = try #require(page.range(of: "</section>", range: audits.upperBound..<page.endIndex))
        let named = Self.testKeys(String(page[..<audits.lowerBound]) + page[auditsEnd.upperBound...])
        #expect(!named.isEmpty && named.allSatisfy { $0.hasPrefix("CheckoutUITests.") }, "\(named.sorted())")
        let owned = try Self.seriesRows(page, after: "<h3>Tests owned by \(Self.owner)</h3>")
        let whole = try Self.seriesRows(page, after: "<h3>The whole suite</h3>")
        // Main's nights 1 to 14, then the request's own run of night 14's results.
        await #expect(try handCount(owned: owned, whole: whole, nights: Array(1...14) + [14]) > 0)
    }
}
