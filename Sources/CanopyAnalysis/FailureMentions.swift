import CanopyModel

/// Element mentions of every failure and of every failing attempt's output, resolved to raw
/// identifiers (pass 3 of `ReportBuilder`).
struct FailureMentions {
    struct Mention {
        var identifier: String
        var elementType: String?
        var resolution: Resolution
    }

    /// Per test, per attempt, per failure: the element the failure itself names. Empty for a test
    /// that is not `isRelevant`.
    private(set) var byFailure: [[[Mention?]]] = []
    /// Per test, per attempt: the distinct elements (identifier and type) its output's activity
    /// lines act on, in order of first mention. A repeat adds no fact, and a failing attempt's log
    /// names the same few elements many times (measured: most of the mentions of the bench report).
    private(set) var byOutput: [[[Mention]]] = []
    /// Per test, per attempt: the element the output's last activity line acts on.
    private(set) var lastOutput: [[Mention?]] = []

    /// Whether a test has anything to analyse: a failure, or a failing attempt whose output counts.
    /// Takes the attempts, not the test: passing a `TestCase` copied it (retaining every field;
    /// measured ~6% of the analysis when done for every test of every pass).
    static func isRelevant(_ attempts: [Attempt]) -> Bool {
        attempts.contains { !$0.failures.isEmpty || $0.outcome.isFailure }
    }

    private struct MentionKey: Hashable {
        var identifier: String
        var elementType: String?
    }

    init(run: Run, index: ElementIndex) {
        let tests = run.tests
        // Both passes are pure per test and run on every core (`ParallelMap`); passing tests
        // (most of them) have nothing to extract.
        let extracted: [[[[ExtractedReference]]]] = ParallelMap.map(tests.count) { testIndex in
            guard Self.isRelevant(tests[testIndex].attempts) else { return [] }
            return tests[testIndex].attempts.map { attempt in
                attempt.failures.map { failure in
                    var references = IdentifierExtractor.references(in: failure.message)
                    if let detail = failure.detail { references += IdentifierExtractor.references(in: detail) }
                    return references
                }
            }
        }
        var explicit: Set<String> = []
        for test in extracted {
            for attempt in test {
                for references in attempt {
                    for reference in references where reference.kind == .identifier { explicit.insert(reference.text) }
                }
            }
        }
        let resolved: [(failures: [[Mention?]], outputs: [[Mention]], last: [Mention?])] = ParallelMap.map(tests.count) { testIndex in
            guard Self.isRelevant(tests[testIndex].attempts) else { return ([], [], []) }
            var failures: [[Mention?]] = []
            var outputs: [[Mention]] = []
            var last: [Mention?] = []
            for (attemptIndex, attempt) in tests[testIndex].attempts.enumerated() {
                failures.append(extracted[testIndex][attemptIndex].map { Self.primary($0, index: index, explicit: explicit) })
                var mentions: [Mention] = []
                var seen: Set<MentionKey> = []
                var lastMention: Mention?
                for text in [attempt.output, attempt.errorOutput].compactMap({ $0 }) where attempt.outcome.isFailure {
                    for reference in IdentifierExtractor.references(in: text) {
                        if let resolved = index.resolve(reference, explicit: explicit) {
                            let mention = Mention(identifier: resolved.identifier, elementType: reference.elementType, resolution: .activity)
                            lastMention = mention
                            if seen.insert(MentionKey(identifier: mention.identifier, elementType: mention.elementType)).inserted {
                                mentions.append(mention)
                            }
                        }
                    }
                }
                outputs.append(mentions)
                last.append(lastMention)
            }
            return (failures, outputs, last)
        }
        byFailure = resolved.map(\.failures)
        byOutput = resolved.map(\.outputs)
        lastOutput = resolved.map(\.last)
        identifiers = Self.collect(byFailure, byOutput)
    }

    /// The first identifier-syntax mention, else the first mention that resolves.
    private static func primary(_ references: [ExtractedReference], index: ElementIndex, explicit: Set<String>) -> Mention? {
        let ordered = references.filter { $0.kind == .identifier } + references.filter { $0.kind != .identifier }
        for reference in ordered {
            guard let resolved = index.resolve(reference, explicit: explicit) else { continue }
            let type = reference.elementType ?? references.first { $0.text == resolved.identifier && $0.elementType != nil }?.elementType
            return Mention(identifier: resolved.identifier, elementType: type, resolution: resolved.resolution)
        }
        return nil
    }

    /// Every raw identifier mentioned.
    private(set) var identifiers: Set<String> = []

    private static func collect(_ byFailure: [[[Mention?]]], _ byOutput: [[[Mention]]]) -> Set<String> {
        var all: Set<String> = []
        for test in byFailure { for attempt in test { for mention in attempt { if let mention { all.insert(mention.identifier) } } } }
        for test in byOutput { for attempt in test { for mention in attempt { all.insert(mention.identifier) } } }
        return all
    }
}
