import Foundation

/// The rules `canopy check` and the end of `canopy run` enforce (`gates:` in canopy.yml).
/// A nil limit is not checked.
package struct GateConfiguration: Sendable, Equatable {
    /// Minimum identifier coverage of interactive elements, 0…1.
    package var minimumCoverage: Double?
    /// Maximum drop of identifier coverage against the baseline, in points of 0…1 (0.02 = 2 points).
    package var maximumCoverageDrop: Double?
    /// Maximum failing tests that did not fail in the baseline (quarantined tests excluded).
    package var maximumNewFailures: Int?
    /// Maximum failing tests, new or not (quarantined tests excluded; known flaky ones count, as
    /// they failed). Off unless set: `maximumNewFailures` is the gate that history makes fair.
    package var maximumFailures: Int?
    /// Maximum tests that became flaky against the baseline.
    package var maximumNewFlakyTests: Int?
    /// Maximum accessibility audit errors that the baseline did not have.
    package var maximumNewAuditErrors: Int?
    /// Maximum failures per cause category (`elementNotFound: 0`).
    package var maximumFailuresPerCategory: [String: Int]
    /// Minimum tests in the run's test results (JUnit, xcresult). Nil means 1, a gate listed only
    /// when it fails; 0 turns it off.
    package var minimumTests: Int?

    package init(
        minimumCoverage: Double? = nil, maximumCoverageDrop: Double? = nil, maximumNewFailures: Int? = 0,
        maximumNewFlakyTests: Int? = nil, maximumNewAuditErrors: Int? = 0, maximumFailuresPerCategory: [String: Int] = [:]
    ) {
        self.minimumCoverage = minimumCoverage
        self.maximumCoverageDrop = maximumCoverageDrop
        self.maximumNewFailures = maximumNewFailures
        self.maximumNewFlakyTests = maximumNewFlakyTests
        self.maximumNewAuditErrors = maximumNewAuditErrors
        self.maximumFailuresPerCategory = maximumFailuresPerCategory
    }
}

/// A known problem the gates ignore until it expires (`quarantine:` in canopy.yml).
package struct QuarantineEntry: Sendable, Equatable {
    /// A test key (`Class/name`) or a pattern with `*` (`AppUITests.FeedTests/*`).
    package var test: String?
    /// An identifier or template (`Podcast-{id}-row`) whose audit issues are known.
    package var identifier: String?
    /// Restricts an identifier entry to one audit type.
    package var auditType: String?
    package var reason: String?
    /// After this day the entry no longer applies, and a warning says so.
    package var expires: Date?

    package init(test: String? = nil, identifier: String? = nil, auditType: String? = nil, reason: String? = nil, expires: Date? = nil) {
        self.test = test
        self.identifier = identifier
        self.auditType = auditType
        self.reason = reason
        self.expires = expires
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
    static func glob(_ pattern: String, matches text: String) -> Bool {
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
