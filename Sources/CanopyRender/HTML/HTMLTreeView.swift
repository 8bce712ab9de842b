/// The identifier tree view: a collapsible tree (disclosure buttons with `aria-expanded`) with a
/// coverage bar, failed tests, tests passed on retry and audit issues per node, and a treemap of
/// coverage.
enum HTMLTreeView {
    static func render(_ nodes: [DashboardTreeNode], code: DashboardCode? = nil) -> String {
        guard !nodes.isEmpty else {
            return "<h2>Identifier tree</h2><p class=\"empty\">No identifiers were found in this run.</p>"
                + untested(code)
        }
        var out = "<h2>Identifier tree</h2>"
        out += "<p class=\"lede\">Coverage is the share of interactive elements carrying an accessibility identifier. "
        out +=
            "A branch counts the elements under its identifier path on every screen, an element without an identifier under its nearest "
        out +=
            "identified ancestor (the Accessibility view counts by screen instead). Open a branch to see where failed tests, tests passed on retry and audit issues sit; each counts tests."
        if code != nil {
            out +=
                " Every node was seen on screen or touched by a test in this run; <span class=\"chip decl\">&lt;/&gt; File.swift:9</span> marks one the app's code declares, "
                + "and the identifiers the code declares that no test exercised follow the tree."
        }
        out += "</p>"
        out += "<div class=\"tools\"><button type=\"button\" class=\"btn\" data-tree=\"expand\">Expand all</button>"
        out += "<button type=\"button\" class=\"btn\" data-tree=\"collapse\">Collapse all</button></div>"
        out += "<ul class=\"tree\" id=\"identifier-tree\">"
        var open = 0
        for (index, node) in nodes.enumerated() {
            let depth = min(max(0, node.depth), open)
            while open > depth {
                out += "</ul></li>"
                open -= 1
            }
            let hasChildren = index + 1 < nodes.count && nodes[index + 1].depth > depth
            out +=
                "<li>"
                + row(node, id: hasChildren ? "tn\(index)" : nil, declared: code?.declarations[node.path]?.places.first)
            if hasChildren {
                out += "<ul id=\"tn\(index)\" hidden>"
                out += ownRow(node, own: own(nodes, at: index))
                open += 1
            } else {
                out += "</li>"
            }
        }
        while open > 0 {
            out += "</ul></li>"
            open -= 1
        }
        out += "</ul>"
        out += untested(code)
        out += "<h3>Coverage by branch</h3>" + treemap(nodes)
        return out
    }

    /// The screens with identifiers declared in code and never exercised; nothing without sources.
    static func untested(_ code: DashboardCode?) -> String {
        guard let code else { return "" }
        let never = code.untested.reduce(0) { $0 + $1.untested.count }
        var out = "<h3 id=\"untested-ui\">Untested UI <span class=\"count\">\(Format.count(never))</span></h3>"
        out +=
            "<p class=\"lede\">Identifiers the app's code (<code>\(HTMLText.escape(code.source, limit: 200))</code>) declares that no UI test "
            + "touched in the history window: not seen in any snapshot, step or failure, and not named by any UI-test query or locator.</p>"
        guard !code.untested.isEmpty else {
            return out
                + "<p class=\"empty\"><span aria-hidden=\"true\">✓</span> Every declared identifier was exercised.</p>"
        }
        out +=
            "<table class=\"grid\"><thead><tr><th scope=\"col\">Screen</th><th scope=\"col\" class=\"n\">Never exercised</th>"
        out +=
            "<th scope=\"col\" class=\"n\">Declared</th><th scope=\"col\">Owners</th><th scope=\"col\">Identifiers</th></tr></thead><tbody>"
        for screen in code.untested.prefix(100) {
            let shown = screen.untested.prefix(12).map { "<code>\(HTMLText.escape($0, limit: 120))</code>" }.joined(
                separator: " ")
            out +=
                "<tr><td>\(HTMLText.escape(screen.screen, limit: 80))</td><td class=\"n\">\(Format.count(screen.untested.count))</td>"
                + "<td class=\"n\">\(Format.count(screen.declared))</td><td>\(HTMLFailureItem.owners(screen.owners))</td>"
                + "<td>\(shown)\(screen.untested.count > 12 ? " …" : "")</td></tr>"
        }
        return out + "</tbody></table>"
    }

    private static func row(_ node: DashboardTreeNode, id: String?, declared: DashboardCodePlace? = nil) -> String {
        var out = "<div class=\"node\" title=\"\(HTMLText.escape(node.path))\">"
        if let id {
            out += "<button type=\"button\" class=\"twisty\" aria-expanded=\"false\" aria-controls=\"\(id)\">"
            out +=
                "<span class=\"chev\" aria-hidden=\"true\">▸</span><code>\(HTMLText.escape(node.segment, limit: 120))</code></button>"
        } else {
            out +=
                "<span class=\"leaf\"><span class=\"chev\" aria-hidden=\"true\">·</span><code>\(HTMLText.escape(node.segment, limit: 120))</code></span>"
        }
        out += coverageBar(node)
        out += "<span class=\"badges\">"
        if let declared {
            out +=
                "<span class=\"chip decl\" title=\"declared in \(HTMLText.escape(declared.file)):\(declared.line)\">&lt;/&gt; \(HTMLText.escape(declared.text))</span>"
        }
        if node.failed > 0 {
            out +=
                "<span class=\"chip fail\"><span aria-hidden=\"true\">✗</span> \(Format.plural(node.failed, "failed test"))</span>"
        }
        if node.passedOnRetry > 0 {
            out +=
                "<span class=\"chip flaky\"><span aria-hidden=\"true\">↻</span> \(Format.count(node.passedOnRetry)) passed on retry</span>"
        }
        if node.auditErrors > 0 {
            out +=
                "<span class=\"chip fail\"><span aria-hidden=\"true\">⚠</span> \(Format.plural(node.auditErrors, "audit error"))</span>"
        }
        if node.auditWarnings > 0 {
            out +=
                "<span class=\"chip warn\"><span aria-hidden=\"true\">⚠</span> \(Format.plural(node.auditWarnings, "warning"))</span>"
        }
        return out + "</span></div>"
    }

    /// The interactive elements a branch counts that none of its children does (and how many of
    /// them are identified): elements without an identifier of their own directly under the screen
    /// (or under an element whose identifier is the branch's path).
    static func own(_ nodes: [DashboardTreeNode], at index: Int) -> (elements: Int, identified: Int) {
        let node = nodes[index]
        var elements = node.elements
        var identified = node.identified
        var next = index + 1
        while next < nodes.count && nodes[next].depth > node.depth {
            if nodes[next].depth == node.depth + 1 {
                elements -= nodes[next].elements
                identified -= nodes[next].identified
            }
            next += 1
        }
        return (max(0, elements), max(0, identified))
    }

    /// What `own` counts, as a row of the branch; nothing when it counts nothing.
    static func ownWords(_ own: (elements: Int, identified: Int)) -> String {
        own.identified == 0
            ? "without identifier directly under the screen" : "directly under the screen or this identifier"
    }

    private static func ownRow(_ node: DashboardTreeNode, own: (elements: Int, identified: Int)) -> String {
        guard own.elements > 0 else { return "" }
        let counted = DashboardTreeNode(
            path: node.path, segment: "", depth: node.depth + 1, childCount: 0, elements: own.elements,
            identified: own.identified)
        return
            "<li><div class=\"node own\"><span class=\"leaf\"><span class=\"chev\" aria-hidden=\"true\">·</span><span class=\"own-words\">\(Format.plural(own.elements, "element")) "
            + "\(ownWords(own))</span></span>\(coverageBar(counted))</div></li>"
    }

    static func coverageBar(_ node: DashboardTreeNode) -> String {
        // A node with no interactive element measured has no coverage: not a full green bar.
        guard node.elements > 0 else {
            return
                "<span class=\"cov\"><span class=\"num muted\">– <small>(no interactive elements)</small></span></span>"
        }
        let percent = Format.percent(node.coverage)
        return
            "<span class=\"cov\"><span class=\"bar \(band(node.coverage))\" aria-hidden=\"true\"><span style=\"width:\(Format.fixed(node.coverage * 100, digits: 1))%\"></span></span>"
            + "<span class=\"num\">\(percent) <small>(\(Format.count(node.identified))/\(Format.count(node.elements)))</small></span></span>"
    }

    /// The colour band of a coverage ratio (the number is always shown next to it).
    static func band(_ coverage: Double) -> String {
        switch coverage {
        case 0.9...: "good"
        case 0.75..<0.9: "fair"
        case 0.5..<0.75: "weak"
        default: "poor"
        }
    }

    /// Slice-and-dice treemap: roots as columns sized by elements, their children stacked inside.
    static func treemap(_ nodes: [DashboardTreeNode]) -> String {
        let roots = nodes.enumerated().filter { $0.element.depth == 0 && $0.element.elements > 0 }
        let total = Double(roots.reduce(0) { $0 + $1.element.elements })
        guard total > 0 else { return "" }
        let width = 1000.0
        let height = 360.0
        var svg =
            "<svg class=\"treemap\" viewBox=\"0 0 1000 360\" role=\"img\" aria-label=\"Treemap of identifier coverage by branch; area is the number of elements\">"
        var x = 0.0
        for (index, root) in roots {
            let w = width * Double(root.elements) / total
            var children: [DashboardTreeNode] = []
            var next = index + 1
            while next < nodes.count && nodes[next].depth > root.depth {
                if nodes[next].depth == root.depth + 1 && nodes[next].elements > 0 { children.append(nodes[next]) }
                next += 1
            }
            svg +=
                "<g><title>\(HTMLText.escape(root.path)): \(Format.percent(root.coverage)) of \(Format.count(root.elements)) elements</title>"
            let rest = own(nodes, at: index)
            if !children.isEmpty && rest.elements > 0 {
                children.append(
                    DashboardTreeNode(
                        path: "\(root.path): \(ownWords(rest))",
                        segment: rest.identified == 0 ? "no identifier" : "directly under", depth: root.depth + 1,
                        childCount: 0, elements: rest.elements,
                        identified: rest.identified))
            }
            let childTotal = Double(children.reduce(0) { $0 + $1.elements })
            if children.isEmpty || childTotal == 0 {
                svg += cell(root, x: x, y: 18, w: w, h: height - 18, label: root.segment)
            } else {
                var y = 18.0
                for child in children {
                    let h = (height - 18) * Double(child.elements) / childTotal
                    svg += cell(child, x: x, y: y, w: w, h: h, label: child.segment)
                    y += h
                }
            }
            if w > 40 {
                svg +=
                    "<text class=\"tm-root\" x=\"\(SVGChart.n(x + 4))\" y=\"13\">\(HTMLText.escape(root.segment, limit: max(3, Int(w / 7))))</text>"
            }
            svg += "</g>"
            x += w
        }
        svg += "</svg>"
        svg += "<ul class=\"legend\"><li><span class=\"swatch good\" aria-hidden=\"true\"></span>≥ 90%</li>"
        svg +=
            "<li><span class=\"swatch fair\" aria-hidden=\"true\"></span>75–90%</li><li><span class=\"swatch weak\" aria-hidden=\"true\"></span>50–75%</li>"
        svg += "<li><span class=\"swatch poor\" aria-hidden=\"true\"></span>&lt; 50%</li></ul>"
        return svg
    }

    private static func cell(_ node: DashboardTreeNode, x: Double, y: Double, w: Double, h: Double, label: String)
        -> String
    {
        var out =
            "<rect class=\"tm \(band(node.coverage))\" x=\"\(SVGChart.n(x))\" y=\"\(SVGChart.n(y))\" width=\"\(SVGChart.n(max(0, w - 1)))\" height=\"\(SVGChart.n(max(0, h - 1)))\">"
        out +=
            "<title>\(HTMLText.escape(node.path)): \(Format.percent(node.coverage)) (\(Format.count(node.identified))/\(Format.count(node.elements)))</title></rect>"
        if w > 60 && h > 28 {
            out +=
                "<text class=\"tm-label\" x=\"\(SVGChart.n(x + 4))\" y=\"\(SVGChart.n(y + 14))\">\(HTMLText.escape(label, limit: max(3, Int(w / 7))))</text>"
            out +=
                "<text class=\"tm-label\" x=\"\(SVGChart.n(x + 4))\" y=\"\(SVGChart.n(y + 26))\">\(Format.percent(node.coverage))</text>"
        }
        return out
    }
}
