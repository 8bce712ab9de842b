import CanopyRender
import Foundation
import Testing

@Suite("Escaping of hostile test data")
struct EscapingTests {
    static let hostile = HostileCorpus.dashboard()

    static let markdownOutputs: [(String, String)] = [
        ("summary", MarkdownRenderer().render(hostile)),
        ("comment", MarkdownRenderer(budget: 8_000).render(hostile)),
        ("trend", TrendMarkdownRenderer().render(hostile)),
    ]

    static let htmlOutputs: [(String, String)] = [
        ("dashboard", HTMLDashboardRenderer().render(hostile)),
        ("trend", TrendRenderer().render(hostile)),
    ]

    @Test(arguments: markdownOutputs.map(\.0))
    func markdownHasNoRawMarkupFromData(_ name: String) throws {
        let text = try #require(Self.markdownOutputs.first { $0.0 == name }?.1)
        // The only tags are ours.
        let tags = Set(text.matches(of: #/<\/?([a-zA-Z]+)/#).map { String($0.output.1) })
        #expect(tags.isSubset(of: ["code", "sub", "wbr", "details", "summary"]), "unexpected tags \(tags)")
        // A backtick from data is escaped, so no code span opens; text within our `…` spans is ours.
        let backticks = text.replacing(#/`[a-z/. -]+`/#, with: "")
        #expect(Self.unescaped("`", in: backticks) == 0, "an unescaped backtick")
        // No link from data: its `[` is escaped.
        #expect(
            !text.contains(#/(^|[^\\])\[[^\]\n]*\]\((?i:javascript|data|vbscript|//)/#),
            "a link to a script or another site")
        // Outside <code> (where GitHub mentions no one), `@everyone` is broken by a U+200B.
        #expect(!text.replacing(#/<code>.*?<\/code>/#, with: "").contains("@everyone"))
        #expect(!text.contains("\u{2028}") && !text.contains("\u{2029}") && !text.contains("\u{202E}"))
        // `$…$` would be maths.
        #expect(Self.unescaped("$", in: text.replacing("$ ", with: "")) == 0)
        // Every table row has as many cell separators as its header.
        var columns: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                columns = nil
                continue
            }
            let pipes = Self.unescaped("|", in: String(line))
            if let columns {
                #expect(pipes == columns, "row breaks its table: \(line.prefix(200))")
            } else {
                columns = pipes
            }
        }
        // Headings come only from Canopy.
        for line in text.split(separator: "\n") where line.hasPrefix("#") {
            #expect(line.hasPrefix("## ") || line.hasPrefix("### "))
            #expect(!line.contains("heading"))
        }
    }

    /// Occurrences of `character` not escaped by a backslash.
    static func unescaped(_ character: Character, in text: String) -> Int {
        var count = 0
        var escaped = false
        for current in text {
            if current == character && !escaped { count += 1 }
            escaped = current == "\\" && !escaped
        }
        return count
    }

    @Test(arguments: htmlOutputs.map(\.0))
    func htmlHasNoRawMarkupFromData(_ name: String) throws {
        let html = try #require(Self.htmlOutputs.first { $0.0 == name }?.1)
        // The guard, the data and the app; on the dashboard of a run on several destinations also
        // the matrix's data and script (the trend page has no destinations view).
        let scripts = name == "dashboard" && Self.hostile.destinations != nil ? 5 : 3
        #expect(html.components(separatedBy: "<script").count - 1 == scripts)
        #expect(html.components(separatedBy: "</script>").count - 1 == scripts)
        for needle in ["<img", "<svg onload", "<iframe", "<b>", "<style>body", "<!-- comment", "alert(1)</script>"] {
            #expect(!html.contains(needle), "raw \(needle)")
        }
        #expect(!html.contains("\u{2028}") && !html.contains("\u{202E}"))
        // Links only to http(s).
        for match in html.matches(of: #/href="([^"]*)"/#) {
            let target = String(match.output.1)
            #expect(
                target.hasPrefix("https://") || target.hasPrefix("http://") || target.hasPrefix("#"), "href \(target)")
        }
        #expect(!html.contains("href=\"javascript") && !html.contains(" src=\""))
        // Outside the scripts and the style sheet, every tag is one Canopy writes.
        let markup = html.replacing(#/<script[^>]*>[\s\S]*?<\/script>|<style>[\s\S]*?<\/style>/#, with: "")
        let tags = Set(markup.matches(of: #/<\/?([a-zA-Z][a-zA-Z0-9]*)/#).map { String($0.output.1).lowercased() })
        let allowed: Set<String> = [
            "html", "head", "meta", "title", "body", "a", "abbr", "header", "h1", "h2", "h3", "span", "ul", "li",
            "code", "nav", "div", "button",
            "main", "section", "strong", "small", "svg", "polyline", "circle", "line", "text", "rect", "g", "table",
            "thead",
            "tbody", "tr", "th", "td", "p", "article", "details", "summary", "pre", "footer", "form", "label", "input",
            "select",
            "option", "figure", "figcaption",
        ]
        #expect(tags.isSubset(of: allowed), "unexpected tags \(tags.subtracting(allowed))")
        // The embedded JSON cannot end its element.
        let start = try #require(html.range(of: "<script type=\"application/json\" id=\"canopy-data\">"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let json = html[start.upperBound..<end.lowerBound]
        #expect(!json.contains("<") && !json.contains(">") && !json.contains("&"))
        #expect(json.contains("\\u003cscript\\u003ealert(1)\\u003c\\/script\\u003e"))
        #expect(json.contains("]]\\u003e"))
        // The hostile text is still there, as text.
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"))
    }

    @Test func contentSecurityPolicyBlocksEverythingElse() throws {
        let html = HTMLDashboardRenderer().render(DashboardSample.make())
        let csp = try #require(html.firstMatch(of: #/http-equiv="Content-Security-Policy" content="([^"]*)"/#)).output.1
        #expect(csp.hasPrefix("default-src 'none';"))
        #expect(csp.contains("script-src 'sha256-"))
        #expect(!csp.contains("script-src 'unsafe-inline'"))
        #expect(!html.contains("http-equiv=\"refresh\""))
        #expect(!html.contains("@import") && !html.contains("url("))
    }

    @Test(arguments: [
        ("javascript:alert(1)", false), (" JAVASCRIPT:alert(1)", false), ("data:text/html,x", false),
        ("//evil.example", false),
        ("file:///etc/passwd", false), ("http://", false), ("https://ci.example.com/run/1", true),
        ("HTTP://EXAMPLE.COM", true),
        ("https://ex ample.com", false), ("java\nscript:alert(1)", false),
    ])
    func onlyHTTPLinks(url: String, allowed: Bool) {
        var dashboard = DashboardSample.make()
        dashboard.links.buildURL = url
        let markdown = MarkdownRenderer().render(dashboard)
        let html = HTMLDashboardRenderer().render(dashboard)
        let trimmed = url.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(markdown.contains("[CI build](\(trimmed))") == allowed)
        #expect(html.contains("href=\"\(trimmed)\"") == allowed)
    }

    @Test func longStringsAreBounded() {
        let html = HTMLDashboardRenderer().render(Self.hostile)
        #expect(!html.contains(String(repeating: "very long ", count: 400)))
        let markdown = MarkdownRenderer().render(Self.hostile)
        #expect(!markdown.contains(String(repeating: "very long ", count: 40)))
    }

    @Test func markdownEntitiesForSpecialCharacters() {
        var dashboard = DashboardSample.make()
        dashboard.newFailures = [
            DashboardNewFailure(test: "T/a|b", message: "x*y*_z_ <br> `c` [l](u) @me #3 :+1:", category: "c")
        ]
        let text = MarkdownRenderer().render(dashboard)
        #expect(text.contains(#"<code>T/a\|b</code>"#))
        #expect(
            text.contains("x\\*y\\*\\_z\\_ &lt;br> \\`c\\` \\[l](u) @\u{200B}me #\u{200B}3 :\u{200B}+1:"), "\(text)")
    }
}
