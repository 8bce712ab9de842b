import Foundation

/// The comment's ready-to-paste quarantine lines: for each new flaky test, and each new failure of
/// a test history calls flaky, the exact `canopy quarantine add …` line with its evidence as the
/// reason, the entry lasting 30 days from the run.
enum MarkdownQuarantineHints {
    /// How long a suggested entry lasts.
    static let days = 30

    static func section(_ dashboard: Dashboard) -> MarkdownSection {
        let flaky = Dictionary(
            dashboard.flakyTests.map { ($0.test, $0) }, uniquingKeysWith: { first, _ in first })
        let newFailures = Set(dashboard.newFailures.map(\.test))
        let candidates = dashboard.flakyTests.filter {
            ($0.isNew || (newFailures.contains($0.test) && $0.state == .flaky)) && $0.quarantine == nil
        }
        guard !candidates.isEmpty else { return MarkdownSection(name: "quarantine lines", head: "", items: []) }
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        let until = day.string(from: dashboard.generatedAt.addingTimeInterval(Double(days) * 86_400))
        let items = candidates.map { test in
            let evidence = evidence(flaky[test.test] ?? test, window: dashboard.historyWindow)
            let command =
                "canopy quarantine add " + shellQuoted(test.test) + " --reason " + shellQuoted("flaky: " + evidence)
                + " --until " + until
            let fence = String(repeating: "`", count: max(3, longestBacktickRun(command) + 1))
            return "- " + MarkdownText.code(test.test, limit: 160) + " — " + MarkdownText.escape(evidence, limit: 160)
                + "\n\n  " + fence + "sh\n  " + command + "\n  " + fence + "\n"
        }
        return MarkdownSection(name: "quarantine lines", head: "", items: items)
    }

    /// `failed in 3 of the last 13 runs of main + this run`, or the target branch's count.
    static func evidence(_ test: DashboardFlakyTest, window: DashboardHistoryWindow?) -> String {
        if let target = test.onTargetBranch { return target.text }
        if let window { return window.failedIn(test.evidence.failedRuns, of: test.evidence.runs) }
        return "failed in \(Format.count(test.evidence.failedRuns)) of " + Format.plural(test.evidence.runs, "run")
    }

    /// `text` as one shell word in single quotes, on one line.
    static func shellQuoted(_ text: String) -> String {
        // One line, without the bidirectional controls that would show it otherwise than it runs.
        let line = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0 == "\r" || $0 == "\n"
                        ? " "
                        : (0x202A...0x202E).contains($0.value)
                            || (0x2066...0x2069).contains($0.value) ? "\u{FFFD}" : $0
                }))
        return "'" + line.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    private static func longestBacktickRun(_ text: String) -> Int {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }
}
