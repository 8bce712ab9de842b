import CanopyModel

/// The tests view: search, filters, sortable columns and pages, all drawn by the script from
/// the embedded JSON (only the visible page exists in the DOM, so 100,000 tests stay fast).
enum HTMLTestsView {
    /// The view: its heading, the classes (`byClass`, drawn with history: their flaky tests), then
    /// `controls(data)`.
    static func render(_ data: HTMLDashboardData, total: Int, classes: [DashboardClassRow] = []) -> String {
        heading(total: total) + byClass(classes) + controls(data)
    }

    static func heading(total: Int) -> String {
        "<h2>Tests <span class=\"count\">\(Format.count(total))</span></h2>"
    }

    /// The search, filters and table of the tests, drawn from the test rows alone.
    static func controls(_ data: HTMLDashboardData) -> String {
        var out = "<form class=\"controls\" role=\"search\" id=\"t-form\" aria-controls=\"t-table\">"
        out +=
            "<label>Search<input id=\"t-q\" type=\"search\" placeholder=\"Test, class or failure message\" autocomplete=\"off\" spellcheck=\"false\"></label>"
        out += select(id: "t-outcome", label: "Outcome", options: data.tests.outcomes)
        out += select(id: "t-device", label: "Device", options: data.tests.devices)
        out += select(id: "t-category", label: "Cause", options: data.tests.categories)
        out += select(id: "t-class", label: "Class", options: data.tests.classes)
        out += "</form>"
        out += "<p id=\"t-count\" class=\"muted\" aria-live=\"polite\"></p>"
        out += "<div class=\"scroll\"><table class=\"grid\" id=\"t-table\"><thead><tr>"
        let columns = [
            ("key", "Test"), ("device", "Device"), ("outcome", "Outcome"), ("attempts", "Attempts"),
            ("duration", "Duration"), ("message", "First failure or skip reason"), ("category", "Cause"),
        ]
        for (key, label) in columns {
            out +=
                "<th scope=\"col\" aria-sort=\"none\"><button type=\"button\" class=\"sort\" data-sort=\"\(key)\">\(label)<span class=\"arrow\" aria-hidden=\"true\"></span></button></th>"
        }
        out += "</tr></thead><tbody id=\"t-body\"></tbody></table></div>"
        out +=
            "<nav class=\"pager\" aria-label=\"Test pages\"><button type=\"button\" class=\"btn\" id=\"t-prev\">← Previous</button>"
        out +=
            "<span id=\"t-page\" class=\"muted\"></span><button type=\"button\" class=\"btn\" id=\"t-next\">Next →</button></nav>"
        return out
    }

    /// Classes with their counts, those with failed tests first: the suites view of the report tools.
    static let classLimit = 30

    static func byClass(_ classes: [DashboardClassRow]) -> String {
        guard classes.count > 1 else { return "" }
        var out =
            "<details class=\"classes\"><summary>By class <span class=\"count\">\(Format.count(classes.count))</span></summary>"
        out +=
            "<p class=\"muted\">Flaky: the class's tests in the Flaky tests view, by their state over the history window, whatever their outcome in this run.</p>"
        out +=
            "<div class=\"scroll\"><table class=\"grid compact\"><thead><tr><th scope=\"col\">Class</th><th scope=\"col\" class=\"n\">Tests</th>"
        out +=
            "<th scope=\"col\" class=\"n\">Failed</th><th scope=\"col\" class=\"n\">Passed on retry</th><th scope=\"col\" class=\"n\">Flaky</th><th scope=\"col\" class=\"n\">Skipped</th><th scope=\"col\" class=\"n\">Test time</th></tr></thead><tbody>"
        for row in classes.prefix(classLimit) {
            out +=
                "<tr><td><code>\(HTMLText.escape(row.className))</code></td><td class=\"n\">\(Format.count(row.tests))</td>"
            out +=
                "<td class=\"n\">\(Format.count(row.failed))</td><td class=\"n\">\(Format.count(row.passedOnRetry))</td><td class=\"n\">\(Format.count(row.flaky))</td><td class=\"n\">\(Format.count(row.skipped))</td>"
            out += "<td class=\"n\">\(Format.duration(row.duration))</td></tr>"
        }
        out += "</tbody></table></div>"
        out += HTMLParts.more(
            shown: min(classLimit, classes.count), of: classes.count, hint: "the Class filter below picks any class")
        return out + "</details>"
    }

    private static func select(id: String, label: String, options: [String]) -> String {
        var out = "<label>\(label)<select id=\"\(id)\"><option value=\"\">All</option>"
        for (index, option) in options.enumerated() {
            out += "<option value=\"\(index)\">\(HTMLText.escape(option, limit: 80))</option>"
        }
        return out + "</select></label>"
    }
}
