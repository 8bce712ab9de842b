/// The head of the Markdown summary: status, key figures with their change, links and gates.
enum MarkdownHeadline {
    /// What precedes everything when inputs could not be read: a red (GitHub "caution") note
    /// naming each with why, and that the rest is partial. Nothing when every input was read.
    /// `status` is Canopy's own wording (`Dashboard.partialStatus`), written as it is.
    static func unreadable(_ inputs: [String], status: String) -> String {
        guard !inputs.isEmpty else { return "" }
        var out =
            "> [!CAUTION]\n> **\(Format.count(inputs.count)) input(s) could not be read** — what follows is "
            + "**\(status)**\n>\n"
        for input in inputs.prefix(20) { out += "> - \(MarkdownText.code(input, limit: 400))\n" }
        if inputs.count > 20 { out += "> - … and \(Format.count(inputs.count - 20)) more\n" }
        return out + "\n"
    }

    static func render(_ dashboard: Dashboard) -> String {
        let h = dashboard.headline
        var out =
            "## \(statusIcon(h.status)) \(h.status.title) — \(MarkdownText.escape(dashboard.title, limit: 120))\n\n"
        var line = "**\(Format.count(h.tests.value))** tests: \(Format.count(h.passed.value)) passed, "
        line += "**\(Format.count(h.failed.value)) failed**, \(Format.count(h.passedOnRetry.value)) passed on retry, "
        line += "\(Format.count(h.skipped.value)) skipped"
        if let expected = h.expectedFailures { line += ", \(Format.count(expected.value)) expected failures" }
        line += " · pass rate **\(Format.value(h.passRate, .ratio))**"
        line += " · identifier coverage **\(Format.value(h.identifierCoverage, .ratio))**"
        if let change = Format.change(h.identifierCoverage, .ratio) { line += " (\(change))" }
        out += line + "\n\n"

        var context: [String] = []
        if let branch = dashboard.links.branch { context.append("branch " + MarkdownText.code(branch, limit: 100)) }
        if let commit = dashboard.links.commit {
            let label = String(commit.prefix(12))
            context.append(
                "commit "
                    + (SafeURL.http(dashboard.links.commitURL ?? "") != nil
                        ? MarkdownText.link(label, url: dashboard.links.commitURL) : MarkdownText.code(label)))
        }
        if let build = dashboard.links.buildURL, SafeURL.http(build) != nil {
            context.append(MarkdownText.link("CI build", url: build))
        }
        if let baseline = dashboard.links.baseline {
            context.append("compared with " + MarkdownText.code(baseline, limit: 100))
        }
        if !context.isEmpty { out += context.joined(separator: " · ") + "\n\n" }
        out += noBaseline(dashboard)

        if !dashboard.gates.isEmpty {
            out += "**Gates**\n\n| gate | result | detail |\n|---|---|---|\n"
            for gate in dashboard.gates.prefix(50) {
                let result = gate.passed ? "✅ passed" : "❌ failed"
                out +=
                    "| \(MarkdownText.escape(gate.name, limit: 80)) | \(result) | \(MarkdownText.escape(gate.detail, limit: 200)) |\n"
            }
            out += "\n"
        }
        return out
    }

    /// The key figures with their change against the baseline, one table row each.
    static func figures(_ dashboard: Dashboard, changedOnly: Bool = false) -> [String] {
        var out: [String] = []
        for figure in dashboard.headline.keyFigures {
            let (label, kpi, unit, higherIsBetter) = (figure.label, figure.kpi, figure.unit, figure.higherIsBetter)
            if changedOnly && Format.change(kpi, unit) == nil { continue }
            var change = "–"
            if let text = Format.change(kpi, unit) {
                switch Format.judgement(kpi, higherIsBetter: higherIsBetter) {
                case .better: change = "\(text) 🟢 better"
                case .worse: change = "\(text) 🔴 worse"
                case .neutral: change = text
                }
            }
            out.append("| \(label) | \(Format.value(kpi, unit)) | \(change) |\n")
        }
        return out
    }

    /// The key figures as a section of the summary; `changedOnly`, those with a change (the comment).
    static func figuresSection(_ dashboard: Dashboard, changedOnly: Bool = false) -> MarkdownSection {
        MarkdownSection(
            name: "key figures", head: "### 📊 Key figures\n\n| | this run | change |\n|---|---:|---:|\n",
            items: figures(dashboard, changedOnly: changedOnly))
    }

    /// Without a baseline, a note saying so, what the "new" gates compared against, and what to
    /// do; nothing otherwise. When history could not be read, that it was not read.
    static func noBaseline(_ dashboard: Dashboard) -> String {
        guard dashboard.links.baseline == nil else { return "" }
        guard dashboard.historyRead else {
            return
                "> [!NOTE]\n> **History not read:** the store could not be read (standard error says why), so nothing "
                + "was compared: every failing test is shown as a new failure, every flaky test as new, and there are no "
                + "changes to show.\n\n"
        }
        let runs =
            dashboard.links.branch.map { "of " + MarkdownText.code($0, limit: 100) + " or of the branch it targets" }
            ?? "to compare with"
        return
            "> [!NOTE]\n> **No baseline yet:** history holds no earlier run \(runs), so nothing "
            + "was compared: every failing test counts as a new failure, every flaky test as new, and there are no changes to show. "
            + "Store the target branch's runs first (`canopy run` or `canopy ingest` on it, with a store kept between jobs), "
            + "and run pull requests with `--base-branch` naming it when the CI does not.\n\n"
    }

    static func statusIcon(_ status: DashboardStatus) -> String {
        switch status {
        case .passed: "✅"
        case .failed: "⚠️"
        case .gateFailed, .testsFailed: "❌"
        case .notJudged: "⛔"
        }
    }
}
