/// A test and every attempt of it within one run.
public struct TestCase: Sendable, Equatable, Hashable, Codable, Identifiable {
    public var identity: TestIdentity
    /// Attempts in execution order.
    public var attempts: [Attempt]
    /// Where the test is declared, when the producer says.
    public var location: SourceLocation?
    /// Tags or traits (`Swift Testing` tags, pytest markers).
    public var tags: [String]

    public init(identity: TestIdentity, attempts: [Attempt] = [], location: SourceLocation? = nil, tags: [String] = []) {
        self.identity = identity
        self.attempts = attempts
        self.location = location
        self.tags = tags
    }

    public var id: String { identity.key }

    /// The final outcome derived from the attempts.
    public var outcome: TestOutcome { TestOutcome(attempts: attempts.lazy.map(\.outcome)) }

    /// The sum of the known attempt durations, or nil when none is known.
    public var duration: Double? {
        var total = 0.0
        var known = false
        for attempt in attempts {
            if let duration = attempt.duration {
                total += duration
                known = true
            }
        }
        return known ? total : nil
    }

    /// All failures of all attempts, in order.
    public var failures: [Failure] { attempts.flatMap(\.failures) }
}
