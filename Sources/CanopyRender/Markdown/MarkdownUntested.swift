/// "Untested UI": the identifiers the app's code declares that no UI test exercised in the
/// history window, by screen (`DashboardCode.untested`).
enum MarkdownUntested {
    static func section(_ code: DashboardCode?) -> MarkdownSection {
        guard let code, !code.untested.isEmpty else { return MarkdownSection(name: "untested UI", head: "", items: []) }
        let never = code.untested.reduce(0) { $0 + $1.untested.count }
        let head =
            "### 🧭 Untested UI (\(Format.plural(never, "identifier"))\u{00A0}never exercised)\n\n"
            + "Identifiers the app's code declares that no UI test touched in the history window: not seen in any "
            + "snapshot, step or failure, and not named by any UI-test query or locator.\n\n"
        let items = code.untested.map { screen in
            var line =
                "- **" + MarkdownText.escape(screen.screen, limit: 80) + "**: "
                + "\(Format.count(screen.untested.count)) of \(Format.plural(screen.declared, "declared identifier")) never exercised"
            if !screen.owners.isEmpty { line += " (owners " + MarkdownFailures.owners(screen.owners) + ")" }
            let shown = screen.untested.prefix(6).map { MarkdownText.code($0, limit: 100) }.joined(separator: " ")
            line += ": " + shown + (screen.untested.count > 6 ? " …" : "")
            return line + "\n"
        }
        return MarkdownSection(name: "untested UI", head: head, items: items)
    }
}
