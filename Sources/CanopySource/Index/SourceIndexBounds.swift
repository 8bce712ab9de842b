import Foundation
import SwiftSyntax

/// How much work the source index gives one file. A file over a bound is not indexed, with one
/// ``SourceWarning/skipped(path:bound:)``; the rest of the tree is indexed as usual.
///
/// The checks run in order of cost: the size, then a scan of the bytes for nesting (before
/// SwiftParser, whose recursion and lookahead grow with it), then the depth of the parsed tree
/// (before the visitors, whose recursion grows with it). docs/source-index.md gives the figures
/// behind each default.
package struct SourceIndexBounds: Sendable, Equatable {
    /// Bytes of one file. Memory while indexing is about 100 times a file's size.
    package var maximumBytes: Int
    /// Brackets, parentheses, braces and generic angle brackets nested in one another, as
    /// ``SourceNestingScan`` counts them.
    package var maximumNesting: Int
    /// Square brackets nested in one another (`[[[1]]]`, `[(Int, [(Int, …)])]`): SwiftParser's
    /// lookahead for an array or dictionary type doubles its work with each level.
    package var maximumSquareNesting: Int
    /// Links of one postfix chain (`a.b.c`, `f()()`, `a!!`, `a?.b`, `f[0][0]`), as
    /// ``SourceNestingScan`` counts them.
    package var maximumPostfixChain: Int
    /// Levels of the parsed syntax tree: what the scan misses of the above.
    package var maximumTreeDepth: Int

    package init(
        maximumBytes: Int, maximumNesting: Int, maximumSquareNesting: Int, maximumPostfixChain: Int = 1_000,
        maximumTreeDepth: Int
    ) {
        self.maximumBytes = maximumBytes
        self.maximumNesting = maximumNesting
        self.maximumSquareNesting = maximumSquareNesting
        self.maximumPostfixChain = maximumPostfixChain
        self.maximumTreeDepth = maximumTreeDepth
    }

    /// What `canopy` indexes with.
    package static let standard = SourceIndexBounds(
        maximumBytes: 4 << 20, maximumNesting: 128, maximumSquareNesting: 10, maximumPostfixChain: 1_000,
        maximumTreeDepth: 4_000)

    /// The nesting level SwiftParser is given: above every nesting the scan lets through, so that
    /// it never cuts a file short, and the same in debug and release builds (SwiftParser's own
    /// default is 20 in a debug build).
    var parserNestingLevel: Int { 2 * maximumNesting + 16 }

    /// The first bound `text` exceeds before it is parsed; nil when it is within them.
    func excess(of text: String) -> SourceBound? {
        let bytes = text.utf8.count
        if bytes > maximumBytes { return .size(bytes: bytes, limit: maximumBytes) }
        return SourceNestingScan.excess(of: text, within: self)
    }

    /// Whether `tree` is deeper than ``maximumTreeDepth``; walks it with a stack of its own, not
    /// by recursion.
    func isTooDeep(_ tree: some SyntaxProtocol) -> Bool {
        var pending: [(node: Syntax, depth: Int)] = [(Syntax(tree), 1)]
        while let item = pending.popLast() {
            let (node, depth) = item
            for child in node.children(viewMode: .all) where !child.is(TokenSyntax.self) {
                if depth + 1 > maximumTreeDepth { return true }
                pending.append((child, depth + 1))
            }
        }
        return false
    }
}
