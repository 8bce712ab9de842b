import Foundation

extension Invariants {
    /// Every key of the scenario, longest first, so that a key is never found inside a longer one.
    var allKeys: [String] { truth.allKeys }

    /// Markdown and HTML text as a reader reads it: no `<wbr>`, no escapes, no entities.
    static func plain(_ text: String) -> String {
        HTMLSurface.tagless(text.replacingOccurrences(of: "<wbr>", with: "")).replacingOccurrences(of: "\\`", with: "`")
            .replacingOccurrences(of: "\\*", with: "*").replacingOccurrences(of: "\\_", with: "_")
            .replacingOccurrences(of: "\\|", with: "|").replacingOccurrences(of: "\\\\", with: "\\")
    }

    /// The scenario's test keys named in `text` (a key followed by a letter, digit, `@` or `#` is
    /// another, longer key).
    func keys(in text: String) -> Set<String> { Self.keys(allKeys, in: text) }

    static func keys(_ allKeys: [String], in text: String) -> Set<String> {
        let text = Self.plain(text) as NSString
        var found: Set<String> = []
        func isWordLike(_ unit: unichar) -> Bool {
            guard let scalar = Unicode.Scalar(unit) else { return false }
            return CharacterSet.alphanumerics.contains(scalar) || unit == 0x40 || unit == 0x23  // @ #
        }
        for key in allKeys {
            var from = 0
            while true {
                let range = text.range(of: key, range: NSRange(location: from, length: text.length - from))
                if range.location == NSNotFound { break }
                from = range.location + range.length
                let end = range.location + range.length
                let next = end < text.length ? isWordLike(text.character(at: end)) : false
                let previous = range.location > 0 ? text.character(at: range.location - 1) : 0x20
                if !next && !(isWordLike(previous) && previous != 0x40 && previous != 0x23 || previous == 0x2E) {
                    found.insert(key)
                    break
                }
            }
        }
        return found
    }

    /// The keys a list item names by its test and the destinations it fails on, on a run on
    /// several: `Class/name fails on A, B; passes on 1 other` (or `broken since c12 on A only`,
    /// `fails on both destinations`, `… on all 3 destinations`) names `Class/name@A` and
    /// `Class/name@B` (each with its `#configuration` when the keys name one). Empty when the
    /// item's first line says no such thing.
    static func destinationKeys(_ allKeys: [String], in item: String) -> Set<String> {
        // Most items name no destinations: only one that says "fails" or "broken" is read further.
        guard item.contains("fails") || item.contains("broken") else { return [] }
        let first = Self.plain(String(item.prefix { $0 != "\n" })).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        var byTest: [String: [String: String]] = [:]
        for key in allKeys {
            guard let at = key.firstIndex(of: "@") else { continue }
            let end = key[at...].lastIndex(of: "#") ?? key.endIndex
            byTest[String(key[..<at]), default: [:]][String(key[key.index(after: at)..<end])] = key
        }
        for (test, keys) in byTest {
            for verb in [" fails on ", " broken since "] {
                guard let found = first.range(of: "❌ " + test + verb) else { continue }
                var rest = first[found.upperBound...]
                if verb == " broken since " {
                    guard let on = rest.range(of: " on ") else { continue }
                    rest = rest[on.upperBound...]
                }
                let named = String(rest.prefix { $0 != ";" && $0 != "·" }).trimmingCharacters(in: .whitespaces)
                if named == "both destinations" || (named.hasPrefix("all ") && named.hasSuffix(" destinations")) {
                    return Set(keys.values)
                }
                let devices = (named.hasSuffix(" only") ? String(named.dropLast(5)) : named)
                    .components(separatedBy: ", ")
                return Set(devices.compactMap { keys[$0] })
            }
        }
        return []
    }

    func describe(_ keys: Set<String>) -> String { keys.isEmpty ? "none" : keys.sorted().joined(separator: ", ") }

    // MARK: - the failing lists

    /// Each surface lists the new failures, the still failing and the excused tests as the ground
    /// truth has them, every failing test once, and `run`, `report` and the trend agree.
    mutating func checkFailingLists() {
        if truth.unreadable { return }
        let new = truth.keys(.newFailure)
        let excused = truth.keys(.excused)
        let still = truth.keys(.stillFailing)
        let stillAllowed = still.union(
            truth.expected.values.filter { $0.alsoAllowed.contains(.stillFailing) }.map(\.test.key))
        let failing = Set(truth.expected.values.filter { $0.outcome == .failed }.map(\.test.key))
        for surface in currentRunSurfaces {
            func listed(_ kind: SurfaceLists.Kind) -> Set<String> {
                surface.sections(kind).reduce(into: Set<String>()) { set, section in
                    for keys in section.keys { set.formUnion(keys) }
                }
            }
            // A list cut short says how many more it holds (`… and 4 more`).
            func more(_ kind: SurfaceLists.Kind) -> Int { surface.sections(kind).map(\.more).reduce(0, +) }
            let listedNew = listed(.newFailures)
            let newMore = more(.newFailures)
            if newMore > 0 ? !(listedNew.isSubset(of: new) && listedNew.count + newMore == new.count) : listedNew != new
            {
                fail(
                    "new failures equal the ground truth", [surface.name, "ground truth"],
                    "lists as new \(describe(listedNew)); expected \(describe(new)) (missing: \(describe(new.subtracting(listedNew))), extra: \(describe(listedNew.subtracting(new))))"
                )
            }
            let listedStill = listed(.stillFailing)
            if !listedStill.isSubset(of: stillAllowed) {
                fail(
                    "still failing equals the ground truth", [surface.name, "ground truth"],
                    "lists as still failing \(describe(listedStill.subtracting(stillAllowed))), which did not fail in the baseline or are excused"
                )
            }
            let listedExcused = listed(.excused)
            if !listedExcused.isSubset(of: excused.union(stillAllowed)) {
                fail(
                    "excused failures equal the ground truth", [surface.name, "ground truth"],
                    "lists as not counted \(describe(listedExcused.subtracting(excused.union(stillAllowed))))")
            }
            let listedOther = listed(.otherFailing)
            if !listedOther.isSubset(of: excused.union(stillAllowed)) {
                fail(
                    "excused failures equal the ground truth", [surface.name, "ground truth"],
                    "lists as other failing \(describe(listedOther.subtracting(excused.union(stillAllowed))))")
            }
            let all = listedNew.union(listedStill).union(listedExcused).union(listedOther)
            let cut = [.newFailures, .stillFailing, .excused, .otherFailing].contains { more($0) > 0 }
            if !cut && !failing.isSubset(of: all) {
                fail(
                    "every failing test is listed", [surface.name, "ground truth"],
                    "failing but in no failing list: \(describe(failing.subtracting(all)))")
            }
            for key in excused where (!cut && !all.contains(key)) || listedNew.contains(key) {
                let why = truth.expected[key]?.excusedBecause ?? "?"
                fail(
                    "excused failures equal the ground truth", [surface.name],
                    "\(key) (excused: \(why)) is \(listedNew.contains(key) ? "listed as new" : "not listed")")
            }
        }
    }

    // MARK: - messages

    /// A failing test's entry shows its real message, as the input wrote it, not a normalised template,
    /// in `run`'s surfaces, `report`'s and the trend's latest tab (history keeps each failure's message).
    mutating func checkMessages() {
        if truth.unreadable { return }
        for surface in currentRunSurfaces {
            for section in surface.sections
            where [.newFailures, .stillFailing, .excused, .otherFailing].contains(SurfaceLists.kind(section.title)) {
                for (item, keys) in zip(section.items, section.keys) {
                    for key in keys {
                        guard let test = truth.expected[key]?.test,
                            case .failed(let message) = test.runs[scenario.currentIndex].first
                        else { continue }
                        let text = Self.plain(item)
                        let head = String(message.prefix(60))
                        if !text.contains(head) {
                            fail(
                                "real messages, not templates", [surface.name],
                                "\(key) under \"\(section.title.prefix(40))\" does not show its message \"\(head)…\"")
                        }
                    }
                }
            }
        }
    }

    // MARK: - flaky lists

    /// A list of flaky tests holds only tests whose state is flaky by the documented rule
    /// (docs/history-and-flakiness.md#flakiness).
    mutating func checkFlakyLists() {
        if truth.unreadable { return }
        var surfaces = currentRunSurfaces
        if !scenario.isPullRequest { surfaces += trendSurfaces }
        for surface in surfaces {
            for section in surface.sections(.flaky) {
                for keys in section.keys {
                    for key in keys {
                        guard let state = truth.states[key]?.state, state != .flaky else { continue }
                        fail(
                            "flaky lists hold flaky tests", [surface.name, "ground truth"],
                            "\"\(section.title.prefix(50))\" lists \(key), whose state is \(state.rawValue)")
                    }
                }
            }
        }
    }

    // MARK: - per-test verdicts

    /// The page's test table, insights.json and the CLI's gate lines give each test its outcome and
    /// verdict as the ground truth does.
    mutating func checkTestVerdicts() {
        if truth.unreadable { return }
        let new = truth.keys(.newFailure)
        // The page's embedded rows.
        if let page = outputs.read(outputs.runOut + "/site/index.html"),
            let tests = HTMLSurface.embeddedData(page)?["tests"] as? [String: Any],
            let rows = tests["rows"] as? [[Any]]
        {
            let prefixes = tests["prefixes"] as? [String] ?? []
            let outcomes = tests["outcomes"] as? [String] ?? []
            var seen: [String: String] = [:]
            for row in rows where row.count > 4 {
                let prefix = (row[0] as? Int).flatMap { $0 >= 0 && $0 < prefixes.count ? prefixes[$0] : nil } ?? ""
                let key = prefix + (row[2] as? String ?? "")
                let outcome = (row[4] as? Int).flatMap { $0 >= 0 && $0 < outcomes.count ? outcomes[$0] : nil } ?? "?"
                seen[key] = outcome
            }
            var wrong: [String] = []
            for (key, expected) in truth.expected where seen[key] != expected.outcome.label {
                wrong.append("\(key): \(seen[key] ?? "missing"), expected \(expected.outcome.label)")
            }
            for key in seen.keys where truth.expected[key] == nil { wrong.append("\(key): not a test of the run") }
            if !wrong.isEmpty {
                fail(
                    "each test's verdict equals the ground truth", ["run index.html tests table", "ground truth"],
                    wrong.sorted().prefix(8).joined(separator: "; ")
                        + (wrong.count > 8 ? "; … \(wrong.count - 8) more" : ""))
            }
        } else {
            fail("the page embeds its tests", ["run index.html"], "no canopy-data tests rows")
        }
        // insights.json.
        if let insights = JSONSurface.object(outputs.read(outputs.runOut + "/insights.json")) {
            let baseline = insights["baseline"] as? [String: Any]
            // The baseline comparison: failing now, not in the baseline, excused or not; the new
            // failures are those the gate counts (docs/glossary.md).
            let notInBaseline = Set(baseline?["failingNotInBaseline"] as? [String] ?? [])
            let comparison = Set(truth.expected.values.filter(\.failedSinceBaseline).map(\.test.key))
            let listedNew = Set(baseline?["newFailures"] as? [String] ?? [])
            for (surface, listed, expected) in [
                ("insights.json baseline.failingNotInBaseline", notInBaseline, comparison),
                ("insights.json baseline.newFailures", listedNew, truth.keys(.newFailure)),
            ] where listed != expected {
                fail(
                    "new failures equal the ground truth", [surface, "ground truth"],
                    "\(describe(listed)); expected \(describe(expected)) (missing: \(describe(expected.subtracting(listed))), extra: \(describe(listed.subtracting(expected))))"
                )
            }
            let excused = (insights["excusedFailures"] as? [[String: Any]] ?? []).compactMap {
                entry -> (String, String)? in
                guard let test = entry["test"] as? String else { return nil }
                return (test, entry["reason"] as? String ?? "")
            }
            for (key, expected) in truth.expected where expected.verdict == .excused {
                guard let reason = excused.first(where: { $0.0 == key })?.1 else {
                    if !expected.alsoAllowed.contains(.stillFailing) {
                        fail(
                            "excused failures equal the ground truth", ["insights.json excusedFailures"],
                            "\(key) (\(expected.excusedBecause ?? "")) missing")
                    }
                    continue
                }
                let word = expected.excusedBecause == "quarantined" ? "quarantin" : "flaky"
                if !reason.lowercased().contains(word) {
                    fail(
                        "excused failures equal the ground truth", ["insights.json excusedFailures"],
                        "\(key) excused because \"\(reason)\", expected \(expected.excusedBecause ?? "")")
                }
            }
            for (key, _) in excused
            where truth.expected[key]?.verdict != .excused
                && truth.expected[key]?.alsoAllowed.contains(.stillFailing) != true
            {
                fail(
                    "excused failures equal the ground truth", ["insights.json excusedFailures"],
                    "\(key) is excused, but its verdict is \(truth.expected[key]?.verdict.rawValue ?? "not a test of the run")"
                )
            }
            checkVerdictList(insights)
        } else {
            fail("insights.json is written", ["insights.json"], "missing or not JSON")
        }
        // The CLI's gate lines: the tests under "no new failures".
        let lines = outputs.run.stdout.components(separatedBy: "\n")
        if let gate = lines.firstIndex(where: { $0.contains("no new failures") && $0.contains("GATE FAILED") }) {
            var listed: Set<String> = []
            var more = 0
            for line in lines[(gate + 1)...] {
                guard line.hasPrefix("    ") else { break }
                listed.formUnion(keys(in: line))
                more += MarkdownSurface.moreCount(line) ?? 0
            }
            if more > 0 ? !(listed.isSubset(of: new) && listed.count + more == new.count) : listed != new {
                fail(
                    "new failures equal the ground truth", ["canopy run stdout", "ground truth"],
                    "the failed gate lists \(describe(listed))\(more > 0 ? " and \(more) more" : ""); expected \(describe(new))"
                )
            }
        } else if !new.isEmpty {
            fail(
                "exit code follows the gates", ["canopy run stdout"],
                "no failed \"no new failures\" gate line, expected one for \(describe(new))")
        }
    }

    /// insights.json `verdicts[]` (when Canopy writes it): one entry per test that is not plainly
    /// passed and stable, each with the ground truth's outcome, verdict, excuse, state and since.
    mutating func checkVerdictList(_ insights: [String: Any]) {
        guard let verdicts = insights["verdicts"] as? [[String: Any]] else { return }
        var byKey: [String: [String: Any]] = [:]
        for entry in verdicts { if let key = entry["key"] as? String { byKey[key] = entry } }
        for (key, expected) in truth.expected {
            guard let entry = byKey[key] else {
                if !(expected.outcome == .passed && (expected.state == .stable || expected.state == nil)) {
                    fail(
                        "each test's verdict equals the ground truth", ["insights.json verdicts"],
                        "\(key) (\(expected.outcome.rawValue), \(expected.verdict.rawValue)) has no entry")
                }
                continue
            }
            let surfaces = ["insights.json verdicts", "ground truth"]
            if let outcome = entry["outcome"] as? String, outcome != expected.outcome.rawValue {
                fail(
                    "each test's verdict equals the ground truth", surfaces,
                    "\(key) outcome \(outcome), expected \(expected.outcome.rawValue)")
            }
            if let verdict = entry["verdict"] as? String, verdict != expected.verdict.rawValue,
                !expected.alsoAllowed.map(\.rawValue).contains(verdict)
            {
                fail(
                    "each test's verdict equals the ground truth", surfaces,
                    "\(key) verdict \(verdict), expected \(expected.verdict.rawValue)")
            }
            let because = entry["excusedBecause"] as? String
            if expected.verdict == .excused, because != expected.excusedBecause,
                !(because == nil && expected.alsoAllowed.contains(.stillFailing))
            {
                fail(
                    "each test's verdict equals the ground truth", surfaces,
                    "\(key) excusedBecause \(because ?? "null"), expected \(expected.excusedBecause ?? "null")")
            }
            if let state = entry["state"] as? String, let expectedState = expected.state,
                state != expectedState.rawValue
            {
                fail(
                    "each test's verdict equals the ground truth", surfaces,
                    "\(key) state \(state), expected \(expectedState.rawValue)")
            }
            if let since = entry["since"] as? [String: Any], let commit = since["commit"] as? String {
                if scenario.isPullRequest
                    && !scenario.mainCommits.contains(where: { $0.hasPrefix(commit) || commit.hasPrefix($0) })
                {
                    fail(
                        "on a pull request, since names a target-branch commit", ["insights.json verdicts"],
                        "\(key) since \(commit)")
                }
                if let expectedSince = expected.since, expected.verdict == .stillFailing,
                    !(expectedSince.hasPrefix(commit) || commit.hasPrefix(expectedSince))
                {
                    fail(
                        "each test's verdict equals the ground truth", surfaces,
                        "\(key) since \(commit), expected \(expectedSince)")
                }
            }
            let quarantine = entry["quarantine"] as? [String: Any]
            if let entry = expected.quarantine, entry.active {
                if quarantine == nil || (quarantine?["expires"] as? String)?.hasPrefix(entry.expires) != true
                    || (quarantine?["reason"] as? String) != entry.reason
                {
                    fail(
                        "quarantine is shown wherever the quarantined test is", ["insights.json verdicts"],
                        "\(key): quarantine \(quarantine.map { "\($0)" } ?? "null"), expected \(entry.reason) until \(entry.expires)"
                    )
                }
            } else if quarantine != nil {
                fail(
                    "quarantine is shown wherever the quarantined test is", ["insights.json verdicts"],
                    "\(key) is not quarantined")
            }
        }
    }

    // MARK: - since on a pull request

    /// On a pull request every "since" names a commit of the target branch.
    mutating func checkPullRequestSince() {
        guard scenario.isPullRequest, !truth.unreadable else { return }
        let pattern = try! NSRegularExpression(pattern: #"since\s+(?:<code>)?([0-9a-f]{7,40})"#)
        var texts = markdown.filter { !$0.0.hasPrefix("trend") }
        texts += pages.filter { !$0.0.hasPrefix("trend") }
        if let latest = trendLatestTab { texts.append(("trend latest-run tab", latest)) }
        for (name, text) in texts {
            let ns = text as NSString
            var bad: Set<String> = []
            for match in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
                let commit = ns.substring(with: match.range(at: 1))
                if !scenario.mainCommits.contains(where: { $0.hasPrefix(commit) }) { bad.insert(commit) }
            }
            if !bad.isEmpty {
                let own = bad.contains { scenario.current.commit.hasPrefix($0) }
                fail(
                    "on a pull request, since names a target-branch commit", [name],
                    "since \(bad.sorted().joined(separator: ", "))\(own ? " (the pull request's own commit)" : "")")
            }
        }
    }
}
