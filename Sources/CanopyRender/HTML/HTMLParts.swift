/// Small pieces shared by the HTML views.
enum HTMLParts {
    /// "Showing 500 of 10,000 — …" when a list was capped, otherwise nothing.
    static func more(shown: Int, of total: Int, hint: String) -> String {
        guard total > shown else { return "" }
        return
            "<p class=\"more\">Showing \(Format.count(shown)) of \(Format.count(total)); \(HTMLText.escapeRaw(hint)).</p>"
    }

    /// Test keys as a short list with "and N more".
    static func tests(_ tests: [String], total: Int, limit: Int = 10) -> String {
        var out = "<ul class=\"tests\">"
        for test in tests.prefix(limit) { out += "<li><code>\(HTMLText.escape(test))</code></li>" }
        if total > min(limit, tests.count) {
            out += "<li class=\"more\">and \(Format.count(total - min(limit, tests.count))) more</li>"
        }
        return out + "</ul>"
    }

    /// A state chip with icon and words (colour is never the only signal).
    /// The badge of a quarantined test or issue (`quarantined until 2026-12-01: reason`); nothing
    /// when it is not quarantined.
    static func quarantine(_ text: String?) -> String {
        guard let text else { return "" }
        return " <span class=\"chip quarantine\"><span aria-hidden=\"true\">❄</span> "
            + "\(HTMLText.escape(text, limit: 200))</span>"
    }

    static func state(_ state: DashboardFlakyState, since: String?) -> String {
        let sinceText = since.map { HTMLText.escape($0, limit: 12) }
        switch state {
        case .flaky: return "<span class=\"chip flaky\"><span aria-hidden=\"true\">↻</span> flaky</span>"
        case .newlyBroken:
            return
                "<span class=\"chip fail\"><span aria-hidden=\"true\">✗</span> newly broken\(sinceText.map { " since <code>\($0)</code>" } ?? "")</span>"
        case .unconfirmedFailure:
            return
                "<span class=\"chip fail\"><span aria-hidden=\"true\">✗</span> failing, not yet confirmed\(sinceText.map { " since <code>\($0)</code>" } ?? "")</span>"
        case .fixed:
            return
                "<span class=\"chip pass\"><span aria-hidden=\"true\">✓</span> fixed\(sinceText.map { " at <code>\($0)</code>" } ?? "")</span>"
        case .stillFailing:
            return
                "<span class=\"chip fail\"><span aria-hidden=\"true\">✗</span> failing in every run\(sinceText.map { " since <code>\($0)</code>" } ?? "")</span>"
        case .stable: return "<span class=\"chip pass\"><span aria-hidden=\"true\">✓</span> stable</span>"
        }
    }
}
