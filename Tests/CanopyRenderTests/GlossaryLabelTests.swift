import CanopyModel
import CanopyRender
import Foundation
import Testing

/// Every label of a count a surface shows — a numeric column's header, a key figure, a trend
/// series, a part of the headline — is defined in `docs/glossary.md`'s label table, and each label
/// there is defined once: a label cannot name two quantities without the glossary saying two
/// things of it.
@Suite("Every count a surface labels is defined once in the glossary")
struct GlossaryLabelTests {
    static let glossary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/glossary.md")

    /// The glossary's label table (`## Labels`): each label, lowercased, with what it counts.
    static func defined() throws -> (labels: [String: String], duplicates: [String]) {
        let text = try String(contentsOf: glossary, encoding: .utf8)
        guard let start = text.range(of: "\n## Labels") else { return ([:], []) }
        let section = text[start.upperBound...]
        var labels: [String: String] = [:]
        var duplicates: [String] = []
        var inTable = false
        for line in section.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| ") else {
                if inTable && !line.hasPrefix("|") { inTable = false }
                continue
            }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, cells[0] != "label" else { continue }
            inTable = true
            for label in cells[0].split(separator: ",") {
                let name = label.replacingOccurrences(of: "`", with: "").trimmingCharacters(in: .whitespaces)
                    .lowercased()
                if labels[name] != nil { duplicates.append(name) }
                labels[name] = cells[1]
            }
        }
        return (labels, duplicates)
    }

    /// A Markdown surface's count labels: the headers of right-aligned (numeric) columns, and the
    /// first cell of each row of the key figures and the trend's series.
    static func markdownLabels(_ text: String) -> Set<String> {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var labels: Set<String> = []
        func cells(_ line: String) -> [String] {
            line.trimmingCharacters(in: .whitespaces).dropFirst().dropLast().split(
                separator: "|", omittingEmptySubsequences: false
            ).map { $0.trimmingCharacters(in: .whitespaces) }
        }
        for index in lines.indices.dropLast() where lines[index].hasPrefix("|") {
            let rule = lines[index + 1]
            guard rule.hasPrefix("|"), rule.allSatisfy({ "|-: ".contains($0) }) else { continue }
            let heads = cells(lines[index])
            for (head, align) in zip(heads, cells(rule)) where align.hasSuffix(":") && !head.isEmpty {
                labels.insert(head)
            }
            // A table whose first header is empty (key figures) or `series` names a figure per row.
            guard heads.first == "" || heads.first == "series" else { continue }
            for row in lines[(index + 2)...].prefix(while: { $0.hasPrefix("|") }) {
                if let first = cells(row).first, !first.isEmpty { labels.insert(first) }
            }
        }
        // The headline: `**298** tests: 294 passed, **2 failed**, 2 passed on retry, 0 skipped · …`.
        if let line = lines.first(where: { !$0.hasPrefix("|") && $0.contains(" tests: ") }) {
            let counts = line.replacingOccurrences(of: "*", with: "").components(separatedBy: " · ").first ?? ""
            for part in counts.components(separatedBy: ": ").last?.components(separatedBy: ", ") ?? [] {
                let words = part.split(separator: " ").drop { $0.allSatisfy { $0.isNumber || $0 == "," } }
                if !words.isEmpty { labels.insert(words.joined(separator: " ")) }
            }
        }
        return labels
    }

    /// A page's count labels: numeric column headers and key-figure labels.
    static func htmlLabels(_ html: String) -> Set<String> {
        var labels: Set<String> = []
        for pattern in [#"<th scope="col" class="n">([^<]+)</th>"#, #"<span class="kpi-label">([^<]+)</span>"#] {
            let expression = try! NSRegularExpression(pattern: pattern)
            let range = NSRange(html.startIndex..., in: html)
            for match in expression.matches(in: html, range: range) {
                if let found = Range(match.range(at: 1), in: html) { labels.insert(String(html[found])) }
            }
        }
        return labels.subtracting(["#"])
    }

    @Test("each count label of the summary, the comment, the page, the trend's page and summary is in the glossary")
    func everyLabelDefined() throws {
        let (defined, duplicates) = try Self.defined()
        #expect(!defined.isEmpty, "docs/glossary.md has no `## Labels` table")
        #expect(duplicates.isEmpty, "labels defined twice: \(duplicates)")
        let sample = DashboardSample.make()
        let surfaces: [(String, Set<String>)] = [
            ("summary", Self.markdownLabels(MarkdownRenderer().render(sample))),
            ("comment", Self.markdownLabels(MarkdownComment().render(sample))),
            ("trend summary", Self.markdownLabels(TrendMarkdownRenderer().render(sample))),
            ("page", Self.htmlLabels(HTMLDashboardRenderer().render(sample))),
            ("trend page", Self.htmlLabels(TrendRenderer().render(sample))),
        ]
        for (surface, labels) in surfaces {
            #expect(!labels.isEmpty, "no count labels found on the \(surface)")
            // A trend series per cause (`Failed tests: assertion`) is defined by its prefix.
            let missing = labels.filter { label in
                let name = label.lowercased()
                return defined[name] == nil
                    && defined[String(name.prefix { $0 != ":" }) + ": <cause>"] == nil
            }
            #expect(
                missing.isEmpty, "labels on the \(surface) that docs/glossary.md does not define: \(missing.sorted())")
        }
    }

    @Test("the extraction finds what a surface labels")
    func extraction() {
        let markdown = """
            **12** tests: 9 passed, **1 failed**, 2 passed on retry, 0 skipped · pass rate **91.7%**

            | | this run | change |
            |---|---:|---:|
            | Tests | 12 | – |

            | score | test | runs |
            |---:|---|---:|
            | 0.5 | `A/b` | 3 |
            """
        #expect(
            Self.markdownLabels(markdown)
                == ["passed", "failed", "passed on retry", "skipped", "this run", "change", "Tests", "score", "runs"])
        let html =
            #"<th scope="col" class="n">#</th><th scope="col" class="n">Runs</th>"#
            + #"<span class="kpi-label">Failed</span>"#
        #expect(Self.htmlLabels(html) == ["Runs", "Failed"])
    }
}
