import CanopyModel

/// A test's history strip: one mark per result on the branch, oldest first (colour, a shape and
/// hover text for commit and date: colour is never the only signal), then since when it fails or
/// is flaky and a link to the flaky view.
enum HTMLHistoryStrip {
    /// The mark of each outcome, also the letter the Tests view's embedded data uses.
    static func letter(_ outcome: TestOutcome) -> String {
        switch outcome {
        case .passed: "p"
        case .failed: "f"
        case .flaky: "k"
        case .skipped: "s"
        case .expectedFailure: "x"
        }
    }

    static func hover(_ result: DashboardTestHistory.Result) -> String {
        "\(result.outcome.label) · \(result.commit.map { String($0.prefix(12)) } ?? "no commit") · \(Format.day(result.date))"
    }

    /// The strip; nothing when there is no history. `flakyLink` adds the link into the flaky view.
    /// `showSince: false` leaves "failing since …" out where the row says it already.
    static func render(_ history: DashboardTestHistory?, flakyLink: Bool = true, showSince: Bool = true) -> String {
        guard let history, !history.results.isEmpty else { return "" }
        let counts = TestOutcome.allCases.compactMap { outcome -> String? in
            let count = history.results.filter { $0.outcome == outcome }.count
            return count == 0 ? nil : "\(count) \(outcome.label)"
        }
        let label =
            "Last \(Format.plural(history.results.count, "result")) on \(history.source), oldest first: \(counts.joined(separator: ", "))"
        var out =
            "<span class=\"history\"><span class=\"strip\" role=\"img\" aria-label=\"\(HTMLText.escapeRaw(label))\">"
        for result in history.results {
            out += "<span class=\"hs \(letter(result.outcome))\" title=\"\(HTMLText.escape(hover(result)))\"></span>"
        }
        out += "</span>"
        if showSince, let since = history.since { out += " <span class=\"since\">\(HTMLText.escape(since))</span>" }
        return out + (flakyLink ? " <a class=\"to-flaky\" href=\"#flaky\">flaky view</a>" : "") + "</span>"
    }

    /// The strips for the Tests view's script: `runs`, each run's commit and day once; `on`, where
    /// the results come from (every strip of a page draws on the same runs); by test key (as the
    /// Tests view's rows carry it, `HTMLDashboardData.key`), `o` one letter per result, `r` the
    /// index of each result's run in `runs`, `s` since when. Text from the inputs is shown as the
    /// page's text shows it (`DisplayText`).
    struct Data: Encodable {
        struct Entry: Encodable {
            var o: String
            var r: [Int]
            var s: String?
        }
        var runs: [String] = []
        var on = "this branch"
        var tests: [String: Entry] = [:]

        init(_ history: [String: DashboardTestHistory]) {
            if let source = history.values.first?.source { on = DisplayText.line(source, limit: 200) }
            var index: [DashboardTestHistory.Result: Int] = [:]
            for (key, entry) in history {
                var letters = ""
                var runs: [Int] = []
                for result in entry.results {
                    var run = result
                    run.outcome = .passed
                    if index[run] == nil {
                        index[run] = self.runs.count
                        self.runs.append(
                            DisplayText.line(
                                "\(run.commit.map { String($0.prefix(12)) } ?? "no commit") · \(Format.day(run.date))"))
                    }
                    letters += letter(result.outcome)
                    runs.append(index[run] ?? 0)
                }
                tests[HTMLDashboardData.key(key)] = Entry(
                    o: letters, r: runs, s: entry.since.map { DisplayText.line($0, limit: 300) })
            }
        }
    }
}
