/// A new failure's evidence of cause in words, for every surface that shows it (the summary, the
/// comment, the page): `passes on main in the last 12 runs (since ea2d9284) · this pull request
/// changes Login.swift, which declares Login.Submit`. `code` marks up a name, `link` a file with
/// its URL when known, each in the surface's own markup; the rest is plain text for it to escape
/// (`text`).
extension DashboardFailureEvidence {
    /// The changed files named at most.
    static let changesShown = 3

    package func sentence(
        text: (String) -> String, code: (String) -> String, link: (String, String?) -> String
    ) -> String {
        var parts: [String] = []
        if let passing {
            var part = text("passes")
            if let branch = passing.branch { part += text(" on ") + code(branch) }
            part += text(passing.runs == 1 ? " in the last run" : " in the last \(Format.count(passing.runs)) runs")
            if let since = passing.since { part += text(" (since ") + code(String(since.prefix(8))) + text(")") }
            parts.append(part)
        }
        let shown = changes.prefix(Self.changesShown).map { change in
            let file = link(change.file, change.url)
            switch change.kind {
            case .declares(let identifier): return file + text(", which declares ") + code(identifier)
            case .test: return text("this test (") + file + text(")")
            }
        }
        if !shown.isEmpty {
            var part = text(ofRequest ? "this pull request changes " : "the change touches ")
            part += shown.joined(separator: text(" and "))
            if changes.count > Self.changesShown { part += text(" (+\(changes.count - Self.changesShown) more)") }
            parts.append(part)
        }
        return parts.joined(separator: text(" · "))
    }
}
