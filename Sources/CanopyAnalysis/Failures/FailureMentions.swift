import CanopyModel

/// Element mentions of every failure and of every failing attempt's output, resolved to raw
/// identifiers (pass 3 of `ReportBuilder`).
struct FailureMentions {
    struct Mention {
        var identifier: String
        var elementType: String?
        var resolution: Resolution
    }

    /// What one test's attempts mention; empty for a test that is not `isRelevant`.
    struct TestMentions {
        /// Per attempt, per failure: the element the failure itself names.
        var failures: [[Mention?]] = []
        /// Per attempt: the distinct elements (identifier and type) its output's activity lines act
        /// on, in order of first mention. A repeat adds no fact, and a failing attempt's log names
        /// the same few elements many times.
        var outputs: [[Mention]] = []
        /// Per attempt: the element the last step before the failure acts on, else the one the
        /// output's last activity line acts on.
        var last: [Mention?] = []
    }

    /// By test, in run order.
    let tests: [TestMentions]

    /// Whether a test has anything to analyse: a failure, or a failing attempt whose output counts.
    /// Takes the attempts, not the test: passing a `TestCase` would copy it, retaining every
    /// field, for every test of every pass.
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
                    var references = IdentifierExtractor.targets(in: failure.message)
                    if let detail = failure.detail { references += IdentifierExtractor.targets(in: detail) }
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
        self.tests = ParallelMap.map(tests.count) { testIndex in
            guard Self.isRelevant(tests[testIndex].attempts) else { return TestMentions() }
            var failures: [[Mention?]] = []
            var outputs: [[Mention]] = []
            var last: [Mention?] = []
            for (attemptIndex, attempt) in tests[testIndex].attempts.enumerated() {
                failures.append(
                    extracted[testIndex][attemptIndex].map { Self.primary($0, index: index, explicit: explicit) })
                var mentions: [Mention] = []
                var seen: Set<MentionKey> = []
                var lastMention: Mention?
                for text in [attempt.output, attempt.errorOutput].compactMap({ $0 }) where attempt.outcome.isFailure {
                    for reference in IdentifierExtractor.references(in: text) {
                        if let resolved = index.resolve(reference, explicit: explicit) {
                            let mention = Mention(
                                identifier: resolved.identifier, elementType: reference.elementType,
                                resolution: .activity)
                            lastMention = mention
                            if Self.isNew(mention, in: mentions, seen: &seen) { mentions.append(mention) }
                        }
                    }
                }
                // The steps up to the first that failed (a bundle's activities): the last element
                // they name is the one the failure was most likely about.
                if attempt.outcome.isFailure, let steps = attempt.steps {
                    var lastStep: Mention?
                    for step in steps {
                        for reference in IdentifierExtractor.references(in: step.title) {
                            guard let resolved = index.resolve(reference, explicit: explicit) else { continue }
                            let mention = Mention(
                                identifier: resolved.identifier, elementType: reference.elementType, resolution: .step)
                            lastStep = mention
                            if Self.isNew(mention, in: mentions, seen: &seen) { mentions.append(mention) }
                        }
                        if step.failed { break }
                    }
                    if let lastStep { lastMention = lastStep }
                }
                outputs.append(mentions)
                last.append(lastMention)
            }
            return TestMentions(failures: failures, outputs: outputs, last: last)
        }
        identifiers = Self.collect(self.tests)
    }

    /// Whether `mention` is not yet in `mentions`: a linear search while the list is short (a log
    /// names a handful of elements), a set from then on.
    private static func isNew(_ mention: Mention, in mentions: [Mention], seen: inout Set<MentionKey>) -> Bool {
        let key = MentionKey(identifier: mention.identifier, elementType: mention.elementType)
        guard mentions.count >= 16 else {
            return !mentions.contains { $0.identifier == key.identifier && $0.elementType == key.elementType }
        }
        if seen.isEmpty {
            seen = Set(mentions.map { MentionKey(identifier: $0.identifier, elementType: $0.elementType) })
        }
        return seen.insert(key).inserted
    }

    /// The first identifier-syntax mention, else the first mention that resolves.
    private static func primary(_ references: [ExtractedReference], index: ElementIndex, explicit: Set<String>)
        -> Mention?
    {
        let ordered = references.filter { $0.kind == .identifier } + references.filter { $0.kind != .identifier }
        for reference in ordered {
            guard let resolved = index.resolve(reference, explicit: explicit) else { continue }
            // The type the message gives, else the one the snapshots and audits know the element by.
            let type =
                reference.elementType ?? references.first { $0.text == resolved.identifier && $0.elementType != nil }?
                .elementType
                ?? index.elementType(of: resolved.identifier)
            return Mention(identifier: resolved.identifier, elementType: type, resolution: resolved.resolution)
        }
        return nil
    }

    /// Every raw identifier mentioned.
    let identifiers: Set<String>

    /// Gathered per range of tests on every core, then merged: most mentions repeat a few hundred
    /// identifiers, so the few range sets are much smaller than the mentions.
    private static func collect(_ tests: [TestMentions]) -> Set<String> {
        let sets = ParallelMap.mapRanges(tests.count) { range -> Set<String> in
            var found: Set<String> = []
            for test in range {
                for attempt in tests[test].failures {
                    for mention in attempt { if let mention { found.insert(mention.identifier) } }
                }
                for attempt in tests[test].outputs { for mention in attempt { found.insert(mention.identifier) } }
            }
            return found
        }
        guard let largest = sets.indices.max(by: { sets[$0].count < sets[$1].count }) else { return [] }
        var all = sets[largest]
        for index in sets.indices where index != largest { all.formUnion(sets[index]) }
        return all
    }
}
