import Foundation
import Testing

@testable import CanopyRender

/// Display cleaning, Markdown escaping and script-safe JSON work on bytes; these pin them to the
/// scalar-by-scalar definitions they replaced.
struct ByteLevelTextTests {
    static let samples: [String] = [
        "", "plain ASCII", String(repeating: "a", count: 300), String(repeating: "a", count: 301), "tab\there",
        "line\nbreak",
        "crlf\r\nend", "lone\rcr", "nul\u{0}byte", "del\u{7F}c1\u{85}next", "bidi\u{202E}reversed\u{2066}",
        "sep\u{2028}para\u{2029}",
        "émoji 😀 日本語", String(repeating: "é", count: 301), "<script>&\"'|`*_[](){}#!~\\@:$</script>",
        "mixed\u{200F}é\n", "zero\u{200B}width\u{FEFF}", "\u{1}", "\u{2}",
    ]

    /// The definition, scalar by scalar: line breaks and tabs as spaces (or kept), control,
    /// bidirectional and zero-width characters shown as `\u{1}`.
    static func reference(_ text: String, keepNewlines: Bool, limit: Int) -> String {
        var out = String.UnicodeScalarView()
        var count = 0
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if count >= limit {
                out.append("…")
                break
            }
            let value = scalar.value
            if value == 0x0A && previousWasCR {
                previousWasCR = false
                continue
            }
            previousWasCR = value == 0x0D
            switch value {
            case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: out.append(keepNewlines ? "\n" : " ")
            case 0x09: out.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0, 0x200B...0x200F, 0x061C, 0x202A...0x202E, 0x2060...0x2069, 0xFEFF:
                out.append(contentsOf: "\\u{\(String(value, radix: 16, uppercase: true))}".unicodeScalars)
            default: out.append(scalar)
            }
            count += 1
        }
        return String(out)
    }

    @Test("parameterised arguments made of control characters stay distinct: \\u{1} … \\u{6}")
    func invisibleCharactersAreShown() {
        let shown = (1...6).map { DisplayText.line("Args/test(\"" + String(UnicodeScalar(UInt8($0))) + "\")") }
        #expect(Set(shown).count == 6, "\(shown)")
        #expect(shown[0] == #"Args/test("\u{1}")"#)
        #expect(MarkdownText.code("a\u{202E}b") == #"<code>a\u{202E}b</code>"#)
    }

    @Test func displayTextMatchesTheScalarDefinition() {
        for sample in Self.samples {
            #expect(
                DisplayText.line(sample) == Self.reference(sample, keepNewlines: false, limit: 300),
                "\(sample.debugDescription)")
            #expect(
                DisplayText.block(sample, limit: 10) == Self.reference(sample, keepNewlines: true, limit: 10),
                "\(sample.debugDescription)")
        }
    }

    /// Only what Markdown, HTML or GitHub's text filters act on changes; Canopy's own words and
    /// parentheses, quotes and braces read as written.
    @Test(
        arguments: [(String, String)]([
            ("0 new failing test(s), at most 0 allowed", "0 new failing test(s), at most 0 allowed"),
            (
                #"XCTAssertEqual failed: ("Dark") is not equal to ("Light")"#,
                #"XCTAssertEqual failed: ("Dark") is not equal to ("Light")"#
            ),
            ("x*y* _z_ a_b `c` [l](u) ~s~ $m$ a|b", #"x\*y\* \_z\_ a_b \`c\` \[l](u) \~s\~ \$m\$ a\|b"#),
            ("<br> a < b &amp; a & b", "&lt;br> a < b &amp;amp; a & b"),
            ("@me a@b #3 #x :+1: 10:30:45", "@\u{200B}me a@b #\u{200B}3 #x :\u{200B}+1: 10:30:45"),
            ("# heading", ##"\# heading"##), ("> quote", #"\> quote"#), ("- item", #"\- item"#),
            ("12. item", #"12\. item"#),
            (#"C:\Users\me \*"#, #"C:\Users\me \\\*"#), ("é😀 naïve", "é😀 naïve"),
        ]))
    func markdownEscapeChangesOnlyWhatMarkdownActsOn(_ text: String, _ expected: String) {
        #expect(MarkdownText.escape(text) == expected, "\(text.debugDescription)")
    }

    @Test func markdownCodeKeepsNamesAsWrittenAndWrapsLongOnesAtDots() {
        #expect(MarkdownText.code("A/testB@iPad (18.2)") == "<code>A/testB@iPad (18.2)</code>")
        #expect(MarkdownText.code("T/a|b") == #"<code>T/a\|b</code>"#)
        #expect(
            MarkdownText.code("CheckoutUITests.CheckoutTests/testApplePaySheet@iPad")
                == "<code>CheckoutUITests.CheckoutTests/testApplePaySheet@iPad</code>")
        #expect(
            MarkdownText.code("CheckoutUITests.CheckoutTests/testApplePaySheet@iPad", wrap: true)
                == "<code>CheckoutUITests.<wbr>CheckoutTests/<wbr>testApplePaySheet@iPad</code>")
    }

    @Test func scriptJSONEscapesWhatWouldEndOrBreakAScript() throws {
        let value = ["</script><!--&", "line\u{2028}sep\u{2029}", "é😀", "\u{E2}"]
        let script = HTMLText.scriptJSON(value)
        #expect(!script.contains("<") && !script.contains(">") && !script.contains("&"))
        #expect(!script.unicodeScalars.contains("\u{2028}") && !script.unicodeScalars.contains("\u{2029}"))
        #expect(
            script.contains("\\u003c\\/script\\u003e\\u003c!--\\u0026")
                || script.contains("\\u003c/script\\u003e\\u003c!--\\u0026"))
        let decoded = try JSONDecoder().decode([String].self, from: Data(script.utf8))
        #expect(decoded == value)
    }

    @Test(arguments: [
        ("AppUITests.LoginTests/testLogin", "testLogin", true, "AppUITests.LoginTests/"), ("a/b", "c", false, ""),
        ("same", "same", true, ""),
        ("Tést/naïve", "naïve", true, "Tést/"), ("x", "", false, ""), ("e\u{301}/n", "n", true, "e\u{301}/"),
    ])
    func keysSplitIntoPrefixAndName(_ key: String, _ name: String, _ hasSuffix: Bool, _ prefix: String) {
        let (found, head) = HTMLDashboardData.split(key, name: name)
        #expect(found == hasSuffix)
        #expect(head == prefix)
    }
}
