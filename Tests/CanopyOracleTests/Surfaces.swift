import Foundation

/// A section a reader sees with a count in its title, and the entries listed under it.
struct CountedSection {
    var surface: String
    var title: String
    /// The number the title states (`(3)`, `(3 of 12)`, `<span class="count">3</span>`).
    var count: Int
    /// The entries under it: list items or table rows, each with its text.
    var items: [String]
    /// Entries the section says it left out (`… and 4 more`).
    var more: Int
    /// The entries as written (HTML with its attributes, Markdown as is).
    var raw: [String] = []
    /// The scenario's test keys each entry names, filled in once by the invariants.
    var keys: [Set<String>] = []
    /// Entries beyond one that the section's items stand for: an item naming a test once for
    /// the destinations it fails on (docs/identity-and-verdicts.md) is one entry per destination.
    var grouped = 0
}

/// Reads the Markdown Canopy writes (summary.md, comment.md, the trend's summary.md).
enum MarkdownSurface {
    private static let count = try! NSRegularExpression(pattern: #"\((\d+)(?: of \d+)?\)"#)
    private static let more = try! NSRegularExpression(pattern: #"(?:and|\+)\s*(\d+)\s+more"#)

    /// Every `### Title (N)` heading and `<summary>Title (N)…</summary>` with the list or table
    /// that follows it, up to the next heading or the end of its `<details>`.
    static func sections(_ text: String, surface: String) -> [CountedSection] {
        let lines = text.components(separatedBy: "\n")
        var sections: [CountedSection] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            var title: String?
            var endsAtDetails = false
            if line.hasPrefix("#") {
                title = line.drop(while: { $0 == "#" }).trimmingCharacters(in: .whitespaces)
            } else if let open = line.range(of: "<summary>"), let close = line.range(of: "</summary>") {
                title = String(line[open.upperBound..<close.lowerBound])
                endsAtDetails = true
            }
            index += 1
            guard let title, let n = firstCount(title) else { continue }
            var items: [String] = []
            var extra = 0
            var kind: String?  // "|" for a table, "-" for a list, "end" after a table
            var tableRow = 0
            var scan = index
            while scan < lines.count {
                let body = lines[scan]
                if body.hasPrefix("#") || body.contains("<summary>") || body.hasPrefix("<sub>") { break }
                if endsAtDetails && body.contains("</details>") { break }
                if body.hasPrefix("|") && kind != "-" {
                    kind = "|"
                    tableRow += 1
                    // Row 1 is the header, row 2 the separator.
                    if tableRow > 2 { items.append(body) }
                } else if body.hasPrefix("- ") && kind != "|" {
                    kind = "-"
                    items.append(body)
                } else if body.hasPrefix("  ") && kind == "-" && !items.isEmpty {
                    items[items.count - 1] += "\n" + body
                } else if !body.hasPrefix("|") && !body.hasPrefix("- "), let more = moreCount(body) {
                    extra += more
                } else if kind == "|" && body.trimmingCharacters(in: .whitespaces).isEmpty && tableRow > 0 {
                    // A table ends at a blank line; a second structure under the same heading is another list.
                    kind = "end"
                }
                scan += 1
            }
            sections.append(
                CountedSection(surface: surface, title: title, count: n, items: items, more: extra, raw: items))
        }
        return sections
    }

    static func firstCount(_ title: String) -> Int? {
        let range = NSRange(title.startIndex..., in: title)
        guard let match = count.firstMatch(in: title, range: range),
            let number = Range(match.range(at: 1), in: title)
        else { return nil }
        return Int(title[number])
    }

    private static let showing = try! NSRegularExpression(pattern: #"[Ss]howing (\d+) of (\d+)"#)

    /// How many entries a note says were left out: `… and 4 more`, `+4 more`, `Showing 10 of 14`.
    static func moreCount(_ line: String) -> Int? {
        let range = NSRange(line.startIndex..., in: line)
        if let match = showing.firstMatch(in: line, range: range),
            let shown = Range(match.range(at: 1), in: line).flatMap({ Int(line[$0]) }),
            let total = Range(match.range(at: 2), in: line).flatMap({ Int(line[$0]) })
        {
            return max(0, total - shown)
        }
        guard let match = more.firstMatch(in: line, range: range), let number = Range(match.range(at: 1), in: line)
        else { return nil }
        return Int(line[number])
    }

    /// The headline's figures: `**N** tests: a passed, **b failed**, c passed on retry (or flaky), d skipped`,
    /// then `, e expected failures` when the run has some (0 otherwise).
    static func headline(_ text: String) -> (
        tests: Int, passed: Int, failed: Int, flaky: Int, skipped: Int, expectedFailures: Int
    )? {
        let plain = text.replacingOccurrences(of: "**", with: "")
        let pattern = try! NSRegularExpression(
            pattern:
                #"(\d+) tests?: (\d+) passed, (\d+) failed, (\d+) (?:flaky|passed on retry), (\d+) skipped(?:, (\d+) expected failures?)?"#
        )
        guard let match = pattern.firstMatch(in: plain, range: NSRange(plain.startIndex..., in: plain)) else {
            return nil
        }
        let numbers = (1...6).map { Range(match.range(at: $0), in: plain).map { Int(plain[$0])! } ?? 0 }
        return (numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }
}

/// Reads the HTML pages Canopy writes (the dashboard and the trend).
enum HTMLSurface {
    private static let opening = try! NSRegularExpression(pattern: #"<(h[1-4]|summary)\b[^>]*>|</section>"#)
    private static let badge = try! NSRegularExpression(pattern: #"<span class="count">(\d+)</span>"#)

    /// Every heading (`<h2>`…`<h4>`, or a `<summary>`) with a `count` badge, with the entries of the
    /// first list, table or set of cards after it, before the next heading, counted summary or panel
    /// end; a heading whose entries the page's script draws (no list follows) is left out. `html` is
    /// a page without its scripts (`stripped`).
    static func sections(_ html: String, surface: String) -> [CountedSection] {
        let ns = html as NSString
        // (whole heading, its end) for headings, counted summaries and panel ends; an uncounted
        // summary (a card's "Example and 2 tests hit") lies inside its section.
        var boundaries: [(heading: String, start: Int, end: Int)] = []
        for match in opening.matches(in: html, range: NSRange(location: 0, length: ns.length)) {
            if match.numberOfRanges < 2 || match.range(at: 1).location == NSNotFound {
                boundaries.append(("", match.range.location, match.range.location + match.range.length))
                continue
            }
            let tag = ns.substring(with: match.range(at: 1))
            let after = match.range.location + match.range.length
            let close = ns.range(of: "</\(tag)>", range: NSRange(location: after, length: ns.length - after))
            guard close.location != NSNotFound else { continue }
            let whole = ns.substring(
                with: NSRange(
                    location: match.range.location, length: close.location + close.length - match.range.location))
            if tag == "summary" && !whole.contains(#"class="count""#) { continue }
            boundaries.append((whole, match.range.location, close.location + close.length))
        }
        var sections: [CountedSection] = []
        for (position, boundary) in boundaries.enumerated() {
            let whole = boundary.heading as NSString
            guard let count = badge.firstMatch(in: boundary.heading, range: NSRange(location: 0, length: whole.length))
            else { continue }
            let number = Int(whole.substring(with: count.range(at: 1))) ?? -1
            let title = tagless(whole.replacingCharacters(in: count.range, with: ""))
            let end = position + 1 < boundaries.count ? boundaries[position + 1].start : ns.length
            let body = ns.substring(with: NSRange(location: boundary.end, length: max(0, end - boundary.end)))
            guard let (items, raw, rest) = entries(body) else { continue }
            var more = MarkdownSurface.moreCount(tagless(rest)) ?? 0
            // A preview that links to the whole list ("All flaky tests and their evidence →").
            if more == 0, items.count < number,
                rest.range(of: #"<a [^>]*>All [^<]*→</a>"#, options: .regularExpression) != nil
            {
                more = number - items.count
            }
            sections.append(
                CountedSection(
                    surface: surface, title: title.trimmingCharacters(in: .whitespacesAndNewlines), count: number,
                    items: items, more: more, raw: raw))
        }
        return sections
    }

    /// The page without its styles and scripts (the embedded data is read apart).
    static func stripped(_ html: String) -> String {
        var text = html.replacingOccurrences(of: #"(?s)<style[^>]*>.*?</style>"#, with: "", options: .regularExpression)
        text = text.replacingOccurrences(of: #"(?s)<script[^>]*>.*?</script>"#, with: "", options: .regularExpression)
        return text
    }

    /// The text of some HTML; a tag reads as a space (`<code>key</code><span>file</span>` is two words).
    static func tagless(_ html: String) -> String {
        // `<wbr>` goes; then one pass over the bytes makes any other tag (`<` to the next `>`,
        // something between) a space, and one decodes the five entities the page writes.
        let bytes = Array(html.replacingOccurrences(of: "<wbr>", with: "").utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), let close = bytes[(index + 1)...].firstIndex(of: UInt8(ascii: ">")),
                close > index + 1
            {
                text.append(UInt8(ascii: " "))
                index = close + 1
            } else {
                text.append(bytes[index])
                index += 1
            }
        }
        let entities: [(String, UInt8)] = [
            ("&lt;", UInt8(ascii: "<")), ("&gt;", UInt8(ascii: ">")), ("&quot;", UInt8(ascii: "\"")),
            ("&#39;", UInt8(ascii: "'")), ("&amp;", UInt8(ascii: "&")),
        ]
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count)
        index = 0
        next: while index < text.count {
            if text[index] == UInt8(ascii: "&") {
                for (entity, character) in entities where text[index...].starts(with: entity.utf8) {
                    decoded.append(character)
                    index += entity.utf8.count
                    continue next
                }
            }
            decoded.append(text[index])
            index += 1
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The top-level `<li>`s of the first list, the body rows of the first table, or the cards
    /// (`<article>`) in `body`, and what follows them.
    static func entries(_ body: String) -> (items: [String], raw: [String], rest: String)? {
        guard let first = body.range(of: #"<(ul|ol|table|article)\b"#, options: .regularExpression) else { return nil }
        let tag = String(body[first].dropFirst())
        if tag == "article" {
            let cards = body[first.lowerBound...].components(separatedBy: "<article").dropFirst()
            let raw = cards.map { "<article" + ($0.components(separatedBy: "</article>").first ?? "") }
            let rest = body.range(of: "</article>", options: .backwards).map { String(body[$0.upperBound...]) } ?? ""
            return (raw.map(tagless), raw, rest)
        }
        let isTable = tag == "table"
        let child = isTable ? "tr" : "li"
        var depth = 0
        var items: [String] = []
        var raw: [String] = []
        var itemStart: String.Index?
        var inHead = false
        var rest = ""
        let token = try! NSRegularExpression(pattern: #"<(/?)(ul|ol|table|thead|tbody|tr|li)\b[^>]*>"#)
        let ns = body as NSString
        for match in token.matches(in: body, range: NSRange(first.lowerBound..., in: body)) {
            let closing = ns.substring(with: match.range(at: 1)) == "/"
            let name = ns.substring(with: match.range(at: 2))
            let range = Range(match.range, in: body)!
            if isTable ? name == "table" : (name == "ul" || name == "ol") {
                depth += closing ? -1 : 1
                if depth == 0 {
                    rest = String(body[range.upperBound...])
                    break
                }
                continue
            }
            if isTable && name == "thead" { inHead = !closing }
            if name == child && depth == 1 && !inHead {
                if closing, let start = itemStart {
                    raw.append(String(body[start..<range.lowerBound]))
                    items.append(tagless(raw[raw.count - 1]))
                    itemStart = nil
                } else if !closing {
                    itemStart = range.upperBound
                }
            }
        }
        return (items, raw, rest)
    }

    /// The page's embedded data (`<script type="application/json" id="canopy-data">`).
    static func embeddedData(_ html: String) -> [String: Any]? {
        guard let open = html.range(of: #"<script type="application/json" id="canopy-data">"#),
            let close = html.range(of: "</script>", range: open.upperBound..<html.endIndex)
        else { return nil }
        let json = String(html[open.upperBound..<close.lowerBound])
        return (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
    }
}

/// The JSON documents: report.json and insights.json.
enum JSONSurface {
    static func object(_ text: String?) -> [String: Any]? {
        guard let text else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }
}

/// The lists a surface shows for the current run, and what each test is listed as.
struct SurfaceLists {
    enum Kind: String {
        case newFailures = "new failures"
        case stillFailing = "still failing"
        case excused = "not counted as new"
        case otherFailing = "other failing"
        case flaky = "flaky"
    }

    var name: String
    var sections: [CountedSection]

    static func kind(_ title: String) -> Kind? {
        let title = title.lowercased()
        if title.contains("other failing") { return .otherFailing }
        if title.contains("new failure") { return .newFailures }
        if title.contains("still failing") { return .stillFailing }
        if title.contains("not counted") || title.contains("excused") { return .excused }
        if title.contains("flaky test") && !title.hasPrefix("classes") { return .flaky }
        return nil
    }

    func sections(_ kind: Kind) -> [CountedSection] { sections.filter { Self.kind($0.title) == kind } }
}
