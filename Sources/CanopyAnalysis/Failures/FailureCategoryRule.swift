/// One failure category: a case-insensitive regular expression tried over some fields of a
/// failure. Categories are ordered and the first match wins.
package struct FailureCategoryRule: Sendable, Equatable, Hashable, Codable {
    /// The parts of a failure a rule looks at.
    package enum Field: String, Sendable, Equatable, Hashable, Codable, CaseIterable {
        /// The failure message.
        case message
        /// The producer's failure type (`AssertionError`).
        case type
        /// The failure body or stack trace.
        case detail
        /// The attempt's captured standard output and error.
        case output
        /// The raw identifier the failure was mapped to.
        case identifier
    }

    /// The category name (`name`): `elementNotFound`, or your own.
    package var name: String
    /// The regular expression (`pattern`), case-insensitive.
    package var pattern: String
    /// The fields the pattern is tried on (`fields`, default `message` and `type`).
    package var fields: [Field]
    /// Whether the category blames the test infrastructure, not the app (`infrastructure`, default false).
    package var infrastructure: Bool
    /// A line for people (`description`).
    package var description: String?
    /// What usually fixes a failure of this category, one line for people (`fix`).
    package var fix: String?

    package init(
        name: String, pattern: String, fields: [Field] = [.message, .type], infrastructure: Bool = false,
        description: String? = nil, fix: String? = nil
    ) {
        self.name = name
        self.pattern = pattern
        self.fields = fields
        self.infrastructure = infrastructure
        self.description = description
        self.fix = fix
    }

    private enum CodingKeys: String, CodingKey {
        case name, pattern, fields, infrastructure, description, fix
    }

    /// Decodes with defaults for the optional keys.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        pattern = try container.decode(String.self, forKey: .pattern)
        fields = try container.decodeIfPresent([Field].self, forKey: .fields) ?? [.message, .type]
        infrastructure = try container.decodeIfPresent(Bool.self, forKey: .infrastructure) ?? false
        description = try container.decodeIfPresent(String.self, forKey: .description)
        fix = try container.decodeIfPresent(String.self, forKey: .fix)
    }
}
