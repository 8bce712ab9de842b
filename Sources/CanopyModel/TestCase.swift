/// A test and every attempt of it within one run.
package struct TestCase: Sendable, Equatable, Hashable, Codable, Identifiable {
    package var identity: TestIdentity
    /// Attempts in execution order.
    package var attempts: [Attempt]
    /// Where the test is declared, when the producer says.
    package var location: SourceLocation?
    /// Tags or traits (`Swift Testing` tags, pytest markers).
    package var tags: [String]

    package init(identity: TestIdentity, attempts: [Attempt] = [], location: SourceLocation? = nil, tags: [String] = [])
    {
        self.identity = identity
        self.attempts = attempts
        self.location = location
        self.tags = tags
    }

    package var id: String { identity.key }

    /// The final outcome derived from the attempts.
    package var outcome: TestOutcome { TestOutcome(attempts: attempts.lazy.map(\.outcome)) }

    /// The sum of the known attempt durations to the microsecond (as fine as producers write them,
    /// and what the history store keeps: a run and its stored copy show the same figure), or nil
    /// when none is known.
    package var duration: Double? {
        var total = 0.0
        var known = false
        for attempt in attempts {
            if let duration = attempt.duration {
                total += duration
                known = true
            }
        }
        return known ? (total * 1_000_000).rounded() / 1_000_000 : nil
    }

    /// All failures of all attempts, in order.
    package var failures: [Failure] { attempts.flatMap(\.failures) }
}
