/// One execution of a test: the first run, a retry, a repetition or a rerun.
public struct Attempt: Sendable, Equatable, Hashable, Codable {
    public var outcome: Outcome
    /// Seconds, when the producer reported a usable time.
    public var duration: Double?
    /// The producer's name for this attempt (`First Run`, `Retry 1`, `rerunFailure`).
    public var label: String?
    public var failures: [Failure]
    /// The reason given for a skip or an expected failure.
    public var skipReason: String?
    /// Captured standard output, bounded by the parser (a truncation marker says how much was cut).
    public var output: String?
    /// Captured standard error, bounded like `output`.
    public var errorOutput: String?
    /// Where in its input this attempt was read.
    public var origin: SourceLocation?
    /// The step log of a failing attempt (an `.xcresult` bundle's activities), in order; nil when
    /// the producer records none.
    public var steps: [Step]?
    /// What the attempt attached (screenshots first of all), in the order taken; nil when none
    /// was read.
    public var attachments: [AttemptAttachment]?

    public init(
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
