import CanopyModel

/// The Slack Block Kit message (`slack.json`) of a run (`run`) or of a trend window (`trend`),
/// drawn from the same `Dashboard` as the summary: the headline's status words and emoji, the key
/// figures, the new failures with their cause and element, the top flaky tests and a link to the
/// dashboard. Long lists are cut to what a channel reads and what Slack accepts (`SlackMessage`),
/// each cut said as `… and N more`.
package enum SlackRenderer {
    /// New failures shown, one section each.
    package static let newFailuresShown = 10
    /// Flaky tests shown.
    package static let flakyShown = 5
    /// State changes of a trend shown.
    package static let changesShown = 10
    /// Metric changes shown.
    package static let metricsShown = 3

    /// The message of a run: its verdict, figures, new failures, flaky tests and dashboard link.
    package static func run(_ dashboard: Dashboard) -> SlackMessage {
        let h = dashboard.headline
        var head = [SlackBlock.header(verdict(dashboard) + " — " + dashboard.title)]
        if !dashboard.unreadableInputs.isEmpty {
            head.append(
                .section(
                    head:
                        "*\(Format.plural(dashboard.unreadableInputs.count, "input")) could not be read* — what follows is *"
                        + SlackMrkdwn.escape(dashboard.partialStatus, limit: 200) + "*",
                    lines: dashboard.unreadableInputs.map { "• " + SlackMrkdwn.code($0, limit: 400) }, shown: 5,
                    more: { "… and \(Format.count($0)) more" }))
        }
        head.append(.section(figures(h)))
        head.append(.context(context(dashboard, saysWhenUncompared: true)))
        let failedGates = dashboard.gates.filter { !$0.passed }
        if !failedGates.isEmpty {
            head.append(
                .section(
                    head:
                        "*Gates failed (\(Format.count(failedGates.count)) of \(Format.count(dashboard.gates.count)))*",
                    lines: failedGates.map {
                        "❌ *" + SlackMrkdwn.escape($0.name, limit: 80) + "*: "
                            + SlackMrkdwn.escape($0.detail, limit: 300)
                    }, shown: 10, more: { "… and \(Format.count($0)) more" }))
        }
        if let missing = dashboard.missingTests {
            head.append(
                .section(
                    head: "*⚠️ Tests that did not run (\(Format.count(missing.count)))*: "
                        + SlackMrkdwn.escape(missing.cause, limit: 400),
                    lines: missing.suites.map {
                        "• \(Format.count($0.count)) of " + SlackMrkdwn.code($0.name, limit: 200)
                    },
                    shown: 5, more: { "… and \(Format.count($0)) more suites" }))
        }
        if let metrics = metrics(dashboard.metricChanges) { head.append(metrics) }
        var tail: [SlackBlock] = []
        if let also = alsoFailing(dashboard) { tail.append(also) }
        if let flaky = flaky(dashboard.flakyTests, window: dashboard.historyWindow) { tail.append(flaky) }
        if let link = link(dashboard.links) { tail.append(link) }
        return message(
            text: fallback(dashboard), head: head, failures: dashboard.newFailures, causes: causes(dashboard),
            links: dashboard.links, tail: tail)
    }

    /// The message of a trend window: its span and series first → last, the latest run's verdict
    /// and new failures, the tests that changed state, the top flaky tests and the dashboard link.
    package static func trend(_ dashboard: Dashboard) -> SlackMessage {
        let title = "📈 Trend — " + dashboard.title
        guard let trend = dashboard.trend, let first = trend.points.first, let last = trend.points.last else {
            return SlackMessage(
                text: SlackMrkdwn.escape(title, limit: 300) + ": no runs in the window",
                blocks: [.header(title), .section("No runs in the window.")])
        }
        var head = [SlackBlock.header(title)]
        var figures =
            "*\(Format.plural(trend.points.count, "run"))*, " + SlackMrkdwn.escape(trend.window, limit: 100) + ": "
            + "\(Format.day(first.date)) → \(Format.day(last.date))\n"
        figures += "pass rate \(Format.percent(first.passRate)) → *\(Format.percent(last.passRate))*"
        figures += " · failed \(Format.count(first.failed)) → *\(Format.count(last.failed))*"
        figures += " · passed on retry \(Format.count(first.passedOnRetry)) → *\(Format.count(last.passedOnRetry))*"
        if trend.owner != nil, let whole = trend.wholeSuite.first, let wholeLast = trend.wholeSuite.last {
            figures += "\n" + DashboardWords.wholeSuiteSeries.lowercased() + ": pass rate "
            figures += "\(Format.percent(whole.passRate)) → \(Format.percent(wholeLast.passRate))"
            figures += " · failed \(Format.count(whole.failed)) → \(Format.count(wholeLast.failed))"
        }
        head.append(.section(figures))
        head.append(
            .context(
                ["latest run: " + SlackMrkdwn.escape(verdict(dashboard), limit: 120)]
                    + context(dashboard, saysWhenUncompared: false)))
        if !trend.changes.isEmpty {
            head.append(
                .section(
                    head: "*↕️ State changes (\(Format.count(trend.changes.count)))*",
                    lines: trend.changes.map { change in
                        "• \(Format.day(change.date)) " + SlackMrkdwn.code(change.test, limit: 200) + " "
                            + MarkdownSections.state(change.from, since: nil) + " → "
                            + MarkdownSections.state(change.to, since: nil) + " at "
                            + SlackMrkdwn.code(String(change.commit.prefix(12)), limit: 14)
                    }, shown: changesShown, more: { "… and \(Format.count($0)) more" }))
        }
        if let metrics = metrics(dashboard.metricChanges) { head.append(metrics) }
        var tail: [SlackBlock] = []
        if let fixFirst = fixFirst(trend) { tail.append(fixFirst) }
        if let flaky = flaky(dashboard.flakyTests, window: dashboard.historyWindow) { tail.append(flaky) }
        if let link = link(dashboard.links) { tail.append(link) }
        var text = SlackMrkdwn.escape(title, limit: 300) + ": \(Format.plural(trend.points.count, "run")), pass rate "
        text += "\(Format.percent(first.passRate)) → \(Format.percent(last.passRate)), "
        text += "\(Format.plural(trend.changes.count, "state change")); latest run: "
        text += SlackMrkdwn.escape(verdict(dashboard), limit: 120)
        return message(
            text: text, head: head, failures: dashboard.newFailures, causes: causes(dashboard),
            links: dashboard.links, tail: tail)
    }

    // MARK: - The parts

    /// The headline's emoji and status words, as the summary's headline shows them.
    static func verdict(_ dashboard: Dashboard) -> String {
        MarkdownHeadline.statusIcon(dashboard.headline.status) + " " + dashboard.headline.status.title
    }

    /// `head`, the new failures (a heading, one section each while blocks remain, then how many
    /// more), then `tail`: at most `SlackMessage.blockLimit` blocks.
    private static func message(
        text: String, head: [SlackBlock], failures: [DashboardNewFailure], causes: [String: DashboardCategoryGroup],
        links: DashboardLinks, tail: [SlackBlock]
    ) -> SlackMessage {
        var blocks = head
        if !failures.isEmpty {
            blocks.append(.divider)
            blocks.append(.section("*❌ New failures (\(Format.count(failures.count)))*"))
            // Room for the failures after the head, the tail and the `… and N more` line.
            let room = max(0, SlackMessage.blockLimit - blocks.count - tail.count - 1)
            let shown = min(failures.count, newFailuresShown, room)
            for failure in failures.prefix(shown) {
                blocks.append(.section(item(failure, causes: causes, links: links)))
            }
            if failures.count > shown {
                blocks.append(
                    .context(["… and \(Format.count(failures.count - shown)) more new failures: see the dashboard"]))
            }
        }
        if !tail.isEmpty { blocks.append(.divider) }
        blocks += tail
        if blocks.count > SlackMessage.blockLimit { blocks = Array(blocks.prefix(SlackMessage.blockLimit)) }
        return SlackMessage(text: SlackMrkdwn.cut(text, to: SlackMessage.textLimit), blocks: blocks)
    }

    /// The run's XCTMetric changes across history, the summary's performance lines: regressions
    /// first, as `MetricChange.sentence` words each; nil when none changed.
    static func metrics(_ changes: [MetricChange]) -> SlackBlock? {
        guard !changes.isEmpty else { return nil }
        return .section(
            head: "*⏱ Performance: " + MetricChange.countWords(changes) + "*",
            lines: changes.map { MarkdownMetrics.mark($0) + " " + SlackMrkdwn.escape($0.sentence, limit: 400) },
            shown: metricsShown, more: { "… and \(Format.count($0)) more" })
    }

    /// `*298* tests: 294 passed, *2 failed*, …`: the summary headline's figures.
    private static func figures(_ h: DashboardHeadline) -> String {
        var line = "*\(Format.count(h.tests.value))* tests: \(Format.count(h.passed.value)) passed, "
        line += "*\(Format.count(h.failed.value)) failed*, \(Format.count(h.passedOnRetry.value)) passed on retry, "
        line += "\(Format.count(h.skipped.value)) skipped"
        if let expected = h.expectedFailures { line += ", \(Format.count(expected.value)) expected failures" }
        line += " · pass rate *\(Format.value(h.passRate, .ratio))*"
        if let change = Format.change(h.passRate, .ratio) { line += " (\(change))" }
        line += " · identifier coverage *\(Format.value(h.identifierCoverage, .ratio))*"
        if let change = Format.change(h.identifierCoverage, .ratio) { line += " (\(change))" }
        return line
    }

    /// Branch, commit, CI build and baseline, as the summary's context line names them; a run's
    /// message (`saysWhenUncompared`) says, as its summary does, when it had no baseline or its
    /// history was not read, so its context is never empty.
    private static func context(_ dashboard: Dashboard, saysWhenUncompared: Bool) -> [String] {
        let links = dashboard.links
        var out: [String] = []
        if let branch = links.branch { out.append("branch " + SlackMrkdwn.code(branch, limit: 100)) }
        if let commit = links.commit {
            let label = String(commit.prefix(12))
            out.append(
                "commit "
                    + (links.commitURL.flatMap(SafeURL.http) != nil
                        ? SlackMrkdwn.link(label, url: links.commitURL) : SlackMrkdwn.code(label, limit: 14)))
        }
        if let build = links.buildURL.flatMap(SafeURL.http) { out.append(SlackMrkdwn.link("CI build", url: build)) }
        if let baseline = links.baseline {
            out.append("compared with " + SlackMrkdwn.code(baseline, limit: 100))
        } else if saysWhenUncompared {
            out.append(
                dashboard.historyRead
                    ? "no baseline yet: every failing test counts as new"
                    : "history not read: every failing test is shown as new")
        }
        return out
    }

    /// The causes of a dashboard by name, for their explanation.
    private static func causes(_ dashboard: Dashboard) -> [String: DashboardCategoryGroup] {
        Dictionary(dashboard.categories.map { ($0.category, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// One new failure: the test and its location, the message, the cause with what it means, the
    /// element it hit.
    private static func item(
        _ failure: DashboardNewFailure, causes: [String: DashboardCategoryGroup], links: DashboardLinks
    ) -> String {
        var out = "❌ " + SlackMrkdwn.code(failure.test, limit: 200)
        if let location = failure.location {
            out +=
                " · "
                + (failure.locationURL.flatMap(SafeURL.http) != nil
                    ? SlackMrkdwn.link(location, url: failure.locationURL) : SlackMrkdwn.code(location, limit: 120))
        }
        if let shots = failure.screenshots {
            let url = links.screenshots(of: failure.test)
            out += " · " + (url != nil ? SlackMrkdwn.link("📷 \(shots)", url: url) : "📷 \(shots)")
        }
        if let note = failure.note { out += "\n" + SlackMrkdwn.escape(note, limit: 200) }
        if !failure.message.isEmpty { out += "\n" + SlackMrkdwn.escape(failure.message, limit: 1_000) }
        var cause = "cause *" + SlackMrkdwn.escape(failure.category, limit: 60) + "*"
        if failure.isInfrastructure { cause += " (infrastructure 🏗️)" }
        if let description = causes[failure.category]?.description {
            cause += ": " + SlackMrkdwn.escape(description, limit: 300)
        }
        out += "\n" + cause
        if let identifier = failure.identifier {
            out += " · element " + SlackMrkdwn.code(identifier, limit: 160)
            if let raw = failure.rawIdentifier { out += " (written " + SlackMrkdwn.code(raw, limit: 160) + ")" }
        }
        return SlackMrkdwn.cut(out, to: SlackBlock.sectionTextLimit)
    }

    /// The failing tests that are not new (failing in the baseline too, or excused as known flaky
    /// or quarantined), each with why; nil when there are none.
    private static func alsoFailing(_ dashboard: Dashboard) -> SlackBlock? {
        let failing = dashboard.stillFailing + dashboard.excusedFailures
        guard !failing.isEmpty else { return nil }
        var parts: [String] = []
        if !dashboard.stillFailing.isEmpty {
            parts.append("\(Format.count(dashboard.stillFailing.count)) still failing from the baseline")
        }
        if !dashboard.excusedFailures.isEmpty {
            parts.append("\(Format.count(dashboard.excusedFailures.count)) not counted as new")
        }
        return .section(
            head: "*Also failing (\(Format.count(failing.count)))*: " + parts.joined(separator: ", "),
            lines: failing.map {
                "• " + SlackMrkdwn.code($0.test, limit: 200) + " — " + SlackMrkdwn.escape($0.reason, limit: 200)
            }, shown: 5, more: { "… and \(Format.count($0)) more" })
    }

    /// The top flaky tests with their score and evidence over `window`; nil when there are none.
    private static func flaky(_ tests: [DashboardFlakyTest], window: DashboardHistoryWindow?) -> SlackBlock? {
        guard !tests.isEmpty else { return nil }
        return .section(
            head: "*🔁 Flaky tests (\(Format.count(tests.count)))*",
            lines: tests.map { test in
                var line = "• " + SlackMrkdwn.code(test.test, limit: 200) + " score \(Format.score(test.score))"
                line +=
                    " · "
                    + (window.map {
                        SlackMrkdwn.escape($0.failedIn(test.evidence.failedRuns, of: test.evidence.runs), limit: 300)
                    }
                        ?? "failed \(Format.count(test.evidence.failedRuns)) of \(Format.plural(test.evidence.runs, "run"))")
                if test.evidence.retries > 0 { line += ", passed on retry in \(Format.count(test.evidence.retries))" }
                if test.isNew { line += " · 🆕 new" }
                if test.quarantine != nil { line += " · 🧊 quarantined" }
                return line
            }, shown: flakyShown, more: { "… and \(Format.count($0)) more in the dashboard" })
    }

    /// The dashboard's page when its URL is known, else the CI build that holds it; nil when neither.
    private static func link(_ links: DashboardLinks) -> SlackBlock? {
        if let page = links.dashboardURL { return .section("📊 " + SlackMrkdwn.link("Open the dashboard", url: page)) }
        if let build = links.buildURL.flatMap(SafeURL.http) {
            return .section(
                "📊 The dashboard is `site/index.html` in the " + SlackMrkdwn.link("CI build", url: build)
                    + "'s artifacts")
        }
        return nil
    }

    /// The notification text: the verdict, the title and the counts.
    private static func fallback(_ dashboard: Dashboard) -> String {
        let h = dashboard.headline
        var text = SlackMrkdwn.escape(verdict(dashboard) + " — " + dashboard.title, limit: 300) + ": "
        text += "\(Format.plural(h.tests.value, "test")), \(Format.count(h.failed.value)) failed, "
        text += Format.plural(dashboard.newFailures.count, "new failure")
        return text
    }
}

extension SlackRenderer {
    /// The Fix first list's top tests with their owners and cost; nil when no test is flaky.
    static func fixFirst(_ trend: DashboardTrend) -> SlackBlock? {
        guard !trend.fixFirst.isEmpty else { return nil }
        return .section(
            head: "*🛠 \(FixFirstWords.heading) (\(Format.count(trend.fixFirst.count)))*",
            lines: trend.fixFirst.map { row in
                "• " + SlackMrkdwn.code(row.test, limit: 200) + " "
                    + SlackMrkdwn.escape(FixFirstWords.owners(row.owners), limit: 200)
                    + " · " + SlackMrkdwn.escape(FixFirstWords.cost(row.cost), limit: 200)
                    + (row.quarantined ? " · 🧊 \(FixFirstWords.quarantined)" : "")
            }, shown: flakyShown, more: { "… and \(Format.count($0)) more in the dashboard" })
    }
}
