import Foundation

extension Invariants {
    /// The reader's blocks of a Markdown text that name `name`: the table row, or the list item with
    /// its indented lines.
    static func markdownBlocks(_ text: String, naming name: String) -> [String] {
        // The name's last part has no `<wbr>` in it: a cheap test before reading a block.
        let tail = String(name.split(whereSeparator: { $0 == "/" || $0 == "." }).last ?? Substring(name))
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
                if block.contains(tail) && names(plain(block), name) { blocks.append(block) }
                index = next
                continue
            }
            if line.hasPrefix("|") && line.contains(tail) && names(plain(line), name) { blocks.append(line) }
            index += 1
        }
        return blocks
    }

    /// Whether a character after a name makes it part of a longer one (a letter, digit, `@` or `#`).
    static func continuesName(_ unit: unichar) -> Bool {
        guard let scalar = Unicode.Scalar(unit) else { return false }
        return CharacterSet.alphanumerics.contains(scalar) || unit == 0x40 || unit == 0x23
    }

    /// Whether `text` names `name` whole (not as the start of a longer name).
    static func names(_ text: String, _ name: String) -> Bool {
        let ns = text as NSString
        var from = 0
        while true {
            let hit = ns.range(of: name, range: NSRange(location: from, length: ns.length - from))
            if hit.location == NSNotFound { return false }
            from = NSMaxRange(hit)
            if from >= ns.length || !continuesName(ns.character(at: from)) { return true }
        }
    }

    /// A page (without its scripts) and the ranges of its list items, table rows and cards.
    struct PageElements {
        let text: NSString
        let ranges: [NSRange]

        init(_ html: String) {
            let text = html.replacingOccurrences(of: "<wbr>", with: "") as NSString
            let token = try! NSRegularExpression(pattern: #"<(/?)(li|tr|article)\b[^>]*>"#)
            var open: [String: [Int]] = [:]
            var ranges: [NSRange] = []
            for match in token.matches(in: text as String, range: NSRange(location: 0, length: text.length)) {
                let tag = String(
                    UnicodeScalar(UInt8(truncatingIfNeeded: text.character(at: match.range(at: 2).location))))
                if match.range(at: 1).length == 0 {
                    open[tag, default: []].append(match.range.location)
                } else if let start = open[tag]?.popLast() {
                    ranges.append(NSRange(location: start, length: match.range.location + match.range.length - start))
                }
            }
            self.text = text
            self.ranges = ranges
        }

        /// The innermost element around each place the page's text (not a tag) names `name`.
        func blocks(naming name: String) -> [String] {
            var escaped = name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(
                of: "\"", with: "&quot;")
            escaped = escaped.replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            var found: [NSRange] = []
            var from = 0
            while true {
                let hit = text.range(of: escaped, range: NSRange(location: from, length: text.length - from))
                if hit.location == NSNotFound { break }
                from = hit.location + hit.length
                // In text, not in an attribute: right after a tag's end or a space.
                let previous = hit.location > 0 ? text.character(at: hit.location - 1) : 0x20
                guard previous == 0x3E || previous == 0x20 else { continue }
                // Whole: `testTap1` is not named by `testTap12`.
                let after = NSMaxRange(hit) < text.length ? text.character(at: NSMaxRange(hit)) : 0x20
                guard !Invariants.continuesName(after) else { continue }
                let around = ranges.filter { $0.location < hit.location && NSMaxRange($0) > NSMaxRange(hit) }
                if let innermost = around.min(by: { $0.length < $1.length }), !found.contains(innermost) {
                    found.append(innermost)
                }
            }
            return found.map { text.substring(with: $0) }
        }
    }

    // MARK: - quarantine

    /// A quarantined test or audit issue carries a badge with the reason and expiry wherever it
    /// appears; the page lists the active quarantine; an expired entry and an entry that matches
    /// nothing warn (the latter naming its line of canopy.yml); a quarantined new audit issue is not
    /// marked new.
    mutating func checkQuarantine() {
        if truth.unreadable { return }
        let active = scenario.quarantine.filter { $0.active && !$0.matchesNothing }
        var pageElements: [(String, PageElements)] = []
        if !active.isEmpty {
            pageElements = pages.filter { !$0.0.hasPrefix("trend") }.map { ($0.0, PageElements($0.1)) }
            if let latest = trendLatestTab { pageElements.append(("trend latest-run tab", PageElements(latest))) }
        }
        let runPageText =
            active.isEmpty ? nil : pages.first(where: { $0.0 == "run index.html" }).map { Self.plain($0.1) }
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
                if !(printed.contains("expired")
                    && (printed.contains(name) || printed.contains(config + "\(entry.line):")))
                {
                    fail(
                        "expired quarantine entries warn", ["canopy run stdout/stderr"],
                        "no warning that the entry for \(name) (line \(entry.line)) expired on \(entry.expires)")
                }
                continue
            }
            // The page lists the active quarantine.
            if let text = runPageText {
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
            for (surface, elements) in pageElements {
                blocks += elements.blocks(naming: name).map { (surface, $0) }
            }
            var reported: Set<String> = []
            for (surface, block) in blocks where !reported.contains(surface) {
                let text = Self.plain(block)
                // The badge, or a row of the quarantine's own table: its reason and expiry.
                let hasBadge = text.contains(entry.expires) && block.contains(entry.reason)
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
    /// in its summary, comment and page, and in the trend's row for it (a chart's label, "from 50.0%
    /// to 60.0%", names the measured runs' figures).
    mutating func checkNotMeasured() {
        if truth.unreadable { return }
        let number = try! NSRegularExpression(
            pattern: #"identifier coverage(?!: from)[^0-9\n]{0,12}?\d[\d.,]*\s*%"#, options: [.caseInsensitive])
        if !scenario.current.withSnapshots {
            var texts = markdown.filter { !$0.0.hasPrefix("trend") }.map { ($0.0, Self.plain($0.1)) }
            // The page: what follows each "Identifier coverage" label.
            for (name, page) in pages where !name.hasPrefix("trend") {
                let ns = page as NSString
                var from = 0
                var near = ""
                while true {
                    let hit = ns.range(
                        of: "Identifier coverage", options: .caseInsensitive,
                        range: NSRange(location: from, length: ns.length - from))
                    if hit.location == NSNotFound { break }
                    from = hit.location + hit.length
                    near +=
                        Self.plain(
                            ns.substring(
                                with: NSRange(location: hit.location, length: min(300, ns.length - hit.location))))
                        + "\n"
                }
                texts.append((name, near))
            }
            for (name, text) in texts {
                if let match = number.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let shown = (text as NSString).substring(
                        with: NSRange(
                            location: match.range.location,
                            length: min(40, (text as NSString).length - match.range.location)))
                    fail(
                        "\"not measured\" is never a number", [name],
                        "the run has no snapshots, but shows \"\(shown.replacingOccurrences(of: "\n", with: " "))\"")
                }
            }
        }
        // The trend's table of figures: a run without snapshots has no coverage figure.
        guard let text = pages.first(where: { $0.0 == "trend index.html" })?.1 else { return }
        guard let caption = text.range(of: "The same figures as a table"),
            let table = text.range(
                of: #"<table\b.*?</table>"#, options: .regularExpression, range: caption.upperBound..<text.endIndex)
        else { return }
        let html = String(text[table])
        let headers = matches(#"<th\b[^>]*>(.*?)</th>"#, in: html).map {
            HTMLSurface.tagless($0).trimmingCharacters(in: .whitespaces)
        }
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
            guard !shown.isEmpty, let run = scenario.runs.first(where: { $0.commit.hasPrefix(shown) }),
                !run.withSnapshots
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
            // With no readable test results at all, not even a pass rate (the readable part of a
            // partial run has one of its own).
            let nothingRead = scenario.current.unreadable == .only
            if head.contains("Passed")
                || (nothingRead && (head.contains("pass rate **100") || head.contains("pass rate 100")))
            {
                fail(
                    "no readable input is never Passed", [name],
                    "an input could not be read, but it leads with \"\(head.prefix(160).replacingOccurrences(of: "\n", with: " "))\""
                )
            }
        }
        if let page = outputs.read(outputs.runOut + "/site/index.html") {
            let text = HTMLSurface.stripped(page)
            if let status = text.range(of: #"role="status">.*?</div></div>"#, options: .regularExpression),
                HTMLSurface.tagless(String(text[status])).contains("Passed")
            {
                fail(
                    "no readable input is never Passed", ["run index.html"],
                    "an input could not be read, but the status says \"\(HTMLSurface.tagless(String(text[status])).prefix(120))\""
                )
            }
        }
        if let list = outputs.list, list.stdout.contains("oracle-run-\(scenario.currentIndex)\t") {
            fail("nothing is stored from an unreadable input", ["canopy report --list"], "the run was stored")
        }
    }
}
