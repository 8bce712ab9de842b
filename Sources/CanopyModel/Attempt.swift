/// One execution of a test: the first run, a retry, a repetition or a rerun.
package struct Attempt: Sendable, Equatable, Hashable, Codable {
    package var outcome: Outcome
    /// Seconds, when the producer reported a usable time.
    package var duration: Double?
    /// The producer's name for this attempt (`First Run`, `Retry 1`, `rerunFailure`).
    package var label: String?
    package var failures: [Failure]
    /// The reason given for a skip or an expected failure.
    package var skipReason: String?
    /// Captured standard output, bounded by the parser (a truncation marker says how much was cut).
    package var output: String?
    /// Captured standard error, bounded like `output`.
    package var errorOutput: String?
    /// Where in its input this attempt was read.
    package var origin: SourceLocation?
    /// The step log of a failing attempt (an `.xcresult` bundle's activities), in order; nil when
    /// the producer records none.
    package var steps: [Step]?
    /// What the attempt attached (screenshots first of all), in the order taken; nil when none
    /// was read.
    package var attachments: [AttemptAttachment]?
    /// The XCTMetrics the attempt measured, in the producer's order; nil when none was read.
    package var metrics: [MetricMeasurement]?

    package init(
        outcome: Outcome, duration: Double? = nil, label: String? = nil, failures: [Failure] = [],
        skipReason: String? = nil, output: String? = nil, errorOutput: String? = nil, origin: SourceLocation? = nil
    ) {
        self.outcome = outcome
        self.duration = duration
        self.label = label
        self.failures = failures
        self.skipReason = skipReason
        self.output = output
        self.errorOutput = errorOutput
        self.origin = origin
    }
}
