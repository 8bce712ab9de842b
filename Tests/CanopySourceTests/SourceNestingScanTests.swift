import Foundation
import Testing

@testable import CanopySource

/// The byte scan before parsing counts the nesting SwiftParser recurses on, in code and string
/// interpolations, and nothing in comments or string text; real code stays far inside its bounds.
@Suite("Source nesting scan")
struct SourceNestingScanTests {
    /// Bounds small enough to see each count.
    static let bounds = SourceIndexBounds(
        maximumBytes: 1 << 20, maximumNesting: 4, maximumSquareNesting: 2, maximumPostfixChain: 6,
        maximumTreeDepth: 10_000)

    static func excess(_ text: String) -> SourceBound? {
        SourceNestingScan.excess(of: text, within: bounds)
    }

    @Test(
        "nesting in code counts, at the line it exceeds the bound",
        arguments: [
            ("f(g(h(i(j(1)))))", 5), ("{ { { { { } } } } }", 5), ("let a: A<B<C<D<E<F>>>>>", 5),
            ("let a = f(\"\\(g(h(i(1))))\")", 5), ("#if A\n#if B\n#if C\n#if D\n#if E", 5),
            ("let a: [String: ((Int, (A<Int>)))]", 5),
        ])
    func nestingCounts(text: String, depth: Int) {
        #expect(
            Self.excess("// top\n" + text)
                == .nesting(depth: depth, line: text.filter { $0 == "\n" }.count + 2, limit: 4))
    }

    @Test(
        "comments, string text and operators do not count",
        arguments: [
            "// ((((((((", "/* [[[[[[ /* nested ((((( */ ]]]] */", "let s = \"((((((((\"", "let s = #\"\\(((((((\"#",
            "let s = \"\"\"\n((((((\n\"\"\"", "if a < b && c < d && e < f && g < h && i < j {}",
            "let c = a<b; let d = a<b; let e = a<b; let f = a<b; let g = a<b",
            "func f() -> Int { x }\nfunc g() -> Int { y }\nfunc h() -> Int { z }\nfunc i() -> Int { w }\nfunc j() -> Int { v }",
            "let s = \"\\\\(((((((\"",
        ])
    func ignored(text: String) {
        #expect(Self.excess(text) == nil)
    }

    @Test("square brackets count when nested, directly or not, and not when side by side")
    func squareNesting() {
        #expect(Self.excess("let a = [[[1]]]") == .squareNesting(depth: 3, line: 1, limit: 2))
        #expect(Self.excess("let a: [(Int, [(Int, [Int])])]") == .squareNesting(depth: 3, line: 1, limit: 2))
        #expect(Self.excess("let a = [ [\n[1]]]") == .squareNesting(depth: 3, line: 2, limit: 2))
        #expect(Self.excess("let a = [[1], [2], [3], [4], [5]]") == nil)
        #expect(Self.excess("let a = [\"k\": [\"j\": 1]]") == nil)
    }

    @Test(
        "a postfix chain counts its links, across lines that start with a dot",
        arguments: [
            ("let x = a.b.c.d.e.f.g.h", 1), ("let x = f()()()()()()()", 1), ("let x = a!!!!!!!", 1),
            ("let x = f[0][1][2][3][4][5][6]", 1), ("let x = a?.b?.c?.d?.e", 1),
            ("Text(\"x\")\n  .font(.title)\n  .padding()\n  .frame(width: 3)\n  .bold()", 4),
        ])
    func postfixChainCounts(text: String, line: Int) {
        #expect(Self.excess(text) == .postfixChain(links: 7, line: line, limit: 6))
    }

    @Test(
        "statements on their own lines, operators and separators end a chain",
        arguments: [
            "a.b()\nc.d()\ne.f()\ng.h()", "let x = a.b.c + d.e.f + g.h.i", "f(a.b.c, d.e.f, g.h.i)",
            "let x = a.b.c\nlet y = d.e.f\nlet z = g.h.i", "let r = 0..<n.count.bitWidth",
            "if a != b.c.d.e, f! == g {}",
        ])
    func chainsEnd(text: String) {
        #expect(Self.excess(text) == nil)
    }

    @Test("the Swift files of this repository are far inside the standard bounds")
    func realCodePasses() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var bounds = SourceIndexBounds.standard
        bounds.maximumNesting /= 4
        bounds.maximumSquareNesting /= 2
        bounds.maximumPostfixChain /= 10
        var scanned = 0
        for folder in ["Sources", "Tests"] {
            let root = repository.appendingPathComponent(folder)
            let enumerator = try #require(FileManager.default.enumerator(atPath: root.path))
            while let relative = enumerator.nextObject() as? String {
                guard relative.hasSuffix(".swift") else { continue }
                let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
                #expect(SourceNestingScan.excess(of: text, within: bounds) == nil, "\(folder)/\(relative)")
                scanned += 1
            }
        }
        #expect(scanned > 100)
    }
}
