import Foundation

/// One section of the Markdown summary: a fixed head, a list of items (table rows or list lines)
/// that the size budget may shorten, and a tail saying how many items were left out.
struct MarkdownSection {
    /// Short name used in the budget notice (`new failures`).
    var name: String
    /// Heading, intro and table header; empty when the section has no items.
    var head: String
    /// One rendered item per entry, each ending in a newline.
    var items: [String]
    /// How many of the section's entries each item stands for (a test failing on several
    /// destinations is one item), so that "…and N more" counts what the heading counts.
    var counts: [Int]
    /// Text after the items (an empty line).
    var tail: String = "\n"
    /// Items before the cut, set by the budget.
    var shown: Int

    init(name: String, head: String, items: [String], counts: [Int]? = nil, tail: String = "\n") {
        self.name = name
        self.head = head
        self.items = items
        self.counts = counts ?? Array(repeating: 1, count: items.count)
        self.tail = tail
        self.shown = items.count
        self.title = head.range(of: "\n\n").map { String(head[..<$0.lowerBound]) + "\n" } ?? head
        var total = 0
        prefixBytes =
            [0]
            + items.map { item in
                total += item.utf8.count
                return total
            }
    }

    /// The heading alone, written instead of `head` when every item was cut.
    private var title: String

    /// Bytes of the first `n` items (prefix sums, so the budget can try many cuts cheaply).
    private var prefixBytes: [Int]

    /// What is written after the shown items when some were cut.
    func cutLine(shown: Int) -> String {
        guard shown < items.count else { return "" }
        let hidden = hidden(shown: shown)
        return "\n_…and \(Format.count(hidden)) more \(name) not shown here (cut to fit the size limit)._\n"
    }

    /// The entries the items after the first `shown` stand for.
    func hidden(shown: Int) -> Int {
        counts.dropFirst(shown).reduce(0, +)
    }

    /// Size in UTF-8 bytes when `shown` items are kept.
    func bytes(shown: Int) -> Int {
        guard !items.isEmpty else { return 0 }
        if shown == 0 {
            return title.utf8.count + tail.utf8.count + cutLine(shown: 0).utf8.count
        }
        return head.utf8.count + prefixBytes[shown] + cutLine(shown: shown).utf8.count + tail.utf8.count
    }

    /// The section with the current cut.
    var text: String {
        guard !items.isEmpty else { return "" }
        guard shown > 0 else { return title + cutLine(shown: 0) + tail }
        return head + items.prefix(shown).joined() + cutLine(shown: shown) + tail
    }
}
