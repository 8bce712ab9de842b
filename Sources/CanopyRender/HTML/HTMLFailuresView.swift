/// Failures grouped by cluster (by the tests they hit), and the failed tests by cause and by
/// identifier.
enum HTMLFailuresView {
    static func render(_ dashboard: Dashboard, rowLimit: Int) -> String {
        var out = "<h2>Failures</h2>"
        out +=
            "<nav class=\"subnav\" aria-label=\"Failure groupings\"><a href=\"#f-clusters\">By cluster</a><a href=\"#f-causes\">By cause</a><a href=\"#f-identifiers\">By identifier</a></nav>"
        out +=
            "<h3 id=\"f-clusters\">By cluster <span class=\"count\">\(Format.count(dashboard.clusters.count))</span></h3>"
        if dashboard.clusters.isEmpty { out += "<p class=\"empty\">No failures.</p>" }
        for cluster in dashboard.clusters.prefix(rowLimit) {
            out +=
                "<article class=\"card\"><header><span class=\"big\">\(Format.plural(cluster.testCount, "test"))</span>"
            out += "<span class=\"chip\">\(HTMLText.escape(cluster.category, limit: 60))</span>"
            if cluster.isInfrastructure {
                out += "<span class=\"chip warn\"><span aria-hidden=\"true\">⚙</span> infrastructure</span>"
            }
            if let identifier = cluster.identifier { out += "<code>\(HTMLText.escape(identifier))</code>" }
            out += "<span class=\"muted\">cluster \(HTMLText.escape(cluster.id, limit: 16))</span></header>"
            out += "<p class=\"msg\">\(HTMLText.escape(cluster.normalizedMessage, limit: 500))</p>"
            out += "<details><summary>Example and \(Format.plural(cluster.testCount, "test")) hit</summary>"
            out +=
                "<pre>\(HTMLText.block(cluster.example, limit: 2000))</pre>\(HTMLParts.tests(cluster.tests, total: cluster.testCount, quarantine: dashboard.quarantinedTests))</details></article>"
        }
        out += HTMLParts.more(
            shown: min(rowLimit, dashboard.clusters.count), of: dashboard.clusters.count,
            hint: "smaller clusters are left out")

        out += "<h3 id=\"f-causes\">Failed tests by cause</h3>"
        let causes = dashboard.categories.filter { $0.failedTests > 0 }
        if !causes.isEmpty {
            out +=
                "<p class=\"lede\">Each failed test once, under the cause of its last attempt's first failure: the causes add up to the failed tests.</p>"
            out +=
                "<table class=\"grid\"><thead><tr><th scope=\"col\">Cause</th><th scope=\"col\" class=\"n\">Failed tests</th><th scope=\"col\">Tests</th></tr></thead><tbody>"
            for group in causes.prefix(rowLimit) {
                let infra =
                    group.isInfrastructure
                    ? " <span class=\"chip warn\"><span aria-hidden=\"true\">⚙</span> infrastructure</span>" : ""
                out += "<tr><td><span class=\"chip\">\(HTMLText.escape(group.category, limit: 60))</span>\(infra)</td>"
                out += "<td class=\"n\">\(Format.count(group.failedTests))</td>"
                out +=
                    "<td>\(HTMLParts.tests(group.tests, total: group.failedTests, limit: 3, quarantine: dashboard.quarantinedTests))</td></tr>"
            }
            out += "</tbody></table>"
        } else {
            out += "<p class=\"empty\">No failed tests.</p>"
        }

        out +=
            "<h3 id=\"f-identifiers\">Failed tests by identifier <span class=\"count\">\(Format.count(dashboard.failuresByIdentifier.count))</span></h3>"
        if !dashboard.failuresByIdentifier.isEmpty {
            out +=
                "<table class=\"grid\"><thead><tr><th scope=\"col\">Identifier</th><th scope=\"col\" class=\"n\">Failed tests</th><th scope=\"col\">Causes</th><th scope=\"col\">Tests</th></tr></thead><tbody>"
            for group in dashboard.failuresByIdentifier.prefix(rowLimit) {
                out +=
                    "<tr><td><code>\(HTMLText.escape(group.identifier))</code></td><td class=\"n\">\(Format.count(group.failedTests))</td>"
                out +=
                    "<td>\(group.categories.prefix(4).map { "<span class=\"chip\">\(HTMLText.escape($0, limit: 60))</span>" }.joined(separator: " "))</td>"
                out +=
                    "<td>\(HTMLParts.tests(group.tests, total: group.failedTests, limit: 3, quarantine: dashboard.quarantinedTests))</td></tr>"
            }
            out += "</tbody></table>"
            out += HTMLParts.more(
                shown: min(rowLimit, dashboard.failuresByIdentifier.count), of: dashboard.failuresByIdentifier.count,
                hint: "the identifier tree shows every branch")
        } else {
            out += "<p class=\"empty\">No failed test's failure could be tied to an identifier.</p>"
        }
        return out
    }
}
