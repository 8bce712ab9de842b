/// A trend's Fix first list (`DashboardTrend.fixFirst`): the flaky tests ranked by cost, with
/// their owners, and the cost per owner.
enum HTMLFixFirstView {
    static func render(_ trend: DashboardTrend?, rowLimit: Int) -> String {
        guard let trend, !trend.fixFirst.isEmpty else { return "" }
        var out = "<h2>\(FixFirstWords.heading) <span class=\"count\">\(Format.count(trend.fixFirst.count))</span></h2>"
        out += "<p class=\"lede\">\(HTMLText.escape(FixFirstWords.lede, limit: 1_000))</p>"
        out +=
            "<table class=\"grid fix-first\"><thead><tr><th scope=\"col\" class=\"n\">#</th><th scope=\"col\">Test</th>"
        out += "<th scope=\"col\">Owners</th><th scope=\"col\">Cost</th></tr></thead><tbody>"
        for (rank, row) in trend.fixFirst.prefix(rowLimit).enumerated() {
            out += "<tr><td class=\"n\">\(rank + 1)</td><td><code>\(HTMLText.escape(row.test))</code>"
            if row.quarantined { out += HTMLParts.quarantine(FixFirstWords.quarantined) }
            out += "</td><td>\(HTMLText.escape(FixFirstWords.owners(row.owners)))</td>"
            out += "<td>\(HTMLText.escape(FixFirstWords.cost(row.cost)))</td></tr>"
        }
        out += "</tbody></table>"
        if !trend.ownerCosts.isEmpty {
            out += "<ul class=\"owner-costs\">"
            for total in trend.ownerCosts { out += "<li>\(HTMLText.escape(FixFirstWords.ownerTotal(total)))</li>" }
            out += "</ul>"
        }
        return out
    }
}
