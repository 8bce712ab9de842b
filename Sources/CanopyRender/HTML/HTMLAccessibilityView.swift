/// Audit issues by type and severity on their elements, and elements missing identifiers per screen.
enum HTMLAccessibilityView {
    /// `2 new since the baseline, 1 resolved`; nothing without a comparison with a baseline.
    static func changeLine(_ accessibility: DashboardAccessibility) -> String {
        guard let resolved = accessibility.resolved else { return "" }
        let new = accessibility.newCount
        guard new > 0 else {
            return "<p class=\"lede\">No new issues since the baseline; \(Format.count(resolved)) of its resolved.</p>"
        }
        return
            "<p class=\"lede\"><strong>\(Format.count(new)) new</strong> since the baseline (marked <span class=\"chip new\">★ new</span>, listed first); "
            + "\(Format.count(resolved)) of its resolved.</p>"
    }

    static func render(_ accessibility: DashboardAccessibility, rowLimit: Int, quarantine: [String: String] = [:])
        -> String
    {
        var out = "<h2>Accessibility</h2>"
        let issues = accessibility.issues
        var types: [String] = []
        var counts: [String: (errors: Int, warnings: Int)] = [:]
        for issue in issues {
            if counts[issue.auditType] == nil { types.append(issue.auditType) }
            var count = counts[issue.auditType] ?? (0, 0)
            if issue.severity == .error { count.errors += 1 } else { count.warnings += 1 }
            counts[issue.auditType] = count
        }
        out += "<h3>Audit issues by type <span class=\"count\">\(Format.count(issues.count))</span></h3>"
        out += changeLine(accessibility)
        if issues.isEmpty {
            out += "<p class=\"empty\"><span aria-hidden=\"true\">✓</span> No audit issues.</p>"
        } else {
            out +=
                "<table class=\"grid compact\"><thead><tr><th scope=\"col\">Audit</th><th scope=\"col\" class=\"n\">Errors</th><th scope=\"col\" class=\"n\">Warnings</th></tr></thead><tbody>"
            for type in types.prefix(rowLimit) {
                let count = counts[type] ?? (0, 0)
                out +=
                    "<tr><td>\(HTMLText.escape(type, limit: 80))</td><td class=\"n\">\(Format.count(count.errors))</td><td class=\"n\">\(Format.count(count.warnings))</td></tr>"
            }
            out += "</tbody></table>"
            out +=
                "<h3>Issues on elements</h3><table class=\"grid\"><thead><tr><th scope=\"col\">Severity</th><th scope=\"col\">Audit</th><th scope=\"col\">Element</th>"
            out +=
                "<th scope=\"col\">Screen</th><th scope=\"col\">Test</th><th scope=\"col\">Issue</th></tr></thead><tbody>"
            // New issues first (errors before warnings within each), then the rest as given.
            let ordered = issues.filter(\.isNew) + issues.filter { !$0.isNew }
            for issue in ordered.prefix(rowLimit) {
                let severity =
                    issue.severity == .error
                    ? "<span class=\"chip fail\"><span aria-hidden=\"true\">✗</span> error</span>"
                    : "<span class=\"chip warn\"><span aria-hidden=\"true\">⚠</span> warning</span>"
                var element =
                    issue.identifier.map { "<code>\(HTMLText.escape($0))</code>" }
                    ?? "<span class=\"muted\">no identifier</span>"
                if let label = issue.label { element += " “\(HTMLText.escape(label, limit: 80))”" }
                if let type = issue.elementType {
                    element += " <span class=\"muted\">\(HTMLText.escape(type, limit: 40))</span>"
                }
                let fresh =
                    (issue.isNew ? " <span class=\"chip new\"><span aria-hidden=\"true\">★</span> new</span>" : "")
                    + HTMLParts.quarantine(issue.quarantine)
                out +=
                    "<tr\(issue.isNew ? " class=\"new\"" : "")><td>\(severity)\(fresh)</td><td>\(HTMLText.escape(issue.auditType, limit: 80))</td><td>\(element)</td>"
                out +=
                    "<td>\(issue.screen.map { HTMLText.escape($0) } ?? "–")</td><td>\(issue.test.map { "<code>\(HTMLText.escape($0))</code>" + HTMLParts.quarantine(quarantine[$0]) } ?? "–")</td>"
                out += "<td class=\"msg\">\(HTMLText.escape(issue.description))</td></tr>"
            }
            out +=
                "</tbody></table>"
                + HTMLParts.more(shown: min(rowLimit, issues.count), of: issues.count, hint: "errors come first")
        }

        let screens = accessibility.missingIdentifiers
        out +=
            "<h3>Elements missing identifiers <span class=\"count\">\(Format.count(screens.reduce(0) { $0 + $1.missing.count }))</span></h3>"
        if screens.isEmpty {
            out +=
                "<p class=\"empty\"><span aria-hidden=\"true\">✓</span> Every interactive element has an identifier.</p>"
        }
        for screen in screens.prefix(rowLimit) {
            out +=
                "<details class=\"screen\"><summary><strong>\(HTMLText.escape(screen.screen))</strong> — \(Format.count(screen.missing.count)) of \(Format.count(screen.elements)) elements without identifier</summary>"
            out +=
                "<table class=\"grid compact\"><thead><tr><th scope=\"col\">Type</th><th scope=\"col\">Label</th><th scope=\"col\">Frame</th></tr></thead><tbody>"
            for element in screen.missing.prefix(25) {
                out +=
                    "<tr><td>\(HTMLText.escape(element.elementType, limit: 40))</td><td>\(element.label.map { HTMLText.escape($0) } ?? "–")</td>"
                out += "<td>\(element.frame.map { HTMLText.escape($0, limit: 60) } ?? "–")</td></tr>"
            }
            out +=
                "</tbody></table>"
                + HTMLParts.more(
                    shown: min(25, screen.missing.count), of: screen.missing.count, hint: "fix these first")
                + "</details>"
        }
        return out
    }
}
