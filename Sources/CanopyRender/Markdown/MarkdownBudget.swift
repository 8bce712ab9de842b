/// Fits Markdown sections into a byte budget by shortening the least important sections first.
struct MarkdownBudget {
    /// The limit in UTF-8 bytes.
    var limit: Int
    /// Where the full dashboard is (URL or path), named in the notice.
    var dashboard: String?

    /// Room kept for the notice, which is written after the cuts are known.
    static let noticeReserve = 2_048

    /// Cuts `sections` (ordered most important first) so that `head` + notice + sections fit, and
    /// returns the document. The first section is never cut below what fits after all others are empty.
    func fit(head: String, sections: [MarkdownSection], foot: String) -> String {
        var sections = sections
        let fixed = head.utf8.count + foot.utf8.count
        func total() -> Int { fixed + sections.reduce(0) { $0 + $1.bytes(shown: $1.shown) } }
        if total() > limit {
            let available = limit - Self.noticeReserve
            for index in sections.indices.reversed() {
                let others = total() - sections[index].bytes(shown: sections[index].shown)
                // Largest `shown` that fits: sizes grow with `shown`, so binary search.
                var low = 0
                var high = sections[index].items.count
                while low < high {
                    let mid = (low + high + 1) / 2
                    if others + sections[index].bytes(shown: mid) <= available { low = mid } else { high = mid - 1 }
                }
                sections[index].shown = low
                if total() <= available { break }
            }
        }
        let cut = sections.filter { $0.shown < $0.items.count }
        let document = head + (cut.isEmpty ? "" : notice(cut)) + sections.map(\.text).joined() + foot
        guard document.utf8.count > limit else { return document }
        // Only reachable when the head alone is too big: keep whole lines, then the notice.
        let note = notice(cut)
        return Self.truncate(head, to: max(0, limit - note.utf8.count)) + note
    }

    private func notice(_ cut: [MarkdownSection]) -> String {
        let parts = cut.map { "\($0.name) \(Format.count($0.shown)) of \(Format.count($0.items.count))" }
        var text = "> [!NOTE]\n> This summary was shortened to fit \(Format.count(limit)) bytes. Shown: "
        text += parts.joined(separator: ", ") + ".\n"
        if let dashboard {
            if SafeURL.http(dashboard) != nil {
                text += "> Everything is in the " + MarkdownText.link("full dashboard", url: dashboard) + ".\n"
            } else {
                text += "> Everything is in the full dashboard: " + MarkdownText.code(dashboard) + ".\n"
            }
        } else {
            text += "> Everything is in the HTML dashboard of this run.\n"
        }
        return text + "\n"
    }

    /// The longest prefix of whole lines within `limit` bytes.
    static func truncate(_ text: String, to limit: Int) -> String {
        var out = ""
        var bytes = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let size = line.utf8.count + 1
            if bytes + size > limit { break }
            out += line + "\n"
            bytes += size
        }
        return out
    }
}
