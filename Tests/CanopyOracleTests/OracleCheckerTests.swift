import Foundation
import Testing

/// The oracle's own readers and rules, on surfaces written by hand: each catches what it must.
@Suite("The oracle's checkers")
struct OracleCheckerTests {
    @Test("tags and entities leave the page's text as the regular expressions did")
    func taglessMatchesTheRegularExpressions() {
        func reference(_ html: String) -> String {
            html.replacingOccurrences(of: "<wbr>", with: "")
                .replacingOccurrences(of: #"<[^>]+>"#, with: " ", options: .regularExpression)
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
                .replacingOccurrences(of: "&amp;", with: "&")
        }
        let samples = [
            #"<li><code>App.LoginTests/<wbr>testLogin</code> — <b>2</b> &lt;x&gt; &amp;lt; &quot;q&quot; &#39;s</li>"#,
            "a <> b < c > d <unclosed", "&amp;amp; &amp;#39; &lt;wbr&gt; <a\nhref=\"x\">é✓</a>", "", "<<wbr>b>",
            "<p class=\"f-note\">Expected ≥ 3 &#39;</p>&", "🔁 <span title=\"a>b\">x</span>",
        ]
        for sample in samples { #expect(HTMLSurface.tagless(sample) == reference(sample), "\(sample)") }
    }

    @Test("a Markdown heading whose count is not its list's length is caught, with tables, lists and summaries")
    func markdownCounts() {
        let text = """
            ## ❌ Gate failed

            **3** tests: 1 passed, **1 failed**, 1 flaky, 0 skipped · pass rate **66.7%**

            ### ❌ New failures (2)

            - ❌ <code>App.LoginTests/<wbr>testLogin</code>
              - XCTAssertTrue failed

            ### 🔁 Flaky tests (1)

            | score | test | state |
            |---:|---|---|
            | 0.50 | <code>App.FeedTests/testFeed</code> | 🔁 flaky |

            <details><summary>Other failing tests (3): still failing</summary>

            - ❌ <code>A/a</code>
            - ❌ <code>A/b</code>
            - … and 1 more

            </details>
            """
        let sections = MarkdownSurface.sections(text, surface: "summary.md")
        #expect(
            sections.map(\.title) == [
                "❌ New failures (2)", "🔁 Flaky tests (1)", "Other failing tests (3): still failing",
            ])
        let wrong = sections.filter { $0.count != $0.items.count + $0.more }.map(\.title)
        #expect(wrong == ["❌ New failures (2)"])
        let headline = MarkdownSurface.headline(text)
        #expect(headline?.tests == 3 && headline?.failed == 1 && headline?.flaky == 1)
    }

    @Test("a page's counted heading, summary and card set are read; a script-drawn list is left out")
    func htmlCounts() {
        let html = HTMLSurface.stripped(
            """
            <style>h3 { color: red }</style><section id="view-overview">
            <h3>New failures <span class="count">2</span></h3><ul class="failing"><li><code>A/a</code><ul><li>nested</li></ul></li></ul>
            <h3 id="f-clusters">By cluster <span class="count">2</span></h3><article class="card">one<details><summary>Example</summary></details></article><article class="card">two</article>
            <h2>Tests <span class="count">9</span></h2><details><summary>By class <span class="count">1</span></summary><table><thead><tr><th>Class</th></tr></thead><tbody><tr><td>A</td></tr></tbody></table></details>
            <h3>Audit issues by type <span class="count">3</span></h3><table><thead><tr><th>Audit</th><th>Errors</th></tr></thead><tbody><tr><td>contrast</td><td>2</td></tr><tr><td>hitRegion</td><td>1</td></tr></tbody></table>
            </section><script>var x = "<h3>Fake <span class=\\"count\\">5</span></h3>";</script>
            """)
        let sections = HTMLSurface.sections(html, surface: "index.html")
        let read = sections.map { "\($0.title)=\($0.count)/\($0.items.count)" }
        #expect(read == ["New failures=2/1", "By cluster=2/2", "By class=1/1", "Audit issues by type=3/2"])
        #expect(Invariants.sumOfCounts(sections[3].items) == 3)
        let preview = HTMLSurface.sections(
            #"<h3>Still failing <span class="count">3</span></h3><ul><li>a</li></ul><p>Showing 1 of 3; the Tests view lists every failed test.</p>"#,
            surface: "index.html")
        #expect(preview.count == 1 && preview[0].items.count == 1 && preview[0].more == 2)
    }

    @Test("keys are found whole: a shorter key inside a longer one, or without its device, is not a hit")
    func keysAreWhole() throws {
        var scenario = Scenario(seed: 7)
        let skipped = [[AttemptResult]](repeating: [.skipped], count: scenario.runs.count)
        scenario.tests = [
            OracleTest(bundle: "B", suite: "S", name: "testOpen1", device: nil, fate: .stable, runs: skipped),
            OracleTest(bundle: "B", suite: "S", name: "testOpen12", device: nil, fate: .stable, runs: skipped),
            OracleTest(
                bundle: "B", suite: "S", name: "testPay", device: Scenario.devices[0], fate: .stable, runs: skipped),
        ]
        let invariants = Invariants(
            scenario: scenario,
            outputs: ScenarioOutputs(root: "/nonexistent", run: .init(arguments: [], status: 0, stdout: "", stderr: ""))
        )
        #expect(invariants.keys(in: "- ❌ <code>B.S/<wbr>testOpen12</code>") == ["B.S/testOpen12"])
        #expect(invariants.keys(in: "<code>B.S/testOpen1</code> and B.S/testPay") == ["B.S/testOpen1"])
        #expect(invariants.keys(in: "B.S/testPay@iPhone 16 Pro (18.2)") == ["B.S/testPay@iPhone 16 Pro (18.2)"])
    }

    @Test("an item naming a test once for the destinations it fails on names each destination's key")
    func destinationKeys() {
        let iPhone = "B.S/testPay@" + Scenario.devices[0]
        let iPad = "B.S/testPay@" + Scenario.devices[1]
        let keys = [iPhone, iPad, "B.S/testOpen"]
        #expect(
            Invariants.destinationKeys(
                keys,
                in:
                    "- ❌ <code>B.S/testPay</code> broken since c12 on \(Scenario.devices[1]) only; passes on 1 other · <code>S.swift:4</code>\n  - msg"
            )
                == [iPad])
        #expect(
            Invariants.destinationKeys(keys, in: "- ❌ <code>B.S/testPay</code> fails on both destinations") == [
                iPhone, iPad,
            ])
        #expect(
            Invariants.destinationKeys(
                keys, in: "- ❌ <code>B.S/testPay</code> fails on \(Scenario.devices[1]), \(Scenario.devices[0])")
                == [iPhone, iPad])
        // A key of one destination, or a roll-up line under an item, names no group.
        #expect(
            Invariants.destinationKeys(keys, in: "- ❌ <code>\(iPhone)</code>\n  - fails on both destinations").isEmpty)
        #expect(Invariants.destinationKeys(keys, in: "- ❌ <code>B.S/testOpen</code>").isEmpty)
    }

    @Test("the ground truth's states follow the documented rules, and leave the statistical edge open")
    func states() {
        func state(_ pattern: String) -> GroundTruth.State? {
            let runs = pattern.enumerated().map { index, letter in
                OracleRun(
                    index: index, commit: "c\(index)", branch: "main", startedAt: "", isPullRequest: false,
                    plainShape: .xcbeautify, deviceShape: .trainer, withSnapshots: false)
            }
            let attempts: [[AttemptResult]] = pattern.map { letter in
                switch letter {
                case "P": return [.passed(seconds: 1)]
                case "F": return [.failed(message: "m")]
                default: return [.failed(message: "m"), .passed(seconds: 1)]
                }
            }
            let test = OracleTest(bundle: "B", suite: "S", name: "t", device: nil, fate: .stable, runs: attempts)
            return GroundTruth.state(of: test, over: runs).0
        }
        #expect(state("PPPP") == .stable)
        #expect(state("PMPP") == .flaky)
        #expect(state("FFFF") == .stillFailing)
        #expect(state("FFPP") == .fixed)
        #expect(state("PPPF") == .unconfirmedFailure)
        #expect(state("PPFF") == .unconfirmedFailure)  // (3.84 / 5.84)^2 = 0.43: chance explains it
        #expect(state("PPPPPPPPPFFFFFF") == .newlyBroken)  // (3.84 / 12.84)^6 < 0.001
        #expect(state("PFPF") == nil)  // flips without a mixed commit: left to the statistics
    }

    @Test("the ground truth excuses a quarantined and a known-flaky failure, and counts a new one at the gate")
    func verdicts() {
        let scenario = Scenario(seed: 11)
        let truth = GroundTruth(scenario)
        for expected in truth.expected.values {
            switch expected.test.fate {
            case .brokenNow: #expect(expected.verdict == .newFailure)
            case .knownFlakyFailsAsBefore:
                #expect(expected.verdict == .excused && expected.excusedBecause == "known-flaky")
            case .stable, .renamedNew: #expect(expected.verdict == .passed && expected.state == .stable)
            case .skipped: #expect(expected.verdict == .skipped)
            default: break
            }
        }
        let gate =
            truth.expected.values.contains { $0.verdict == .newFailure } || !truth.newAuditErrors.isEmpty
            || truth.metrics.regressedHere > 0
        #expect(truth.exitCode == (truth.unreadable ? 2 : gate ? 1 : 0))
    }

    @Test("the scenarios measure a metric that changes here, earlier, or never, with a certain truth")
    func metricScenarios() {
        var kinds: [String: Int] = [:]
        for seed in UInt64(1)...200 {
            let scenario = Scenario(seed: seed)
            guard let metric = scenario.metric else { continue }
            let truth = MetricTruth(scenario)
            let kind =
                metric.changeAt == nil ? "never" : metric.changeAt == scenario.currentIndex ? "here" : "earlier"
            kinds["\(kind) \(truth.changed)", default: 0] += 1
            #expect(metric.test.runs.allSatisfy { !$0.isEmpty } && metric.test.fate == .stable)
            if let changeAt = metric.changeAt {
                #expect(metric.measurements(run: changeAt) != metric.measurements(run: changeAt - 1))
            }
        }
        // Each kind occurs among the 200 scenarios `make test` runs, and a change here is reported.
        #expect(
            (kinds["here 1"] ?? 0) >= 10 && (kinds["earlier 1"] ?? 0) >= 2 && (kinds["never 0"] ?? 0) >= 10, "\(kinds)")
    }

    @Test("a quarantined name is looked for whole, in the innermost row or item, not in an attribute")
    func quarantineBlocks() {
        #expect(!Invariants.names("| B.S/testTap12 | fixed |", "B.S/testTap1"))
        #expect(Invariants.names("| B.S/testTap1 | 🧊 quarantined until 2027-01-02: R |", "B.S/testTap1"))
        let markdown =
            "- ❌ <code>B.S/<wbr>testTap1</code>\n  - quarantined until 2027-01-02: R\n- ❌ <code>B.S/testTap12</code>\n"
        #expect(Invariants.markdownBlocks(markdown, naming: "B.S/testTap1").count == 1)
        let page = Invariants.PageElements(
            #"<ul><li title="B.S/testTap1"><code>B.S/testTap1</code><ul><li>quarantined</li></ul></li><li><code>B.S/testTap12</code></li></ul>"#
        )
        let blocks = page.blocks(naming: "B.S/testTap1")
        #expect(blocks.count == 1 && blocks[0].hasPrefix("<li title") && blocks[0].contains("quarantined"))
    }

    @Test("each surface's labelled figures are read as written; one label with two numbers is told apart")
    func labelledFigures() {
        let summary = """
            **15** tests: 8 passed, **4 failed**, 1 passed on retry, 2 skipped · pass rate **69.2%** · identifier coverage **60.0%** (+10.0 pp)

            | gate | result | detail |
            |---|---|---|
            | no new failures | ❌ failed | 2 new failing test(s), at most 0 allowed |

            ### 📊 Key figures

            | | this run | change |
            |---|---:|---:|
            | Failed | 4 | +3 🔴 worse |
            | Identifier coverage | not measured | – |

            ### 🧭 Failed tests by cause

            | cause | failed tests |
            |---|---:|
            | assertion | 3 |
            | elementNotFound | 2 |
            """
        let headline = Dictionary(uniqueKeysWithValues: Invariants.headlineFigures(summary))
        #expect(headline["tests"] == "15" && headline["failed"] == "4" && headline["passed on retry"] == "1")
        #expect(headline["pass rate"] == "69.2%" && headline["identifier coverage"] == "60.0%")
        #expect(
            Invariants.keyFigures(summary).map { "\($0.0)=\($0.1)" } == [
                "Failed=4", "Identifier coverage=not measured",
            ])
        #expect(Invariants.gateFigures(summary).map(\.1) == ["2"])
        // The causes add up to 5 failed tests where the headline says 4: the invariant's input differs.
        let totals = Invariants.tableTotals(summary)
        #expect(totals.first { $0.0 == "failed" }?.1 == "5")
        let comment = """
            <!-- canopy:comment -->
            ❌ **Gate failed** — 1 new failure in this pull request · 2 failing as on <code>main</code> · 1 known flaky · 3 new flaky tests
            <sub>4 failed and 2 passed on retry of 14 tests · pass rate 63.6% · compared with <code>main</code></sub>

            - ❌ no new failures: 1 new failing test(s), at most 0 allowed
            """
        #expect(
            Invariants.commentFigures(comment).map { "\($0.0)=\($0.1)" } == [
                "new failure=1", "new flaky tests=3", "still failing=2", "failed=4", "passed on retry=2", "tests=14",
                "pass rate=63.6%",
            ])
        #expect(Invariants.stillFailingHeader("### Still failing (2), failing in the baseline too").first?.1 == "2")
        #expect(Invariants.canonicalLabel("new failure") == "new failures")
        #expect(Invariants.sumOfGroups(["- 3 of <code>A</code>: a, b, c", "- 1 of B: d@iPhone 16 Pro (18.2)"]) == 4)
        #expect(Invariants.sumOfGroups(["- 3 of A: a, b, c", "- <code>B/d</code>"]) == nil)
        #expect(Invariants.canonicalLabel("Failed tests") == "failed")
        let trend = """
            | series | first | last | min | max | over the window |
            |---|---:|---:|---:|---:|---|
            | Failed tests | 2 | 4 | 1 | 4 | ▃▁▁█ |
            | Identifier coverage | 50.0% | not measured | 50.0% | 60.0% | ▁█ |
            """
        #expect(
            Invariants.seriesLastValues(trend).map { "\($0.0)=\($0.1)" } == [
                "Failed tests=4", "Identifier coverage=not measured",
            ])
    }
}
