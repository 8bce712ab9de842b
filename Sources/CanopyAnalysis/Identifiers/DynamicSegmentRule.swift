import CanopyModel

/// One dynamic-segment rule: a run of segments matching `pattern` becomes `{placeholder}`.
package struct DynamicSegmentRule: Sendable, Equatable, Hashable, Codable {
    /// Where in the identifier the match may sit.
    package enum Position: String, Sendable, Equatable, Hashable, Codable {
        /// Anywhere.
        case any
        /// Only as the last segment(s): `Feed.Cell.4`.
        case last
        /// Only before another segment: `Podcast-123-row`.
        case inner
    }

    /// The placeholder name, written `{name}` in templates (`placeholder`).
    package var placeholder: String
    /// A regular expression matched against whole segments starting at a segment boundary and
    /// ending at one; it may span separators (a UUID spans four dashes) (`pattern`).
    package var pattern: String
    /// `any`, `last` or `inner` (`position`, default `any`).
    package var position: Position

    package init(placeholder: String, pattern: String, position: Position = .any) {
        self.placeholder = placeholder
        self.pattern = pattern
        self.position = position
    }

    /// UUIDs, dates, hex hashes, lowercase dashed data slugs with a digit inside a dotted identifier
    /// (`Episode.how-to-cook-2.row`), list indexes at the end, numeric ids. Rules match whole segments
    /// only, so digits inside a word (`tab2`) are never touched. Case-sensitive.
    package static let defaults = [
        DynamicSegmentRule(
            placeholder: "uuid", pattern: "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"),
        DynamicSegmentRule(
            placeholder: "date",
            pattern: #"\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?"#),
        DynamicSegmentRule(placeholder: "hash", pattern: "(?=[0-9a-f]*[0-9])(?=[0-9a-f]*[a-f])[0-9a-f]{8,64}"),
        DynamicSegmentRule(
            placeholder: "slug", pattern: #"(?<=[._])(?=[a-z0-9-]*[0-9])[a-z0-9]+(?:-[a-z0-9]+){2,}(?=[._])"#,
            position: .inner),
        DynamicSegmentRule(placeholder: "index", pattern: #"(?<=\.)\d+"#, position: .last),
        DynamicSegmentRule(placeholder: "id", pattern: #"\d+"#),
    ]
}
