import Foundation

extension Invariants {
    /// The reader's blocks of a Markdown text that name `name`: the table row, or the list item with
    /// its indented lines.
    static func markdownBlocks(_ text: String, naming name: String) -> [String] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("- ") {
                var block = line
                var next = index + 1
                while next < lines.count && lines[next].hasPrefix("  ") {
                    block += "\n" + lines[next]
                    next += 1
                }
                if plain(block).contains(name) { blocks.append(block) }
                index = next
                continue
            }
            if line.hasPrefix("|") && plain(line).contains(name) { blocks.append(line) }
            index += 1
        }
        return blocks
    }

    /// The innermost list item, table row or card of a page around each place it names `name`.
    static func htmlBlocks(_ html: String, naming name: String) -> [String] {
        let text = HTMLSurface.stripped(html).replacingOccurrences(of: "<wbr>", with: "")
        var escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "\"", with: "&quot;")
        escaped = escaped.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
        var blocks: [String] = []
        var search = text.startIndex..<text.endIndex
        while let hit = text.range(of: escaped, range: search) {
            search = hit.upperBound..<text.endIndex
            // Not inside a tag (an attribute, an option's value).
            let before = text[text.startIndex..<hit.lowerBound]
            if let open = before.lastIndex(of: "<"), let close = before.lastIndex(of: ">"), open > close { continue }
            var best: Range<String.Index>?
            for tag in ["li", "tr", "article"] {
                let starts = ["<\(tag)>", "<\(tag) "].compactMap {
                    text.range(of: $0, options: .backwards, range: text.startIndex..<hit.lowerBound)
                }
                guard let start = starts.max(by: { $0.lowerBound < $1.lowerBound }),
                    let end = text.range(of: "</\(tag)>", range: hit.upperBound..<text.endIndex)
                else { continue }
                // The element must still be open at the name: no closing tag between.
                if text.range(of: "</\(tag)>", range: start.upperBound..<hit.lowerBound) != nil { continue }
                let candidate = start.lowerBound..<end.upperBound
                if best == nil || candidate.lowerBound > best!.lowerBound { best = candidate }
            }
            if let best, text.distance(from: best.lowerBound, to: best.upperBound) < 20_000 {
                blocks.append(String(text[best]))
            }
        }
        return blocks
    }

    // MARK: - quarantine

    /// A quarantined test or audit issue carries a badge with the reason and expiry wherever it
    /// appears; the page lists the active quarantine; an expired entry and an entry that matches
    /// nothing warn (the latter naming its line of canopy.yml); a quarantined new audit issue is not
    /// marked new.
    mutating func checkQuarantine() {
        if truth.unreadable { return }
        let printed = outputs.run.stdout + outputs.run.stderr
        let config = "canopy.yml:"
        for entry in scenario.quarantine {
            let name = entry.test ?? entry.identifier ?? ""
            if entry.matchesNothing {
                if printed.range(of: "canopy\\.yml:\(entry.line)\\b", options: .regularExpression) == nil {
                    fail(
                        "quarantine entries that match nothing warn", ["canopy run stdout/stderr"],
                        "no warning naming canopy.yml:\(entry.line) for the entry '\(name)', which matches nothing")
                }
                continue
            }
            if !entry.active {
                if !(printed.contains("expired") && (printed.contains(name) || printed.contains(config + "\(entry.line):"))) {
                    fail(
                        "expired quarantine entries warn", ["canopy run stdout/stderr"],
                        "no warning that the entry for \(name) (line \(entry.line)) expired on \(entry.expires)")
                }
                continue
            }
            // The page lists the active quarantine.
            if let page = outputs.read(outputs.runOut + "/site/index.html") {
                let text = Self.plain(HTMLSurface.stripped(page))
                if !(text.contains(entry.reason) && text.contains(name)) {
                    fail(
                        "quarantine is shown wherever the quarantined test is", ["run index.html"],
                        "the active quarantine of \(name) (\(entry.reason), until \(entry.expires)) is not listed")
                }
            }
            // Wherever it appears, with its badge.
            if entry.test != nil && truth.expected[name] == nil { continue }
            var blocks: [(String, String)] = []
            for (surface, text) in markdown where !surface.hasPrefix("trend") {
                blocks += Self.markdownBlocks(text, naming: name).map { (surface, $0) }
            }
            for (surface, text) in pages where !surface.hasPrefix("trend") {
                blocks += Self.htmlBlocks(text, naming: name).map { (surface, $0) }
            }
            if let latest = trendLatestTab {
                blocks += Self.htmlBlocks(latest, naming: name).map { ("trend latest-run tab", $0) }
            }
            var reported: Set<String> = []
            for (surface, block) in blocks where !reported.contains(surface) {
                let text = Self.plain(block)
                let lower = text.lowercased()
                let hasBadge = lower.contains("quarantin") && text.contains(entry.expires) && block.contains(entry.reason)
                if !hasBadge {
                    reported.insert(surface)
                    fail(
                        "quarantine is shown wherever the quarantined test is", [surface],
                        "\(name) appears without its quarantine (\(entry.reason), until \(entry.expires)): \"\(text.replacingOccurrences(of: "\n", with: " ").prefix(160))\""
                    )
                }
                if entry.identifier != nil && (text.contains("🆕") || text.contains("★")) {
                    reported.insert(surface)
                    fail(
                        "a quarantined audit issue is not new", [surface],
                        "\(name) (\(entry.auditType ?? "")) is quarantined but marked new: \"\(text.prefix(160))\"")
                }
            }
        }
    }

    // MARK: - not measured

    /// A run without element-tree snapshots has identifier coverage "not measured", never a number:
    /// in its summary, comment and page, and in the trend's row for it.
    mutating func checkNotMeasured() {
        if truth.unreadable { return }
        let number = try! NSRegularExpression(pattern: #"identifier coverage[^0-9\n]{0,12}?\d[\d.,]*\s*%"#, options: [.caseInsensitive])
        if !scenario.current.withSnapshots {
            var texts = markdown.filter { !$0.0.hasPrefix("trend") }.map { ($0.0, Self.plain($0.1)) }
            texts += pages.filter { !$0.0.hasPrefix("trend") }.map { ($0.0, Self.plain(HTMLSurface.stripped($0.1))) }
            for (name, text) in texts {
                if let match = number.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let shown = (text as NSString).substring(with: NSRange(location: match.range.location, length: min(40, (text as NSString).length - match.range.location)))
                    fail(
                        "\"not measured\" is never a number", [name],
                        "the run has no snapshots, but shows \"\(shown.replacingOccurrences(of: "\n", with: " "))\"")
                }
            }
        }
        // The trend's table of figures: a run without snapshots has no coverage figure.
        guard let page = outputs.read(outputs.trendOut + "/trend/index.html") else { return }
        let text = HTMLSurface.stripped(page)
        guard let caption = text.range(of: "The same figures as a table"),
            let table = text.range(of: #"<table\b.*?</table>"#, options: .regularExpression, range: caption.upperBound..<text.endIndex)
        else { return }
        let html = String(text[table])
        let headers = matches(#"<th\b[^>]*>(.*?)</th>"#, in: html).map { HTMLSurface.tagless($0).trimmingCharacters(in: .whitespaces) }
        guard let coverage = headers.firstIndex(where: { $0.lowercased().contains("coverage") }),
            let commit = headers.firstIndex(where: { $0.lowercased().contains("commit") })
        else { return }
        let dataColumns = headers.count
        for row in matches(#"<tr\b[^>]*>(.*?)</tr>"#, in: html) where row.contains("<td") {
            let cells = matches(#"<t[dh]\b[^>]*>(.*?)</t[dh]>"#, in: row).map {
                HTMLSurface.tagless($0).trimmingCharacters(in: .whitespaces)
            }
            guard cells.count == dataColumns else { continue }
            let shown = cells[commit]
            guard !shown.isEmpty, let run = scenario.runs.first(where: { $0.commit.hasPrefix(shown) }), !run.withSnapshots
            else { continue }
            if cells[coverage].contains("%") || cells[coverage].first?.isNumber == true {
                fail(
                    "\"not measured\" is never a number", ["trend index.html figures table"],
                    "run \(run.index) (\(shown)) has no snapshots, but its coverage is \(cells[coverage])")
            }
        }
    }

    func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
        let ns = text as NSString
        return regex.matches(in: text, range: NSRange(location: 0, length: ns.length)).map {
            ns.substring(with: $0.range(at: 1))
        }
    }

    // MARK: - unreadable input

    /// An input that cannot be read is exit 2 (checked with the gates), nothing is stored, and no
    /// surface says "Passed".
    mutating func checkUnreadable() {
        guard truth.unreadable else { return }
        for (name, path) in [("run summary.md", "/summary.md"), ("run comment.md", "/comment.md")] {
            guard let text = outputs.read(outputs.runOut + path) else {
                fail("no readable input is never Passed", [name], "not written for a run with an unreadable input")
                continue
            }
            let head = text.components(separatedBy: "\n###").first ?? text
            if head.contains("Passed") || head.contains("pass rate **100") || head.contains("pass rate 100") {
                fail(
                    "no readable input is never Passed", [name],
                    "an input could not be read, but it leads with \"\(head.prefix(160).replacingOccurrences(of: "\n", with: " "))\"")
            }
        }
        if let page = outputs.read(outputs.runOut + "/site/index.html") {
            let text = HTMLSurface.stripped(page)
            if let status = text.range(of: #"role="status">.*?</div></div>"#, options: .regularExpression),
                HTMLSurface.tagless(String(text[status])).contains("Passed")
            {
                fail(
                    "no readable input is never Passed", ["run index.html"],
                    "an input could not be read, but the status says \"\(HTMLSurface.tagless(String(text[status])).prefix(120))\"")
            }
        }
        if let list = outputs.list, list.stdout.contains("oracle-run-\(scenario.currentIndex)\t") {
            fail("nothing is stored from an unreadable input", ["canopy report --list"], "the run was stored")
        }
    }
}
