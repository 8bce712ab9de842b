import Foundation

/// A broken invariant: which, on which surfaces, and what disagrees.
struct Violation: CustomStringConvertible {
    var invariant: String
    var surfaces: [String]
    var detail: String

    var description: String { "[\(invariant)] \(surfaces.joined(separator: " vs ")): \(detail)" }
}

/// The invariants over everything Canopy wrote for one scenario (docs/identity-and-verdicts.md,
/// "What the oracle checks").
struct Invariants {
    let scenario: Scenario
    let truth: GroundTruth
    let outputs: ScenarioOutputs
    var violations: [Violation] = []

    /// The Markdown files, by surface name.
    let markdown: [(String, String)]
    /// The pages without styles and scripts, by surface name.
    let pages: [(String, String)]
    /// The trend page's latest-run tab (`view-overview`).
    let trendLatestTab: String?
    /// The lists of the surfaces that show the current run.
    let currentRunSurfaces: [SurfaceLists]
    /// The lists of the trend's page (all tabs) and summary.
    let trendSurfaces: [SurfaceLists]

    init(scenario: Scenario, outputs: ScenarioOutputs) {
        self.scenario = scenario
        self.truth = GroundTruth(scenario)
        self.outputs = outputs
        var markdown: [(String, String)] = []
        for (name, path) in [
            ("run summary.md", outputs.runOut + "/summary.md"), ("run comment.md", outputs.runOut + "/comment.md"),
            ("report summary.md", outputs.reportOut + "/summary.md"),
            ("trend summary.md", outputs.trendOut + "/trend/summary.md"),
        ] {
            if let text = outputs.read(path) { markdown.append((name, text)) }
        }
        var pages: [(String, String)] = []
        for (name, path) in [
            ("run index.html", outputs.runOut + "/site/index.html"),
            ("report index.html", outputs.reportOut + "/site/index.html"),
            ("trend index.html", outputs.trendOut + "/trend/index.html"),
        ] {
            if let text = outputs.read(path) { pages.append((name, HTMLSurface.stripped(text))) }
        }
        var latest: String?
        if let text = pages.first(where: { $0.0 == "trend index.html" })?.1,
            let open = text.range(of: #"id="view-overview""#),
            let close = text.range(of: "</section>", range: open.upperBound..<text.endIndex)
        {
            latest = String(text[open.lowerBound..<close.upperBound])
        }
        var surfaces: [SurfaceLists] = []
        for (name, text) in markdown where !name.hasPrefix("trend") {
            surfaces.append(SurfaceLists(name: name, sections: MarkdownSurface.sections(text, surface: name)))
        }
        for (name, text) in pages where !name.hasPrefix("trend") {
            surfaces.append(SurfaceLists(name: name, sections: HTMLSurface.sections(text, surface: name)))
        }
        if let latest {
            surfaces.append(
                SurfaceLists(
                    name: "trend latest-run tab",
                    sections: HTMLSurface.sections(latest, surface: "trend latest-run tab")))
        }
        var trend: [SurfaceLists] = []
        for (name, text) in pages where name.hasPrefix("trend") {
            trend.append(SurfaceLists(name: name, sections: HTMLSurface.sections(text, surface: name)))
        }
        for (name, text) in markdown where name.hasPrefix("trend") {
            trend.append(SurfaceLists(name: name, sections: MarkdownSurface.sections(text, surface: name)))
        }
        // Each entry's keys, found once for every check.
        let keys = self.truth.allKeys
        func named(_ surfaces: [SurfaceLists]) -> [SurfaceLists] {
            surfaces.map { surface in
                var surface = surface
                for index in surface.sections.indices {
                    surface.sections[index].keys = surface.sections[index].items.map { item in
                        let across = Self.destinationKeys(keys, in: item)
                        return across.isEmpty ? Self.keys(keys, in: item) : across
                    }
                    surface.sections[index].grouped = surface.sections[index].keys.enumerated().reduce(0) {
                        let item = surface.sections[index].items[$1.offset]
                        return $0 + (Self.destinationKeys(keys, in: item).isEmpty ? 0 : $1.element.count - 1)
                    }
                }
                return surface
            }
        }
        surfaces = named(surfaces)
        trend = named(trend)
        self.trendSurfaces = trend
        self.markdown = markdown
        self.pages = pages
        self.trendLatestTab = latest
        self.currentRunSurfaces = surfaces
    }

    mutating func fail(_ invariant: String, _ surfaces: [String], _ detail: String) {
        violations.append(Violation(invariant: invariant, surfaces: surfaces, detail: detail))
    }

    mutating func checkAll() {
        let checks: [(String, (inout Invariants) -> Void)] = [
            ("exit code", { $0.checkExitCode() }), ("header counts", { $0.checkHeaderCounts() }),
            ("headline", { $0.checkHeadline() }), ("verdicts", { $0.checkTestVerdicts() }),
            ("failing lists", { $0.checkFailingLists() }), ("messages", { $0.checkMessages() }),
            ("flaky lists", { $0.checkFlakyLists() }), ("since", { $0.checkPullRequestSince() }),
            ("quarantine", { $0.checkQuarantine() }), ("not measured", { $0.checkNotMeasured() }),
            ("unreadable", { $0.checkUnreadable() }), ("labels", { $0.checkSameLabelSameNumber() }),
            ("metrics", { $0.checkMetrics() }),
        ]
        let profile = ProcessInfo.processInfo.environment["CANOPY_ORACLE_PROFILE"] != nil
        for (name, check) in checks {
            let started = Date()
            check(&self)
            if profile {
                print("oracle profile: \(name) \(String(format: "%.3f", Date().timeIntervalSince(started))) s")
            }
        }
    }

    // MARK: - exit code

    /// The exit code follows the gates (docs/gates.md) and the exit codes (docs/commands.md).
    mutating func checkExitCode() {
        for (index, ingest) in outputs.ingests.enumerated() where ingest.status != 0 {
            fail(
                "history is stored", ["ingest stdout/stderr"],
                "ingest of run \(index) exited \(ingest.status): \(ingest.stderr.prefix(400))")
        }
        if outputs.run.status != truth.exitCode {
            fail(
                "exit code follows the gates", ["exit code"],
                "canopy run exited \(outputs.run.status), expected \(truth.exitCode) (new failures: \(truth.keys(.newFailure).sorted()), new audit errors: \(truth.newAuditErrors.map(\.identifier))); stderr: \(outputs.run.stderr.suffix(600))"
            )
        }
        for (name, result) in [("report", outputs.report), ("trend", outputs.trend)] {
            if let result, result.status != 0 {
                fail(
                    "readers read", ["\(name) exit code"],
                    "canopy \(name) exited \(result.status): \(result.stderr.suffix(400))")
            }
        }
    }

    // MARK: - header counts

    /// Every header count equals the length of the list it heads.
    mutating func checkHeaderCounts() {
        // The trend's latest-run tab is within its page: its sections are read once, with the page's.
        let surfaces = currentRunSurfaces.filter { $0.name != "trend latest-run tab" } + trendSurfaces
        let sections = surfaces.flatMap(\.sections)
        for section in sections where section.count != section.items.count + section.grouped + section.more {
            // A table of counts by kind ("Audit issues by type 3": contrast 2, hitRegion 1) heads
            // the sum of its counts.
            if section.count == Self.sumOfCounts(section.items) { continue }
            // A list of tests grouped by class ("3 of FeedTests: testA, testB, testC") heads the
            // tests its groups hold.
            if section.more == 0, section.count == Self.sumOfGroups(section.items) { continue }
            fail(
                "header count equals its list", [section.surface],
                "\"\(section.title.prefix(80))\" says \(section.count), lists \(section.items.count)\(section.more > 0 ? " and \(section.more) more" : "")"
            )
        }
    }

    // MARK: - headline

    /// The headline "N tests: a passed, b failed, c passed on retry, d skipped" adds up, equals report.json's
    /// totals and the scenario's.
    mutating func checkHeadline() {
        if truth.unreadable { return }
        let report = JSONSurface.object(outputs.read(outputs.runOut + "/report.json"))
        let totals = (report?["summary"] as? [String: Any])?["totals"] as? [String: Any]
        let expected = truth.totals
        if let totals {
            let stated = ["tests", "passed", "failed", "passedOnRetry", "skipped"].map { totals[$0] as? Int ?? -1 }
            let truthValues = [expected.tests, expected.passed, expected.failed, expected.flaky, expected.skipped]
            if stated != truthValues {
                fail(
                    "each test's verdict equals the ground truth", ["report.json summary.totals"],
                    "tests/passed/failed/passedOnRetry/skipped \(stated), expected \(truthValues)")
            }
        } else {
            fail("report.json is written", ["report.json"], "no summary.totals in \(outputs.runOut)/report.json")
        }
        for (name, text) in markdown where name.hasPrefix("run summary") || name.hasPrefix("report summary") {
            guard let headline = MarkdownSurface.headline(text) else {
                fail(
                    "headline adds up", [name],
                    "no \"N tests: a passed, b failed, c passed on retry, d skipped\" headline")
                continue
            }
            let sum = headline.passed + headline.failed + headline.flaky + headline.skipped + headline.expectedFailures
            if sum != headline.tests {
                fail("headline adds up", [name], "\(headline) adds up to \(sum)")
            }
            let stated = [headline.tests, headline.passed, headline.failed, headline.flaky, headline.skipped]
            let truthValues = [expected.tests, expected.passed, expected.failed, expected.flaky, expected.skipped]
            if stated != truthValues {
                fail(
                    "headline equals the tests", [name, "ground truth"], "headline \(stated), expected \(truthValues)")
            }
        }
    }

    /// The sum of the whole numbers in the cells of some table rows (`| contrast | 2 | 0 |`).
    /// The sum of the items' leading `N of` when every item has one.
    static func sumOfGroups(_ items: [String]) -> Int? {
        var sum = 0
        for item in items {
            let words = item.trimmingCharacters(in: .whitespaces).drop { $0 == "-" || $0 == " " }
                .split(separator: " ", maxSplits: 2)
            guard words.count == 3, words[1] == "of", let count = Int(words[0]) else { return nil }
            sum += count
        }
        return items.isEmpty ? nil : sum
    }

    static func sumOfCounts(_ rows: [String]) -> Int? {
        var sum = 0
        var any = false
        for row in rows {
            for cell in row.split(whereSeparator: { $0 == "|" || $0 == " " || $0 == "\n" }) {
                if let value = Int(cell) {
                    sum += value
                    any = true
                }
            }
        }
        return any ? sum : nil
    }
}
