import Foundation
import Testing

extension PipelineCommandTests {
    @Suite("report and trend over stored runs")
    struct History: SampleHistoryCommands {
        @Test("a trend over one run has no state changes: nothing came before it in the window")
        func trendOfOneRun() async throws {
            let out = try temporaryDirectory()
            await #expect(try ingest(out, 13).status == 0)
            let trend = try await CLIRunner.run(["trend", "--out", out, "--runs", "5"])
            #expect(trend.status == 0, "\(trend.stderr)")
            #expect(trend.stdout.contains("trend over 1 run, 0 state change(s) in 0 test(s)"), "\(trend.stdout)")
            // The trend page has no tests of its own: no empty Tests tab.
            let page = try String(contentsOfFile: out + "/trend/index.html", encoding: .utf8)
            #expect(page.contains("id=\"tab-trend\"") && !page.contains("id=\"tab-tests\""))
            // The latest run, alone in the store, is compared with no run: the page names none, and
            // its key figures say so, as report's page of that run does.
            #expect(!page.contains("Compared with"), "\(page.prefix(3000))")
            #expect(page.contains("<small>no baseline</small>"))
        }

        @Test("report judges a stored run over the window run used: windowRuns applies as windowDays does")
        func reportUsesTheRunWindow() async throws {
            let out = try temporaryDirectory()
            for number in 1...8 { await #expect(try ingest(out, number).status == 0) }
            let config = out + "/window.yml"
            try "flakiness:\n  windowRuns: 3\n".write(toFile: config, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run(["report", "--config", config, "--out", out, "--run", "night-8"])
            #expect(result.status == 0, "\(result.stderr)")
            let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
            let section = try #require(summary.range(of: "### 🔁 Flaky tests ("))
            // The section names its window, then the table: its header, its separator, its rows.
            let lines = summary[section.upperBound...].split(separator: "\n")
            #expect(lines.dropFirst().first == "Over the last 3 runs of main.", "\(summary)")
            let rows = lines.drop { !$0.hasPrefix("| score") }.dropFirst(2).prefix { $0.hasPrefix("| ") }
            #expect(!rows.isEmpty, "\(summary)")
            // | score | test | state | runs | …: no test is judged over more than the window's 3 runs.
            let runs = rows.compactMap {
                Int($0.components(separatedBy: " | ")[3].trimmingCharacters(in: .whitespaces))
            }
            #expect(runs.count == rows.count && runs.allSatisfy { $0 <= 3 }, "\(rows)")
        }

        @Test("report renders a stored run; trend renders the window")
        func reportAndTrend() async throws {
            let out = try temporaryDirectory()
            for number in 1...5 { await #expect(try ingest(out, number).status == 0) }
            let report = try await CLIRunner.run(["report", "--out", out, "--run", "night-3"])
            #expect(report.status == 0, "\(report.stderr)")
            #expect(FileManager.default.fileExists(atPath: out + "/site/index.html"))
            // A stored run with a new failure: report judges its gates again as `run` would have, as
            // of its start, so the no-new-failures gate fails.
            await #expect(try ingest(out, 13).status == 0)
            #expect(try await CLIRunner.run(["report", "--out", out, "--run", "night-13"]).status == 0)
            let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
            #expect(summary.hasPrefix("## ❌ Gate failed — "), "\(summary.prefix(200))")
            #expect(summary.contains("| no new failures | ❌ failed |"), "\(summary.prefix(1200))")
            // Compared with the run before it on its branch, as `run` compared it: night 13 broke
            // testDarkModeToggle, listed with its stored message and cause.
            #expect(summary.contains("compared with <code>c5</code>"), "\(summary.prefix(600))")
            #expect(summary.contains("| Failed | 1 | +1 🔴 worse |"), "\(summary)")
            let newSection = try #require(summary.range(of: "### ❌ New failures (1)")).upperBound
            let item = summary[newSection...].split(separator: "\n").drop { !$0.hasPrefix("- ❌ ") }.prefix(4).map(
                String.init)
            #expect(item.first == "- ❌ <code>AppUITests.SettingsTests/testDarkModeToggle</code>", "\(item)")
            #expect(
                item.count == 4 && item[1].hasPrefix("  - passes on <code>main</code> in the last ")
                    && item[2].hasPrefix("  - XCTAssertEqual") && item[3].hasPrefix("  - cause **assertion**: "),
                "its evidence, message and cause: \(item)")
            // The Tests view names a test's device once, in its key.
            let page = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
            #expect(page.contains("testApplePaySheet@iPad Air 13-inch (M2) (18.2)"))
            #expect(!page.contains("(18.2)@iPad"))
            // --baseline names another stored run; an unknown one is exit 2.
            #expect(
                try await CLIRunner.run(["report", "--out", out, "--run", "night-13", "--baseline", "night-3"]).status
                    == 0)
            let against3 = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
            #expect(against3.contains("compared with <code>c3</code>"), "\(against3.prefix(600))")
            let unknownBaseline = try await CLIRunner.run([
                "report", "--out", out, "--run", "night-13", "--baseline", "nope",
            ])
            #expect(
                unknownBaseline.status == 2 && unknownBaseline.stderr.contains("'nope'"), "\(unknownBaseline.stderr)")
            let itself = try await CLIRunner.run([
                "report", "--out", out, "--run", "night-13", "--baseline", "night-13",
            ])
            #expect(itself.status == 2 && itself.stderr.contains("names the run being reported"), "\(itself.stderr)")
            let listing = try await CLIRunner.run(["report", "--out", out, "--list", "--baseline", "night-3"])
            #expect(listing.status == 2 && listing.stderr.contains("--list"), "\(listing.stderr)")
            // The first run has no baseline.
            #expect(try await CLIRunner.run(["report", "--out", out, "--run", "night-1"]).status == 0)
            #expect(try !String(contentsOfFile: out + "/summary.md", encoding: .utf8).contains("compared with"))
            let missing = try await CLIRunner.run(["report", "--out", out, "--run", "nope"])
            #expect(missing.status == 2)
            let trend = try await CLIRunner.run(["trend", "--out", out, "--runs", "5"])
            #expect(trend.status == 0, "\(trend.stderr)")
            #expect(trend.stdout.contains("trend over 5 runs"))
            let html = try String(contentsOfFile: out + "/trend/index.html", encoding: .utf8)
            #expect(html.contains("Content-Security-Policy"))
        }

        @Test("report of a stored run draws the identifier tree and branch coverage exactly as run drew them")
        func storedTreeMatchesTheRun() async throws {
            let out = try temporaryDirectory()
            for number in [12, 13] {
                let result = try await CLIRunner.run(
                    [
                        "run", "-q", "--annotations", "none", "--out", out, "--run-key", "night-\(number)", "--commit",
                        "c\(number)",
                        "--branch", "main", "--started-at", "2026-11-\(number)T02:00:00Z", night(number),
                    ])
                #expect(result.status <= 1, "\(result.stderr)")
            }
            let reported = out + "/reported"
            let report = try await CLIRunner.run([
                "report", "--store", out + "/history.sqlite", "--out", reported, "--run", "night-13",
            ])
            #expect(report.status == 0, "\(report.stderr)")
            // From the first tree node to the end of the branch-coverage treemap.
            func tree(_ path: String) throws -> Substring {
                let page = try String(contentsOfFile: path, encoding: .utf8)
                let start = try #require(page.range(of: "class=\"node\" title=\"")).lowerBound
                let heading = try #require(page.range(of: "Coverage by branch", range: start..<page.endIndex))
                    .upperBound
                let end = try #require(page.range(of: "</section>", range: heading..<page.endIndex)).upperBound
                return page[start..<end]
            }
            let live = try tree(out + "/site/index.html")
            #expect(live.contains("title=\"Checkout.PaymentSheet\""), "an inner node")
            #expect(try tree(reported + "/site/index.html") == live)
            // The failures by identifier and the clusters too, from the stored failures.
            func section(_ path: String, from heading: String) throws -> Substring? {
                let summary = try String(contentsOfFile: path, encoding: .utf8)
                guard let start = summary.range(of: heading)?.lowerBound else { return nil }
                let end =
                    summary.range(of: "\n### ", range: summary.index(after: start)..<summary.endIndex)?.lowerBound
                    ?? summary.endIndex
                return summary[start..<end]
            }
            // Night 13's PayButton failures are of tests a retry passed: clusters list them; the
            // failures by identifier, like the tree, count the failed tests' only.
            let clusters = try section(out + "/summary.md", from: "**Clusters**")
            #expect(clusters?.contains("PayButton") == true)
            for heading in ["### 🌳 Failed tests by identifier", "**Clusters**"] {
                let own = try section(out + "/summary.md", from: heading)
                #expect(try section(reported + "/summary.md", from: heading) == own, "\(heading)")
            }
        }

        @Test(
            "the sample history's story: flaky tests, broken on night 10, fixed on 12, broken on 13, launch slower from 11"
        )
        func sampleStory() async throws {
            let out = try temporaryDirectory()
            let config = sample + "/canopy.yml"
            try await ingestNights(1...13, into: out, extra: ["--config", config])
            let result = try await CLIRunner.run(
                [
                    "run", "--config", config, "--out", out, "--run-key", "night-14", "--commit", "c14", "--branch",
                    "main",
                    "--started-at", "2026-11-14T02:00:00Z", night(14),
                ])
            // testScrubbing fails again on night 14, but history knows it is flaky: not a new failure.
            // Its xcresult names one device, and the night's trainer JUnit two more: the run spans
            // several destinations, so its key carries its device. testPlayPause's launch is 18 %
            // slower since night 11: the summary says so, but the metric gate, which counts only a
            // regression that began at this run, passes on night 14.
            #expect(result.status == 0, "\(result.stdout)")
            #expect(result.stdout.contains("✓ gate passed: no metric regressions — 0 of 1"), "\(result.stdout)")
            #expect(!result.stdout.contains("GATE FAILED: no new failures"), "\(result.stdout)")
            #expect(result.stdout.contains("note: 1 failing test(s) are known to be flaky"), "\(result.stdout)")
            let summary14 = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
            #expect(
                summary14.contains(
                    "App launch of PlayerUITests.PlayerTests/testPlayPause on iPhone 16 Pro (18.2) is 18 % slower since c11 ("
                ), "\(summary14)")
            #expect(
                summary14.contains(
                    "- ❌ <code>PlayerUITests.PlayerTests/testScrubbing</code> fails on iPhone 16 Pro (18.2), the only destination its suite ran on · "
                ),
                "\(summary14)")
            #expect(summary14.contains("  - known flaky\n  - Asynchronous wait failed"), "\(summary14)")
            // testDarkModeToggle broke on night 13 and fails again: not new, but not hidden either.
            #expect(
                summary14.contains(
                    "### Still failing (1), failing in the baseline too\n\n- ❌ <code>AppUITests.SettingsTests/testDarkModeToggle</code> · "
                ), "\(summary14)")
            #expect(summary14.contains("  - failing since c13\n  - XCTAssertEqual failed"), "\(summary14)")
            let html14 = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
            // The dashboard's trend lists the state changes `canopy trend` finds in that window.
            let trendPanel = try #require(html14.range(of: "State changes <span class=\"count\">"))
            #expect(!html14[trendPanel.upperBound...].hasPrefix("0<"), "the dashboard's trend lists no state change")
            // A test that did not fail tonight shows its last failure from history (normalised):
            // testFilterChips, fixed on night 12, last failed on night 11.
            let flakyView = try #require(html14.range(of: "id=\"view-flaky\""))
            let chips = try #require(
                html14.range(
                    of: "<code>AppUITests.SearchTests/testFilterChips</code>",
                    range: flakyView.upperBound..<html14.endIndex))
            let row =
                html14[chips.upperBound...].prefix { $0 != "\n" }.prefix(while: { _ in true }).split(separator: "</tr>")
                .first ?? ""
            #expect(row.contains("Failed to tap &quot;Search.Filter.Chip-4011&quot; Button"), "\(row)")
            // Causes that did not occur are not listed as rows of zeros.
            #expect(!summary14.contains(" | 0 | 0 |\n"), "\(summary14)")
            let still = try #require(
                html14.range(of: "<h3>Still failing, as in the baseline <span class=\"count\">1</span></h3>"))
            let stillItem =
                html14[still.upperBound...].prefix { $0 != "\n" }.components(separatedBy: "</li>").first ?? ""
            #expect(stillItem.contains("<code>AppUITests.SettingsTests/testDarkModeToggle</code>"), "\(stillItem)")
            #expect(stillItem.contains("<p class=\"f-note muted\">failing since c13</p>"), "\(stillItem)")
            let insights = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/insights.json")))
                    as? [String: Any])
            // What the gate did not count, and why, is in insights.json too.
            let excused = try #require(insights["excusedFailures"] as? [[String: Any]])
            #expect(
                excused.map { $0["test"] as? String } == [
                    "PlayerUITests.PlayerTests/testScrubbing@iPhone 16 Pro (18.2)"
                ])
            #expect(excused.first?["reason"] as? String == "known flaky")
            let flakiness = try #require(insights["flakiness"] as? [[String: Any]])
            func state(_ test: String) -> [String: Any]? {
                flakiness.first { (($0["key"] as? [String: Any])?["testKey"] as? String) == test }?["state"]
                    as? [String: Any]
            }
            #expect(state("AppUITests.FeedTests/testPullToRefresh")?["flaky"] != nil)
            #expect(state("PlayerUITests.PlayerTests/testScrubbing@iPhone 16 Pro (18.2)")?["flaky"] != nil)
            #expect(
                (state("AppUITests.SearchTests/testFilterChips")?["fixed"] as? [String: Any])?["at"] as? String == "c12"
            )
            #expect(
                (state("AppUITests.SettingsTests/testDarkModeToggle")?["newlyBroken"] as? [String: Any])?["since"]
                    as? String == "c13")
            let scores = flakiness.compactMap { $0["score"] as? Double }
            #expect(scores == scores.sorted(by: >))
            // Two checkout tests fail flakily on the PayButton's hit point on iPad: a flaky element.
            let ipad = "@iPad Air 13-inch (M2) (18.2)"
            let elements = try #require(insights["flakyElements"] as? [[String: Any]])
            #expect(elements.first?["identifier"] as? String == "Checkout.PaymentSheet.PayButton")
            #expect(
                elements.first?["tests"] as? [String] == [
                    "CheckoutUITests.CheckoutTests/testApplePaySheet" + ipad,
                    "CheckoutUITests.CheckoutTests/testApplyCoupon" + ipad,
                ])
            // Every failure of those two tests is on the PayButton: the element costs what they cost.
            let costs = try #require(insights["flakyCosts"] as? [[String: Any]])
            let testsCost = costs.filter {
                (elements.first?["tests"] as? [String])?.contains($0["test"] as? String ?? "") == true
            }
            #expect(testsCost.count == 2)
            let seconds = try #require(elements.first?["seconds"] as? Double)
            let expected = testsCost.compactMap { $0["seconds"] as? Double }.reduce(0, +)
            #expect(seconds > 0 && abs(seconds - expected) < 0.000_01, "\(seconds) vs \(expected)")
            #expect(
                elements.first?["failedRuns"] as? Int == testsCost.compactMap { $0["failedRuns"] as? Int }.reduce(0, +))
            let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
            let section = try #require(summary.range(of: "### 🎯 Flaky elements (1)")).upperBound
            #expect(summary[section...].contains("| <code>Checkout.PaymentSheet.PayButton</code> | 2 |"))
            let html = try String(contentsOfFile: out + "/site/index.html", encoding: .utf8)
            #expect(html.contains("<h2>Flaky elements <span class=\"count\">1</span></h2>"))
            // A test's key names its device once.
            #expect(summary.contains("testApplePaySheet@iPad Air 13-inch (M2) (18.2)</code>"))
            #expect(!summary.contains("(18.2)@iPad"))
            let trend = try await CLIRunner.run(["trend", "--config", config, "--out", out, "--runs", "14"])
            #expect(trend.stdout.contains("trend over 14 runs"))
            // The trend's and a stored run's flaky tests show their last failure from history too.
            let reported = try await CLIRunner.run([
                "report", "--config", config, "--out", out + "/r13", "--store", out + "/history.sqlite", "--run",
                "night-13",
            ])
            #expect(reported.status == 0, "\(reported.stderr)")
            for page in [out + "/trend/index.html", out + "/r13/site/index.html"] {
                let text = try String(contentsOfFile: page, encoding: .utf8)
                let view = try #require(text.range(of: "id=\"view-flaky\""), "\(page)")
                let chips = try #require(
                    text.range(
                        of: "<code>AppUITests.SearchTests/testFilterChips</code>",
                        range: view.upperBound..<text.endIndex), "\(page)")
                let row = text[chips.upperBound...].split(separator: "</tr>").first ?? ""
                #expect(row.contains("Failed to tap &quot;Search.Filter.Chip-4011&quot; Button"), "\(page): \(row)")
            }
        }
    }
}
