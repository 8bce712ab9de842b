import CanopyModel

/// Categorises, normalises and fingerprints every failure and maps it to its element
/// (pass 6 of `ReportBuilder`).
struct FailureCorrelator {
    let categorizer: FailureCategorizer
    let normalizer: MessageNormalizer
    /// Raw identifier → template.
    let templates: [String: String]

    /// Failure records in test, attempt and failure order; records the tests, failed tests and
    /// tests passed on retry into `facts` by template.
    func records(run: Run, mentions: FailureMentions, facts: inout NodeFactTable) -> [FailureRecord] {
        let tests = run.tests
        // Normalising and categorising are pure per message: done for every failure first, on
        // every core.
        let prepared: [[[PreparedFailure]]] = ParallelMap.map(tests.count) { testIndex in
            guard FailureMentions.isRelevant(tests[testIndex].attempts) else { return [] }
            return tests[testIndex].attempts.enumerated().map { attemptIndex, attempt in
                attempt.failures.enumerated().map { failureIndex, failure in
                    let normalized = normalizer.normalize(failure.message)
                    let template = mentions.tests[testIndex].failures[attemptIndex][failureIndex].map {
                        templates[$0.identifier] ?? $0.identifier
                    }
                    return PreparedFailure(
                        normalized: normalized, template: template,
                        subjectKey: normalized + "\u{1F}" + (failure.type ?? "") + "\u{1F}" + (template ?? ""))
                }
            }
        }
        let categories = categories(tests: tests, prepared: prepared)
        // Test numbers first, in run order, so that every pass numbers a key alike. (`prepared` is
        // empty for a test with nothing to analyse.)
        var numbers = [Int](repeating: -1, count: tests.count)
        for testIndex in tests.indices where !prepared[testIndex].isEmpty {
            numbers[testIndex] = facts.number(test: tests[testIndex].identity.key)
        }
        // Facts and records per range of tests on every core, merged in run order. Every fact is a
        // count, a set member or a first-seen example, so ranges merged in order give what one
        // pass in order gives (done in order, this pass would be the largest sequential part of
        // the analysis).
        let parts = ParallelMap.mapRanges(tests.count) { range in
            correlate(
                range, tests: tests, numbers: numbers, mentions: mentions, prepared: prepared, categories: categories)
        }
        var records: [FailureRecord] = []
        records.reserveCapacity(parts.reduce(0) { $0 + $1.records.count })
        for part in parts {
            facts.absorb(part.facts)
            records += part.records
        }
        return records
    }

    /// The facts and failure records of one range of tests.
    private func correlate(
        _ range: Range<Int>, tests: [TestCase], numbers: [Int], mentions: FailureMentions,
        prepared: [[[PreparedFailure]]],
        categories: [[[Int]]]
    ) -> (facts: [String: NodeFacts], records: [FailureRecord]) {
        var facts: [String: NodeFacts] = [:]
        var records: [FailureRecord] = []
        // By index: most tests pass, and are skipped before anything copies them.
        for testIndex in range where !prepared[testIndex].isEmpty {
            let test = tests[testIndex]
            let key = test.identity.key
            let number = numbers[testIndex]
            let outcome = test.outcome
            for (attemptIndex, attempt) in test.attempts.enumerated() {
                // Distinct mentions only: a repeat records no new fact (every fact is a set member or
                // a first-seen example).
                let activity = mentions.tests[testIndex].outputs[attemptIndex]
                for mention in activity {
                    let template = templates[mention.identifier] ?? mention.identifier
                    touch(&facts[template, default: NodeFacts()], test: number, outcome: outcome) { node in
                        node.note(identifier: mention.identifier, source: .output, elementType: mention.elementType)
                    }
                }
                for (failureIndex, failure) in attempt.failures.enumerated() {
                    let mention = mentions.tests[testIndex].failures[attemptIndex][failureIndex]
                    var element = mention.map { match($0) }
                    let normalized = prepared[testIndex][attemptIndex][failureIndex].normalized
                    let category = categories[testIndex][attemptIndex][failureIndex]
                    let name = categorizer.names[category]
                    let infrastructure = categorizer.infrastructure[category]
                    let fingerprint = FNV1a.hex(name + "\u{1F}" + normalized + "\u{1F}" + (element?.template ?? ""))
                    if element == nil, !infrastructure, let last = mentions.tests[testIndex].last[attemptIndex] {
                        element = match(last)
                    }
                    if let element {
                        touch(&facts[element.template, default: NodeFacts()], test: number, outcome: outcome) { node in
                            // A retry that passed makes the test passed on retry on the node, not failed.
                            if outcome == .failed { node.failedTests.insert(number) }
                            node.note(
                                identifier: element.identifier, source: .failure, elementType: element.elementType)
                        }
                    }
                    records.append(
                        FailureRecord(
                            test: key, attempt: attemptIndex, index: failureIndex, message: failure.message,
                            location: failure.location,
                            category: name, isInfrastructure: infrastructure, fingerprint: fingerprint,
                            normalizedMessage: normalized, element: element, testOutcome: outcome))
                }
            }
        }
        return (facts, records)
    }

    /// What is decided per failure before categorising, on every core: its normalised message, the
    /// template of the element it names, and its categorisation key.
    private struct PreparedFailure {
        var normalized: String
        var template: String?
        var subjectKey: String
    }

    private func match(_ mention: FailureMentions.Mention) -> ElementMatch {
        ElementMatch(
            identifier: mention.identifier, template: templates[mention.identifier] ?? mention.identifier,
            elementType: mention.elementType, resolution: mention.resolution)
    }

    /// The category of every failure (an index into the rules), by test, attempt and failure.
    ///
    /// Categories depend on the raw text, but when no rule reads detail or output they are decided
    /// once per (normalised message, type, identifier template), by the first failure with that
    /// key in reading order: variants of one message differ only in what normalisation removes.
    /// The regexes run once per distinct subject, not once per failure. The distinct subjects are
    /// then categorised on every core.
    private func categories(tests: [TestCase], prepared: [[[PreparedFailure]]]) -> [[[Int]]] {
        var subjects: [FailureCategorizer.Subject] = []
        var subjectByKey: [String: Int] = [:]
        func subject(_ testIndex: Int, _ attemptIndex: Int, _ failureIndex: Int) -> FailureCategorizer.Subject {
            let attempt = tests[testIndex].attempts[attemptIndex]
            let failure = attempt.failures[failureIndex]
            return FailureCategorizer.Subject(
                message: failure.message, type: failure.type, detail: failure.detail,
                output: categorizer.readsLongText
                    ? [attempt.output, attempt.errorOutput].compactMap { $0 }.joined(separator: "\n") : nil,
                identifier: prepared[testIndex][attemptIndex][failureIndex].template)
        }
        // Walks the prepared failures (empty for a test with nothing to analyse); the test itself
        // is read only for a subject not seen before.
        let slots: [[[Int]]] = prepared.indices.map { testIndex in
            prepared[testIndex].indices.map { attemptIndex in
                prepared[testIndex][attemptIndex].indices.map { failureIndex in
                    if categorizer.readsLongText {
                        subjects.append(subject(testIndex, attemptIndex, failureIndex))
                        return subjects.count - 1
                    }
                    let key = prepared[testIndex][attemptIndex][failureIndex].subjectKey
                    if let known = subjectByKey[key] { return known }
                    subjects.append(subject(testIndex, attemptIndex, failureIndex))
                    subjectByKey[key] = subjects.count - 1
                    return subjects.count - 1
                }
            }
        }
        let decided = ParallelMap.map(subjects.count) { categorizer.categorize(subjects[$0]) }
        return slots.map { attempts in attempts.map { failures in failures.map { decided[$0] } } }
    }

    /// Records a fact about a node that a test touched; one dictionary access for all of it.
    private func touch(_ node: inout NodeFacts, test: Int, outcome: TestOutcome, _ body: (inout NodeFacts) -> Void) {
        body(&node)
        // A test's facts arrive together: its repeats skip the set.
        guard node.lastTest != test else { return }
        node.lastTest = test
        node.tests.insert(test)
        if outcome == .flaky { node.passedOnRetryTests.insert(test) }
    }
}
