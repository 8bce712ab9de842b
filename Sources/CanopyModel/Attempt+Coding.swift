extension Attempt {
    /// The keys of an attempt's JSON (`canopy.inspect/2`, `report.json`). An expected failure's
    /// reason is written under `expectedFailureReason`, a skip's under `skipReason`: the two are
    /// different things to a reader, though both are kept in `skipReason`.
    enum CodingKeys: String, CodingKey {
        case outcome, duration, label, failures, skipReason, expectedFailureReason, output, errorOutput, origin
        case steps, attachments, metrics
    }

    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            outcome: try container.decode(Outcome.self, forKey: .outcome),
            duration: try container.decodeIfPresent(Double.self, forKey: .duration),
            label: try container.decodeIfPresent(String.self, forKey: .label),
            failures: try container.decode([Failure].self, forKey: .failures),
            skipReason: try container.decodeIfPresent(String.self, forKey: .skipReason)
                ?? container.decodeIfPresent(String.self, forKey: .expectedFailureReason),
            output: try container.decodeIfPresent(String.self, forKey: .output),
            errorOutput: try container.decodeIfPresent(String.self, forKey: .errorOutput),
            origin: try container.decodeIfPresent(SourceLocation.self, forKey: .origin))
        steps = try container.decodeIfPresent([Step].self, forKey: .steps)
        attachments = try container.decodeIfPresent([AttemptAttachment].self, forKey: .attachments)
        metrics = try container.decodeIfPresent([MetricMeasurement].self, forKey: .metrics)
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(outcome, forKey: .outcome)
        try container.encodeIfPresent(duration, forKey: .duration)
        try container.encodeIfPresent(label, forKey: .label)
        try container.encode(failures, forKey: .failures)
        try container.encodeIfPresent(
            skipReason, forKey: outcome == .expectedFailure ? .expectedFailureReason : .skipReason)
        try container.encodeIfPresent(output, forKey: .output)
        try container.encodeIfPresent(errorOutput, forKey: .errorOutput)
        try container.encodeIfPresent(origin, forKey: .origin)
        try container.encodeIfPresent(steps, forKey: .steps)
        try container.encodeIfPresent(attachments, forKey: .attachments)
        try container.encodeIfPresent(metrics, forKey: .metrics)
    }
}
