import CanopyConfig
import Foundation

/// `canopy quarantine add|remove|list`: quarantine entries written into canopy.yml, taken out of it
/// and listed from it
/// (docs/configuration.md#quarantine-from-the-command-line).
package struct QuarantineCommand {
    package enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    /// What `add` is asked to write: a `test` or an `identifier` (with an optional `auditType`).
    package struct Request: Sendable {
        package var test: String?
        package var identifier: String?
        package var auditType: String?
        package var reason: String
        /// The last day the entry applies, `YYYY-MM-DD`, as given to `--until`.
        package var until: String
        package var owner: String?

        package init(
            test: String? = nil, identifier: String? = nil, auditType: String? = nil, reason: String, until: String,
            owner: String? = nil
        ) {
            self.test = test
            self.identifier = identifier
            self.auditType = auditType
            self.reason = reason
            self.until = until
            self.owner = owner
        }
    }

    /// The day it is (UTC): `--until` may not name a day before it, and `list` counts the days
    /// since an entry expired from it.
    package var now: Date

    package init(now: Date = Date()) {
        self.now = now
    }

    /// The file the command edits or lists, as the other commands choose it: `--config`, else
    /// `CANOPY_CONFIG`, else `Config/canopy.yml` (`isDefault`, which `add` creates when missing).
    package static func file(explicit: String?, environment: [String: String]) -> (path: String, isDefault: Bool) {
        if let explicit { return (explicit, false) }
        if let named = environment["CANOPY_CONFIG"], !named.isEmpty { return (named, false) }
        return (ConfigurationLoader.defaultPath, true)
    }

    /// The entry `request` asks for, or a usage error naming the argument that is wrong.
    package func entry(for request: Request) throws -> QuarantineEntry {
        switch (request.test, request.identifier) {
        case (nil, nil): throw PipelineError.usage("give the test to quarantine (a test key) or --identifier ID")
        case (.some, .some): throw PipelineError.usage("give a test or --identifier, not both: an entry covers one")
        default: break
        }
        if request.test != nil, request.auditType != nil {
            throw PipelineError.usage(
                "--audit-type narrows an --identifier entry to one kind of audit issue; a test is quarantined as a whole"
            )
        }
        try Self.check(request.test, named: "<test>", what: "a test key (Class/name; * matches anything)")
        try Self.check(request.identifier, named: "--identifier", what: "an identifier or template")
        try Self.check(request.auditType, named: "--audit-type", what: "an audit type (contrast, dynamicType, …)")
        try Self.check(request.reason, named: "--reason", what: "why the test is quarantined, such as a ticket")
        let expires: Date
        do throws(ISO8601Time.Problem) {
            // A day only: `expires` is a day, and a time would read as the day it falls on.
            guard request.until.utf8.count == 10 else { throw .form }
            expires = try ISO8601Time.date(request.until)
        } catch {
            let detail = error == .form ? "" : ": \(error)"
            throw PipelineError.usage(
                "--until '\(request.until.debugDescription.dropFirst().dropLast())' is not a day\(detail); write the last day the quarantine applies as YYYY-MM-DD, such as \(QuarantineEditor.day(now.addingTimeInterval(30 * 86_400)))"
            )
        }
        let today = QuarantineEditor.day(now)
        if QuarantineEditor.day(expires) < today {
            throw PipelineError.usage(
                "--until \(request.until) is in the past (today is \(today), UTC); give the last day the quarantine should apply"
            )
        }
        if let owner = request.owner, let problem = QuarantineEntry.ownerProblem(owner) {
            throw PipelineError.usage("--owner \(problem)")
        }
        return QuarantineEntry(
            test: request.test, identifier: request.identifier, auditType: request.auditType, reason: request.reason,
            expires: expires, owner: request.owner)
    }

    /// Adds the entry to `path` (or updates every one covering the same test or identifier) through
    /// `ConfigFileEditor`: under the file's lock, written whole (a temporary file with the file's
    /// permissions, owner and group, then a rename) only once the edit reads back as intended.
    /// - Parameter create: whether a missing file is created (the default `Config/canopy.yml`).
    /// - Returns: the line to print per entry (`Config/canopy.yml:78: added test … until 2026-12-31`).
    package func add(_ request: Request, path: String, create: Bool) throws -> [String] {
        let entry = try entry(for: request)
        let result: QuarantineEditor.Result
        do {
            result = try ConfigFileEditor.edit(path, create: create) { text in
                let result = try QuarantineEditor.edit(text, file: path, entry: entry)
                return (result.text, result)
            }
        } catch let error as ConfigurationError {
            throw PipelineError.configuration(error)
        } catch let error as ConfigFileEditor.WriteError {
            throw PipelineError.output(path: error.path, reason: error.reason)
        }
        return result.entries.map { written in
            let place = written.location.map(Self.fileAndLine) ?? path
            return "\(place): \(result.change.rawValue) \(Self.covers(written)) until \(request.until)"
        }
    }

    /// Removes every entry covering the test (or the identifier with the same audit type) from
    /// `path`, through `ConfigFileEditor` as `add` writes; no entry covering it is exit 2.
    /// - Returns: the line to print per entry removed (`Config/canopy.yml:78: removed test …`).
    package func remove(test: String?, identifier: String?, auditType: String?, path: String) throws -> [String] {
        switch (test, identifier) {
        case (nil, nil):
            throw PipelineError.usage("give the test to take out of quarantine (a test key) or --identifier ID")
        case (.some, .some): throw PipelineError.usage("give a test or --identifier, not both: an entry covers one")
        default: break
        }
        if test != nil, auditType != nil {
            throw PipelineError.usage("--audit-type narrows an --identifier entry; a test is quarantined as a whole")
        }
        let covering = QuarantineEntry(test: test, identifier: identifier, auditType: auditType)
        let result: QuarantineEditor.Result
        do {
            result = try ConfigFileEditor.edit(path) { text in
                let result = try QuarantineEditor.remove(text, file: path, covering: covering)
                return (result.text, result)
            }
        } catch let error as ConfigurationError {
            throw PipelineError.configuration(error)
        } catch let error as ConfigFileEditor.WriteError {
            throw PipelineError.output(path: error.path, reason: error.reason)
        }
        return result.entries.map { removed in
            "\(removed.location.map(Self.fileAndLine) ?? path): removed \(Self.covers(removed))"
        }
    }

    /// The entries of the configuration file chosen as `file(explicit:environment:)` chooses it, as
    /// a table or as JSON; a missing `Config/canopy.yml` has none.
    package func list(explicit: String?, environment: [String: String], format: Format) throws -> String {
        let path = Self.file(explicit: explicit, environment: environment).path
        let configuration: CanopyConfiguration
        do {
            configuration = try ConfigurationLoader.load(explicit: explicit, environment: environment)
        } catch let error as ConfigurationError {
            throw PipelineError.configuration(error)
        }
        let entries = configuration.quarantine
        switch format {
        case .json:
            let document = ListDocument(
                file: path, entries: entries.map { ListedEntry($0, expiredDays: expiredDays($0)) })
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        case .text:
            guard !entries.isEmpty else { return "\(path): no quarantine entries\n" }
            var rows = [["COVERS", "EXPIRES", "OWNER", "WHERE", "REASON"]]
            for entry in entries {
                var expiry = entry.expires.map(QuarantineEditor.day) ?? "never"
                if let days = expiredDays(entry) {
                    expiry += days == 1 ? ", expired 1 day ago" : ", expired \(days) days ago"
                }
                rows.append([
                    Self.covers(entry), expiry, entry.owner ?? "–", entry.location.map(Self.fileAndLine) ?? path,
                    entry.reason ?? "–",
                ])
            }
            let widths = (0..<4).map { column in rows.map { $0[column].count }.max() ?? 0 }
            let lines = rows.map { row in
                (0..<4).map { row[$0].padding(toLength: widths[$0] + 2, withPad: " ", startingAt: 0) }.joined()
                    + row[4]
            }
            return lines.joined(separator: "\n") + "\n"
        }
    }

    /// Whole days from an expired entry's last day to today; nil for an entry that still applies.
    func expiredDays(_ entry: QuarantineEntry) -> Int? {
        guard let expires = entry.expires, !entry.isActive(on: now),
            let today = try? ISO8601Time.date(QuarantineEditor.day(now))
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return max(1, calendar.dateComponents([.day], from: expires, to: today).day ?? 1)
    }

    /// `test AppUITests.FeedTests/testPullToRefresh`, `identifier Podcast-{id}-row (contrast)`.
    static func covers(_ entry: QuarantineEntry) -> String {
        if let test = entry.test { return "test \(test)" }
        return "identifier \(entry.identifier ?? "?")" + (entry.auditType.map { " (\($0))" } ?? "")
    }

    /// `Config/canopy.yml:78` of a location `Config/canopy.yml:78 (quarantine[0])`.
    static func fileAndLine(_ location: String) -> String {
        guard let range = location.range(of: " (quarantine[", options: .backwards) else { return location }
        return String(location[..<range.lowerBound])
    }

    /// An argument must be one line of text: a control character (a newline, an escape) would
    /// make an entry no report shows as written.
    private static func check(_ value: String?, named argument: String, what: String) throws {
        guard let value else { return }
        if value.trimmingCharacters(in: .whitespaces).isEmpty {
            throw PipelineError.usage("\(argument) is empty; give \(what)")
        }
        if let control = value.unicodeScalars.first(where: {
            $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
        }) {
            throw PipelineError.usage(
                "\(argument) \(value.debugDescription) holds the control character U+\(String(format: "%04X", control.value)); give \(what) on one line"
            )
        }
    }

    private struct ListDocument: Encodable {
        var file: String
        var entries: [ListedEntry]
    }

    private struct ListedEntry: Encodable {
        var test: String?
        var identifier: String?
        var auditType: String?
        var reason: String?
        var expires: String?
        var expired: Bool
        var expiredDaysAgo: Int?
        var owner: String?
        var location: String?

        init(_ entry: QuarantineEntry, expiredDays: Int?) {
            test = entry.test
            identifier = entry.identifier
            auditType = entry.auditType
            reason = entry.reason
            expires = entry.expires.map(QuarantineEditor.day)
            expired = expiredDays != nil
            expiredDaysAgo = expiredDays
            owner = entry.owner
            location = entry.location
        }
    }
}
