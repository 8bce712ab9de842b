/// A Slack message in Block Kit, as an incoming webhook takes it (`{"text": …, "blocks": […]}`),
/// within Slack's documented limits: at most `blockLimit` blocks, a section's text at most
/// `SlackBlock.sectionTextLimit` characters, a header's at most `SlackBlock.headerTextLimit`, a
/// context block at most `SlackBlock.contextElementLimit` elements, and the fallback `text` at
/// most `textLimit`. Lengths are counted in UTF-16 code units, which is never fewer than the
/// characters Slack counts.
package struct SlackMessage: Sendable, Equatable, Codable {
    /// The notification and fallback text (mrkdwn).
    package var text: String
    package var blocks: [SlackBlock]

    /// Slack's limit on the blocks of one message.
    package static let blockLimit = 50
    /// Slack's limit on the top-level `text`.
    package static let textLimit = 40_000

    package init(text: String, blocks: [SlackBlock]) {
        self.text = text
        self.blocks = blocks
    }
}

/// One Block Kit layout block: `header`, `section`, `context` or `divider`.
package struct SlackBlock: Sendable, Equatable, Codable {
    package var type: String
    /// A header's (plain text) or a section's (mrkdwn) text.
    package var text: SlackText?
    /// A context block's texts.
    package var elements: [SlackText]?

    /// Slack's limit on a section's text.
    package static let sectionTextLimit = 3_000
    /// Slack's limit on a header's text.
    package static let headerTextLimit = 150
    /// Slack's limit on the elements of a context block.
    package static let contextElementLimit = 10

    package init(type: String, text: SlackText? = nil, elements: [SlackText]? = nil) {
        self.type = type
        self.text = text
        self.elements = elements
    }

    /// A header of `text` (plain text, emoji shown), cut to the header limit.
    static func header(_ text: String) -> SlackBlock {
        SlackBlock(
            type: "header",
            text: SlackText(
                type: "plain_text",
                text: SlackMrkdwn.cut(DisplayText.line(text, limit: 1_000), to: headerTextLimit, mrkdwn: false),
                emoji: true))
    }

    /// A section of mrkdwn `text`, already escaped and within the section limit.
    static func section(_ text: String) -> SlackBlock {
        SlackBlock(type: "section", text: SlackText(type: "mrkdwn", text: text))
    }

    /// A section of the escaped `lines` under `head`, as many as fit the section limit, then
    /// `more(n)` for the `n` left out (at most `shown` are shown).
    static func section(head: String, lines: [String], shown: Int, more: (Int) -> String) -> SlackBlock {
        var text = head
        var count = 0
        for line in lines.prefix(shown) {
            let left = lines.count - count - 1
            let reserve = left > 0 ? more(left).utf16.count + 1 : 0
            guard text.utf16.count + 1 + line.utf16.count + reserve <= sectionTextLimit else { break }
            text += (text.isEmpty ? "" : "\n") + line
            count += 1
        }
        if count < lines.count { text += (text.isEmpty ? "" : "\n") + more(lines.count - count) }
        return section(text)
    }

    /// A context block of the escaped mrkdwn `texts` (the first `contextElementLimit`).
    static func context(_ texts: [String]) -> SlackBlock {
        SlackBlock(
            type: "context",
            elements: texts.prefix(contextElementLimit).map {
                SlackText(type: "mrkdwn", text: SlackMrkdwn.cut($0, to: sectionTextLimit))
            })
    }

    static let divider = SlackBlock(type: "divider")
}

/// A Block Kit text object: `plain_text` or `mrkdwn`.
package struct SlackText: Sendable, Equatable, Codable {
    package var type: String
    package var text: String
    /// Whether a plain text's emoji shortcodes are shown as emoji; nil for mrkdwn.
    package var emoji: Bool?

    package init(type: String, text: String, emoji: Bool? = nil) {
        self.type = type
        self.text = text
        self.emoji = emoji
    }
}
