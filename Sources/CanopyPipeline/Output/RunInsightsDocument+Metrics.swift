import CanopyModel
import CanopyRender

extension RunInsightsDocument {
    /// One metric's change in `insights.json`: the `MetricChange` as computed, its relative
    /// change and the sentence every surface shows.
    struct MetricChangeEntry: Encodable {
        var change: MetricChange
        var relativeChange: Double?
        var line: String

        init(_ change: MetricChange) {
            self.change = change
            relativeChange = change.relativeChange
            line = change.sentence
        }

        private enum CodingKeys: String, CodingKey { case relativeChange, line }

        func encode(to encoder: any Encoder) throws {
            try change.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(relativeChange, forKey: .relativeChange)
            try container.encode(line, forKey: .line)
        }
    }
}
