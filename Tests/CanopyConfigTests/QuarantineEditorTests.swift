import Foundation
import Testing

@testable import CanopyConfig

/// `canopy quarantine add` writes entries into canopy.yml as text: the file keeps its comments and
/// layout, the result loads with `ConfigurationLoader`, and the same test twice is one entry.
@Suite("Quarantine entries written into canopy.yml")
struct QuarantineEditorTests {
    static let day = Date(timeIntervalSince1970: 1_798_675_200)  // 2026-12-31
    static let entry = QuarantineEntry(
        test: "AppUITests.FeedTests/testPullToRefresh", reason: "races the reload (APP-1234)", expires: day,
        owner: "@feed")

    static var repositoryConfig: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("Config/canopy.yml"), encoding: .utf8)
        }
    }

    /// Whether every line of `original` is in `edited`, in order (the edit only adds lines).
    static func keepsEveryLine(_ original: String, _ edited: String, except changed: Set<String> = []) -> Bool {
        var rest = edited.components(separatedBy: "\n")[...]
        for line in original.components(separatedBy: "\n") where !changed.contains(line) {
            guard let found = rest.firstIndex(of: line) else { return false }
            rest = rest[(found + 1)...]
        }
        return true
    }

    static func withoutLocations(_ entries: [QuarantineEntry]) -> [QuarantineEntry] {
        entries.map {
            var entry = $0
            entry.location = nil
            return entry
        }
    }

    @Test("Config/canopy.yml: add, add another, update; comments stay and the entries are active")
    func repositoryFile() throws {
        let original = try Self.repositoryConfig
        let first = try QuarantineEditor.edit(original, file: "Config/canopy.yml", entry: Self.entry)
        #expect(first.change == .added)
        #expect(Self.keepsEveryLine(original, first.text, except: ["quarantine: []"]))
        #expect(first.text.components(separatedBy: "\n").count == original.components(separatedBy: "\n").count + 4)
        let loaded = try ConfigurationLoader.parse(first.text, file: "Config/canopy.yml")
        #expect(Self.withoutLocations(loaded.quarantine) == [Self.entry])
        #expect(loaded.quarantine[0].isActive(on: try ISO8601Time.date("2026-12-31T23:00:00Z")))
        #expect(loaded.quarantine[0].location == first.entry.location)
        // The entry sits where the list is, before the commented-out examples.
        let lines = first.text.components(separatedBy: "\n")
        let key = try #require(lines.firstIndex(of: "quarantine:"))
        #expect(lines[key + 1] == "  - test: \"AppUITests.FeedTests/testPullToRefresh\"")
        #expect(first.entry.location == "Config/canopy.yml:\(key + 2) (quarantine[0])")
        #expect(lines[key + 5].hasPrefix("#  - test:"))

        let other = QuarantineEntry(
            identifier: "Podcast-{id}-row", auditType: "contrast", reason: "APP-99", expires: Self.day)
        let second = try QuarantineEditor.edit(first.text, file: "c.yml", entry: other)
        #expect(second.change == .added)
        #expect(Self.keepsEveryLine(first.text, second.text))
        #expect(
            Self.withoutLocations(try ConfigurationLoader.parse(second.text, file: "c.yml").quarantine) == [
                Self.entry, other,
            ])

        var later = Self.entry
        later.reason = "still racing (APP-1300)"
        later.expires = try ISO8601Time.date("2027-01-15")
        later.owner = nil
        let third = try QuarantineEditor.edit(second.text, file: "c.yml", entry: later)
        #expect(third.change == .updated)
        #expect(third.text.components(separatedBy: "\n").count == second.text.components(separatedBy: "\n").count)
        let updated = try ConfigurationLoader.parse(third.text, file: "c.yml").quarantine
        #expect(updated.count == 2)
        #expect(updated[0].reason == "still racing (APP-1300)")
        #expect(updated[0].expires == later.expires)
        #expect(updated[0].owner == "@feed", "an update without --owner keeps the owner")
        #expect(updated[1].identifier == "Podcast-{id}-row")
    }

    @Test(
        "hostile shapes of the file: the entry is appended and nothing else changes",
        arguments: [
            "",
            "# only a comment\n",
            "gates:\n  maximumNewFailures: 0   # strict\n",
            "gates:\n  maximumNewFailures: 0",
            "quarantine:\n# nothing yet\ngates: {}\n",
            "quarantine: ~   # none\ngates: {}\n",
            "quarantine: []  # none yet\n",
            "  quarantine: []\n  gates: {}\n",
            "quarantine: [{ test: \"A/a\", expires: 2026-12-31 }]   # one\ngates: {}\n",
            "quarantine: [\n  { test: \"A/a\" },\n  { test: 'B/b # not a comment' },   # two\n]\n",
            "quarantine:\n- test: A/a\n  reason: \"x\"\n# trailing comment\ngates: {}\n",
            "quarantine:\n  - { test: \"A/a\", reason: r }\n  - { test: \"B/b\", reason: \"q, ]\" }\n\n# end\n",
            "quarantine:\n  -\n    test: A/a\n    reason: >\n      folded\n      reason\n\nslowerTests:\n  ratio: 2\n",
            "quarantine:\n    -   test: A/a\n        expires: 2026-12-31\n",
            "gates:\r\n  maximumNewFailures: 0\r\nquarantine:\r\n  - test: A/a\r\n",
            "\"quarantine\": [] # quoted key\n",
        ])
    func hostileShapes(_ original: String) throws {
        let before = try ConfigurationLoader.parse(original, file: "c.yml")
        let result = try QuarantineEditor.edit(original, file: "c.yml", entry: Self.entry)
        #expect(result.change == .added)
        let after = try ConfigurationLoader.parse(result.text, file: "c.yml")
        #expect(Self.withoutLocations(after.quarantine) == Self.withoutLocations(before.quarantine) + [Self.entry])
        // Every comment is still there, once.
        let comments = original.components(separatedBy: "\n").compactMap { line in
            line.range(of: "# ", options: .backwards).map { line[$0.lowerBound...] }
        }
        for comment in comments {
            #expect(result.text.components(separatedBy: comment).count == 2, "\(comment) in \(result.text)")
        }
        #expect(original.contains("\r\n") == result.text.contains("\r\n"))
        #expect(!original.contains("\r\n") || !result.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"))
    }

    @Test(
        "the same test again updates its entry where it stands, in block and flow style",
        arguments: [
            "quarantine:\n  - test: \"A/a\"   # keep\n    reason: old # why\n    expires: 2026-01-01\n  - test: B/b\n",
            "quarantine:\n  - { test: A/a, reason: 'old', expires: 2026-01-01 }   # keep\n  - test: B/b\n",
            "quarantine: [{ test: A/a, reason: \"old\" }, { test: B/b }]   # keep\n",
            "quarantine:\n  - test: A/a   # keep\n  - test: B/b\n",
            "quarantine:\n  - test: A/a   # keep\n    reason:\n    owner: ~   # who\n  - test: B/b\n",
        ])
    func update(_ original: String) throws {
        let entry = QuarantineEntry(test: "A/a", reason: "new, \"quoted\"", expires: Self.day, owner: "@team/ios")
        let result = try QuarantineEditor.edit(original, file: "c.yml", entry: entry)
        #expect(result.change == .updated)
        let entries = try ConfigurationLoader.parse(result.text, file: "c.yml").quarantine
        #expect(Self.withoutLocations(entries) == [entry, QuarantineEntry(test: "B/b")])
        #expect(result.text.contains("# keep"))
        #expect(!result.text.contains("old"))
        #expect(result.entry.location?.hasPrefix("c.yml:") == true)
    }

    @Test(
        "any text of a key or reason is written so that it reads back as given, beside non-ASCII text",
        arguments: [
            "quarantine: [] # café ☕\n",
            "quarantine: [{ test: \"Ü/☕ a\", reason: 'déjà # vu' }]  # ☕\n",
            "quarantine:\n  - test: \"Ü/☕\"   # ☕ é\n    reason: ça\n",
            "quarantine:\n  - { test: \"Ü/☕\", reason: \"x\" }  # ☕\n",
        ])
    func oddText(_ original: String) throws {
        for text in ["Ünï/tést \"q\" \\ # : - [x] {y}, z", "'single' ☕ & *ref !tag %p @at `tick`", "  spaced  "] {
            let entry = QuarantineEntry(test: text, reason: text + " reason", expires: Self.day, owner: "@o")
            let result = try QuarantineEditor.edit(original, file: "c.yml", entry: entry)
            let entries = try ConfigurationLoader.parse(result.text, file: "c.yml").quarantine
            #expect(Self.withoutLocations(entries).last == entry, "\(result.text)")
            // Again: the same key is found and updated, not added twice.
            var later = entry
            later.reason = "later ☕"
            let again = try QuarantineEditor.edit(result.text, file: "c.yml", entry: later)
            #expect(again.change == .updated)
            #expect(
                Self.withoutLocations(try ConfigurationLoader.parse(again.text, file: "c.yml").quarantine).last == later
            )
        }
    }

    @Test("an identifier entry is the same entry only with the same audit type")
    func identifierIdentity() throws {
        let original =
            "quarantine:\n  - identifier: Podcast-{id}-row\n    auditType: contrast\n    expires: 2026-01-01\n"
        let sameType = QuarantineEntry(
            identifier: "Podcast-{id}-row", auditType: "contrast", reason: "r", expires: Self.day)
        #expect(try QuarantineEditor.edit(original, file: "c.yml", entry: sameType).change == .updated)
        let anyType = QuarantineEntry(identifier: "Podcast-{id}-row", reason: "r", expires: Self.day)
        let added = try QuarantineEditor.edit(original, file: "c.yml", entry: anyType)
        #expect(added.change == .added)
        #expect(try ConfigurationLoader.parse(added.text, file: "c.yml").quarantine.count == 2)
    }

    @Test(
        "a shape it cannot edit safely is refused, with the entry to add by hand",
        arguments: [
            "{ gates: { maximumNewFailures: 0 } }\n",
            "quarantine:\n  - test: A/a\n    reason: |\n      spread\n      over lines\n",
            "quarantine: [\n]\n",
        ])
    func refusals(_ original: String) throws {
        let entry = QuarantineEntry(test: "A/a", reason: "r", expires: Self.day)
        do {
            let result = try QuarantineEditor.edit(original, file: "c.yml", entry: entry)
            Issue.record("edited:\n\(result.text)")
        } catch let error as ConfigurationError {
            #expect(error.message.contains("cannot edit the file safely"), "\(error)")
            #expect(error.message.contains("- test: \"A/a\""), "\(error)")
        }
    }

    @Test(
        "unusual shapes end in a correct edit or a refusal, never a crash",
        arguments: [
            "quarantine:\n  - test: A/a\n    reason:\n", "quarantine:\n  - test: A/a\n    reason: ~\n",
            "quarantine: [{ test: A/a, reason: }]\n", "quarantine: # c\u{2028}x\n", "quarantine: []\rgates: {}\r",
            "\u{FEFF}quarantine: []\n", "quarantine: !!seq []\n", "---\nquarantine: []\n",
            "quarantine:\n  - test: A/a\n...\n", "quarantine: [ ]   \n",
            "quarantine:\n  - test: \"A/a\"\n    reason: \"a\n      b\"\n",
            "quarantine:\n  - test: A/a\n    reason: plain\n      continued\n", "quarantine: [{test: A/a}, ]\n",
            "quarantine:\n  - test: A/a\n    owner: \"@o\"\n  # last\n",
        ])
    func unusualShapes(_ original: String) throws {
        for entry in [
            QuarantineEntry(test: "A/a", reason: "new", expires: Self.day, owner: "@n"),
            QuarantineEntry(test: "B/b", reason: "new", expires: Self.day),
        ] {
            do {
                let result = try QuarantineEditor.edit(original, file: "c.yml", entry: entry)
                let entries = try ConfigurationLoader.parse(result.text, file: "c.yml").quarantine
                #expect(Self.withoutLocations(entries).contains(entry), "\(result.text)")
            } catch let error as ConfigurationError {
                #expect(error.file.hasPrefix("c.yml"), "\(error)")
            }
        }
    }

    @Test(
        "the text is read into lines and written back byte for byte",
        arguments: [
            "", "\n", "a: 1", "a: 1\n", "a: 1\r\n", "a: 1\r\nb: 2\nc: 3", "\r\n\r\n", "a: \"x\r\"\n", "ü: ☕\r\n\n",
        ])
    func linesRoundTrip(_ text: String) {
        #expect(YAMLLines(text).text == text)
    }

    @Test(
        "a new line takes the ending most lines have, and an edit elsewhere adds no final newline",
        arguments: [
            (
                "quarantine:\r\n  - test: B/b\nslowerTests: {}\r\n",
                "quarantine:\r\n  - test: B/b\n  - test: \"A/a\"\r\n    reason: \"r\"\r\n    expires: 2026-12-31\r\nslowerTests: {}\r\n"
            ),
            (
                "quarantine:\n  - test: B/b\r\nslowerTests: {}",
                "quarantine:\n  - test: B/b\r\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2026-12-31\nslowerTests: {}"
            ),
            (
                "quarantine: []   # none\r\nslowerTests: {}",
                "quarantine: # none\r\n  - test: \"A/a\"\r\n    reason: \"r\"\r\n    expires: 2026-12-31\r\nslowerTests: {}"
            ),
            ("quarantine: []", "quarantine:\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2026-12-31"),
            (
                "slowerTests: {}",
                "slowerTests: {}\n\nquarantine:\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2026-12-31"
            ),
        ])
    func lineEndings(_ original: String, _ expected: String) throws {
        let entry = QuarantineEntry(test: "A/a", reason: "r", expires: Self.day)
        let result = try QuarantineEditor.edit(original, file: "c.yml", entry: entry)
        #expect(result.text == expected, "\(result.text.debugDescription)")
    }

    @Test(
        "every entry for the same test is updated, in block and flow lists",
        arguments: [
            "quarantine:\n  - test: A/a\n    reason: old\n  - test: B/b\n  - test: A/a\n    expires: 2026-01-01\n",
            "quarantine: [{ test: A/a, reason: old }, { test: B/b }, { test: A/a, reason: older }]\n",
            "quarantine:\n  - { test: A/a, reason: old }\n  - test: B/b\n  - test: A/a\n    reason: older\n",
        ])
    func duplicates(_ original: String) throws {
        let entry = QuarantineEntry(test: "A/a", reason: "new", expires: Self.day, owner: "@o")
        let result = try QuarantineEditor.edit(original, file: "c.yml", entry: entry)
        #expect(result.change == .updated)
        let entries = try ConfigurationLoader.parse(result.text, file: "c.yml").quarantine
        #expect(Self.withoutLocations(entries) == [entry, QuarantineEntry(test: "B/b"), entry], "\(result.text)")
        #expect(Self.withoutLocations(result.entries) == [entry, entry])
        #expect(result.entries.map(\.location) == [entries[0].location, entries[2].location])
        #expect(!result.text.contains("old"))
    }

    @Test(
        "remove takes out every entry for the test, its lines or its { … } and comma, and nothing else",
        arguments: [
            (
                "# top\nquarantine:\n  - test: A/a   # a\n    reason: r\n  # about B\n  - test: B/b\n  - test: A/a\ngates: {}\n",
                "# top\nquarantine:\n  # about B\n  - test: B/b\ngates: {}\n"
            ),
            ("quarantine:\r\n  - test: B/b\r\n  - test: A/a\r\n    reason: r", "quarantine:\r\n  - test: B/b"),
            (
                "quarantine: [{ test: A/a }, { test: B/b }, { test: A/a, reason: r }]  # c\n",
                "quarantine: [{ test: B/b }]  # c\n"
            ),
            ("quarantine: [ { test: A/a } ]\n", "quarantine: [  ]\n"),
            ("quarantine:\n  - test: A/a\n", "quarantine:\n"),
            ("quarantine:\n  - { test: A/a }\n  - identifier: A/a\n", "quarantine:\n  - identifier: A/a\n"),
        ])
    func remove(_ original: String, _ expected: String) throws {
        let result = try QuarantineEditor.remove(original, file: "c.yml", covering: QuarantineEntry(test: "A/a"))
        #expect(result.change == .removed)
        #expect(result.text == expected, "\(result.text.debugDescription)")
        #expect(result.entries.allSatisfy { $0.test == "A/a" && $0.location?.hasPrefix("c.yml:") == true })
        #expect(result.entries.count == original.components(separatedBy: "test: A/a").count - 1)
    }

    @Test("remove of a test no entry covers is an error, naming the test")
    func removeMissing() throws {
        do {
            _ = try QuarantineEditor.remove(
                "quarantine:\n  - test: B/b\n", file: "c.yml", covering: QuarantineEntry(test: "A/a"))
            Issue.record("removed an entry that is not there")
        } catch let error as ConfigurationError {
            #expect(error.message.hasPrefix("no entry covers the test 'A/a'"), "\(error)")
        }
    }

    @Test("a file that does not load is reported as the loader reports it, not edited")
    func brokenFile() throws {
        #expect(throws: ConfigurationError.self) {
            try QuarantineEditor.edit("quarantine:\n  - reasn: x\n", file: "c.yml", entry: Self.entry)
        }
    }

    @Test("owner is read, and one without @ is an error at its key")
    func owner() throws {
        let config = try ConfigurationLoader.parse(
            "quarantine:\n  - test: A/a\n    owner: \"@ios-team\"\n", file: "c.yml")
        #expect(config.quarantine.first?.owner == "@ios-team")
        for bad in ["ios-team", "\"@\"", "\"@ios team\""] {
            do {
                _ = try ConfigurationLoader.parse("quarantine:\n  - test: A/a\n    owner: \(bad)\n", file: "c.yml")
                Issue.record("loaded owner \(bad)")
            } catch let error as ConfigurationError {
                #expect(error.keyPath == "quarantine[0].owner", "\(error)")
                #expect(error.file == "c.yml:3:5", "\(error)")
            }
        }
    }
}
