import CanopyModel

/// A failing test as the overview lists it: the test, where it failed and its screenshot on the
/// first line; under it why it is listed there, the message, the cause with what it means and what
/// usually fixes it, and the element it hit (its template and the identifier as written).
enum HTMLFailureItem {
    /// The first screenshot of each failing test's attempts, by test key: an image the producer
    /// tied to the failure when there is one, else the attempt's first image.
    static func screenshots(_ tests: [DashboardTestRow]) -> [String: DashboardAttachment] {
        var found: [String: DashboardAttachment] = [:]
        for test in tests where test.outcome == .failed || test.outcome == .flaky {
            let images = (test.details ?? []).flatMap { $0.attachments ?? [] }.filter(\.isImage)
            if let image = images.first(where: \.isFailureAssociated) ?? images.first { found[test.key] = image }
        }
        return found
    }

    static func render(
        _ failure: DashboardNewFailure, note: String? = nil, causes: MarkdownFailures.Causes,
        screenshot: DashboardAttachment?,
        history: DashboardTestHistory? = nil
    ) -> String {
        var out =
            "<li class=\"failure\"><div class=\"f-head\"><span class=\"f-icon\" aria-hidden=\"true\">✗</span><code>\(HTMLText.escape(failure.test))</code>"
        if let location = failure.location {
            out += "<span class=\"f-at\">\(HTMLText.link(location, url: failure.locationURL))</span>"
        }
        if let screenshot, let file = SafeURL.attachment(screenshot.file) {
            out +=
                "<a class=\"f-shot\" href=\"\(HTMLText.escapeRaw(file))\" target=\"_blank\" rel=\"noopener\">"
                + "<span aria-hidden=\"true\">📷</span> screenshot<span class=\"sr\"> of \(HTMLText.escape(failure.test))</span></a>"
        }
        out += "</div>"
        out += destinationLine(failure.destinations)
        out += historyLine(history, note: note ?? failure.note)
        if let evidence = failure.evidence, !evidence.isEmpty {
            let sentence = evidence.sentence(
                text: { HTMLText.escape($0) }, code: { "<code>\(HTMLText.escape($0))</code>" },
                link: { file, url in
                    url != nil ? HTMLText.link(file, url: url) : "<code>\(HTMLText.escape(file))</code>"
                })
            out += "<p class=\"f-evidence\">\(sentence)</p>"
        }
        if let note = note ?? failure.note { out += "<p class=\"f-note muted\">\(HTMLText.escape(note))</p>" }
        if !failure.message.isEmpty { out += "<p class=\"msg\">\(HTMLText.escape(failure.message, limit: 400))</p>" }
        out += cause(failure.category, isInfrastructure: failure.isInfrastructure, causes: causes)
        if let identifier = failure.identifier {
            out +=
                "<p class=\"f-element\"><span class=\"muted\">Element</span> <code>\(HTMLText.escape(identifier))</code>"
            if let raw = failure.rawIdentifier {
                out += " <span class=\"muted\">written</span> <code>\(HTMLText.escape(raw))</code>"
            }
            if let source = failure.identifierFoundIn {
                out +=
                    " <span class=\"muted\">(found in \(source == "steps" ? "the steps before the failure" : "its output"))</span>"
            }
            out += "</p>"
        }
        out += codeLine(identifier: failure.identifier, test: failure.test, code: causes.code)
        return out + "</li>"
    }

    /// Where the element is declared and whose the code is (`Dashboard.code`); nothing when the
    /// sources say nothing of it.
    static func codeLine(identifier: String?, test: String, code: DashboardCode?) -> String {
        guard let code else { return "" }
        var parts: [String] = []
        if let identifier, let declaration = code.declarations[identifier], let first = declaration.places.first {
            var declared =
                "<span class=\"muted\">Declared in</span> <code title=\"\(HTMLText.escape(first.file)):\(first.line)\">"
                + HTMLText.link(first.text, url: first.url) + "</code>"
            if declaration.places.count > 1 {
                let others = declaration.places.dropFirst().map { "\($0.file):\($0.line)" }.joined(separator: ", ")
                declared +=
                    " <span class=\"muted\" title=\"\(HTMLText.escape(others, limit: 600))\">+\(declaration.places.count - 1) more</span>"
            }
            parts.append(declared)
            if !declaration.owners.isEmpty {
                parts.append("<span class=\"muted\">owners</span> " + owners(declaration.owners))
            }
        }
        if let testOwners = code.testOwners[test], testOwners != code.declarations[identifier ?? ""]?.owners {
            parts.append("<span class=\"muted\">\(parts.isEmpty ? "Test" : "test") owners</span> " + owners(testOwners))
        }
        return parts.isEmpty ? "" : "<p class=\"f-code\">" + parts.joined(separator: " · ") + "</p>"
    }

    /// `By owner: @payments-ios 2 · no owner 1` above the new failures; nothing without owners.
    static func byOwner(_ code: DashboardCode?) -> String {
        guard let code, !code.newFailuresByOwner.isEmpty else { return "" }
        var parts = code.newFailuresByOwner.map {
            owners([$0.owner]) + " " + Format.plural($0.newFailures, "new failure")
        }
        if code.unownedNewFailures > 0 {
            parts.append("no owner: " + Format.plural(code.unownedNewFailures, "new failure"))
        }
        return "<p class=\"lede by-owner\"><strong>By owner:</strong> " + parts.joined(separator: " · ") + "</p>"
    }

    static func owners(_ owners: [String]) -> String {
        owners.map { "<code class=\"owner\">\(HTMLText.escape($0, limit: 80))</code>" }.joined(separator: " ")
    }

    /// A failing test known by name, why it is listed, and its message and cause when known.
    static func render(
        _ excused: DashboardExcusedFailure, causes: MarkdownFailures.Causes, screenshot: DashboardAttachment?,
        history: DashboardTestHistory? = nil
    ) -> String {
        if var failure = excused.failure {
            failure.destinations = excused.destinations
            return render(failure, note: excused.reason, causes: causes, screenshot: screenshot, history: history)
        }
        var out =
            "<li class=\"failure\"><div class=\"f-head\"><span class=\"f-icon\" aria-hidden=\"true\">✗</span><code>\(HTMLText.escape(excused.test))</code></div>"
        out += destinationLine(excused.destinations)
        out += historyLine(history, note: excused.reason)
        out += "<p class=\"f-note muted\">\(HTMLText.escape(excused.reason))</p>"
        if let message = excused.message { out += "<p class=\"msg\">\(HTMLText.escape(message, limit: 400))</p>" }
        if let category = excused.category {
            out += cause(category, isInfrastructure: causes[category]?.isInfrastructure ?? false, causes: causes)
        }
        out += codeLine(identifier: nil, test: excused.test, code: causes.code)
        return out + "</li>"
    }

    /// Where the test fails and passes across the run's destinations; nothing on a run on one.
    static func destinationLine(_ destinations: DashboardDestinationLine?) -> String {
        guard let destinations else { return "" }
        return "<p class=\"f-dest\">\(HTMLText.escape(destinations.line, limit: 600))</p>"
    }

    /// The history strip, without its "since" when `note` names the same commit already (the
    /// `failing since …` of a still-failing test); nothing without history.
    static func historyLine(_ history: DashboardTestHistory?, note: String?) -> String {
        guard let history else { return "" }
        let commit = history.since?.split(separator: " ").last.map(String.init)
        let said = commit.map { commit in note?.contains(commit) ?? false } ?? false
        return "<p class=\"f-history\">" + HTMLHistoryStrip.render(history, showSince: !said) + "</p>"
    }

    /// The cause chip, what the cause means and what usually fixes it.
    static func cause(_ category: String, isInfrastructure: Bool, causes: MarkdownFailures.Causes) -> String {
        var out = "<p class=\"f-cause\"><span class=\"chip\">\(HTMLText.escape(category, limit: 60))</span>"
        if isInfrastructure {
            out += " <span class=\"chip warn\"><span aria-hidden=\"true\">⚙</span> infrastructure</span>"
        }
        if let description = causes[category]?.description { out += " \(HTMLText.escape(description, limit: 200))" }
        if let fix = causes[category]?.fix {
            out += "<span class=\"f-fix\"><strong>Usually fixed by:</strong> \(HTMLText.escape(fix, limit: 240))</span>"
        }
        return out + "</p>"
    }

    /// A list of failing tests under a heading; nothing when there are none.
    static func list(_ heading: String, items: [String], total: Int, lede: String? = nil) -> String {
        guard total > 0 else { return "" }
        var out = "<h3>\(heading) <span class=\"count\">\(Format.count(total))</span></h3>"
        if let lede { out += "<p class=\"lede\">\(lede)</p>" }
        out += "<ul class=\"failing\">" + items.joined() + "</ul>"
        return out + HTMLParts.more(shown: items.count, of: total, hint: "the Tests view lists every failed test")
    }
}
