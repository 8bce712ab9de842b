import Foundation

/// A known problem the gates ignore until it expires (`quarantine:` in canopy.yml).
package struct QuarantineEntry: Sendable, Equatable {
    /// A test key (`Class/name`) or a pattern with `*` (`AppUITests.FeedTests/*`).
    package var test: String?
    /// An identifier or template (`Podcast-{id}-row`) whose audit issues are known.
    package var identifier: String?
    /// Restricts an identifier entry to one audit type.
    package var auditType: String?
    package var reason: String?
    /// Who looks after the entry: a GitHub user or team (`@ios-team`), starting with `@`.
    package var owner: String?
    /// After this day the entry no longer applies, and a warning says so.
    package var expires: Date?
    /// Where the entry is written (`Config/canopy.yml:42 (quarantine[2])`), for warnings about it;
    /// nil for an entry not read from a file.
    package var location: String?

    package init(
        test: String? = nil, identifier: String? = nil, auditType: String? = nil, reason: String? = nil,
        expires: Date? = nil, owner: String? = nil
    ) {
        self.test = test
        self.identifier = identifier
        self.auditType = auditType
        self.reason = reason
        self.expires = expires
        self.owner = owner
    }

    /// Why `owner` is not a user or team handle (`@ios-team`, `@org/ios`), or nil when it is one.
    package static func ownerProblem(_ owner: String) -> String? {
        guard owner.hasPrefix("@"), owner.count > 1 else {
            return "'\(owner)' does not start with @; name a user or team, such as @ios-team"
        }
        if owner.unicodeScalars.contains(where: {
            $0.properties.isWhitespace || $0.properties.generalCategory == .control
        }) {
            return
                "'\(owner.debugDescription.dropFirst().dropLast())' holds a space or control character; name one user or team, such as @ios-team"
        }
        return nil
    }

    /// Whether the entry still applies on `date`.
    package func isActive(on date: Date) -> Bool {
        guard let expires else { return true }
        return date <= expires.addingTimeInterval(24 * 3600)
    }

    /// Whether a test key is covered by this entry.
    package func matches(testKey: String) -> Bool {
        guard let test else { return false }
        return QuarantineEntry.glob(test, matches: testKey)
    }

    /// Whether an audit issue on an identifier (raw or template) is covered by this entry.
    package func matches(identifier candidate: String?, auditType type: String) -> Bool {
        guard let identifier, let candidate else { return false }
        if let auditType, auditType != type { return false }
        return QuarantineEntry.glob(identifier, matches: candidate)
    }

    /// `*` matches any run of characters; everything else literally.
    package static func glob(_ pattern: String, matches text: String) -> Bool {
        let parts = pattern.split(separator: "*", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return pattern == text }
        var rest = Substring(text)
        guard let first = parts.first, rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        for (index, part) in parts.enumerated().dropFirst() {
            if index == parts.count - 1 { return part.isEmpty || rest.hasSuffix(part) }
            guard let range = rest.range(of: part) else { return false }
            rest = rest[range.upperBound...]
        }
        return true
    }
}
