import CanopyModel

/// Categorises, normalises and fingerprints every failure and maps it to its element
/// (pass 6 of `ReportBuilder`).
struct FailureCorrelator {
    let categorizer: FailureCategorizer
    let normalizer: MessageNormalizer
    /// Raw identifier → template.
    let templates: [String: String]

    /// Failure records in test, attempt and failure order; records failures, tests and flaky tests
    /// into `facts` by template.
    func records(run: Run, mentions: FailureMentions, facts: inout NodeFactTable) -> [FailureRecord] {
        var records: [FailureRecord] = []
        let tests = run.tests
        // Normalising and categorising are pure per message: done for every failure first, on
        // every core.
        let normalized: [[[String]]] = ParallelMap.map(tests.count) { testIndex in
            guard FailureMentions.isRelevant(tests[testIndex].attempts) else { return [] }
            return tests[testIndex].attempts.map { attempt in attempt.failures.map { normalizer.normalize($0.message) } }
        }
        let categories = categories(tests: tests, mentions: mentions, normalized: normalized)
        // By index: most tests pass, and are skipped before anything copies them.
        for testIndex in tests.indices where FailureMentions.isRelevant(tests[testIndex].attempts) {
            let test = tests[testIndex]
            let key = test.identity.key
            let number = facts.number(test: key)
            let outcome = test.outcome
            for (attemptIndex, attempt) in test.attempts.enumerated() {
                // Distinct mentions only: a repeat records no new fact (every fact is a set member or
                // a first-seen example).
                let activity = mentions.byOutput[testIndex][attemptIndex]
                for mention in activity {
                    let template = templates[mention.identifier] ?? mention.identifier
                    facts.update(template) { node in
                        node.note(identifier: mention.identifier, source: .output, elementType: mention.elementType)
                        touch(&node, test: number, outcome: outcome)
                    }
                }
                for (failureIndex, failure) in attempt.failures.enumerated() {
                    let mention = mentions.byFailure[testIndex][attemptIndex][failureIndex]
                    var element = mention.map { match($0) }
                    let normalized = normalized[testIndex][attemptIndex][failureIndex]
                    let category = categories[testIndex][attemptIndex][failureIndex]
                    let rule = categorizer.rules[category].rule
                    let fingerprint = FNV1a.hex(rule.name + "\u{1F}" + normalized + "\u{1F}" + (element?.template ?? ""))
                    if element == nil, !rule.infrastructure, let last = mentions.lastOutput[testIndex][attemptIndex] { element = match(last) }
                    if let element {
                        facts.update(element.template) { node in
                            node.failures += 1
                            node.note(identifier: element.identifier, source: .failure, elementType: element.elementType)
                            touch(&node, test: number, outcome: outcome)
                        }
                    }
                    records.append(
                        FailureRecord(
                            test: key, attempt: attemptIndex, index: failureIndex, message: failure.message, location: failure.location,
                            category: rule.name, isInfrastructure: rule.infrastructure, fingerprint: fingerprint,
                            normalizedMessage: normalized, element: element, testOutcome: outcome))
                }
            }
        }
        return records
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
    /// Measured: ~9k regex passes → a few hundred on the bench. The distinct subjects are then
    /// categorised on every core.
    private func categories(tests: [TestCase], mentions: FailureMentions, normalized: [[[String]]]) -> [[[Int]]] {
        var subjects: [FailureCategorizer.Subject] = []
        var subjectByKey: [String: Int] = [:]
        var slots: [[[Int]]] = []
        slots.reserveCapacity(tests.count)
        for testIndex in tests.indices {
            guard FailureMentions.isRelevant(tests[testIndex].attempts) else {
                slots.append([])
                continue
            }
            let test = tests[testIndex]
            var attempts: [[Int]] = []
            for (attemptIndex, attempt) in test.attempts.enumerated() {
                var failures: [Int] = []
                for (failureIndex, failure) in attempt.failures.enumerated() {
                    let template = mentions.byFailure[testIndex][attemptIndex][failureIndex].map { templates[$0.identifier] ?? $0.identifier }
                    let subject = FailureCategorizer.Subject(
                        message: failure.message, type: failure.type, detail: failure.detail,
                        output: categorizer.readsLongText ? [attempt.output, attempt.errorOutput].compactMap { $0 }.joined(separator: "\n") : nil,
                        identifier: template)
                    if categorizer.readsLongText {
                        subjects.append(subject)
                        failures.append(subjects.count - 1)
                        continue
                    }
                    let key = normalized[testIndex][attemptIndex][failureIndex] + "\u{1F}" + (failure.type ?? "") + "\u{1F}" + (template ?? "")
                    if let known = subjectByKey[key] {
                        failures.append(known)
                    } else {
                        subjects.append(subject)
                        subjectByKey[key] = subjects.count - 1
                        failures.append(subjects.count - 1)
                    }
                }
                attempts.append(failures)
            }
            slots.append(attempts)
        }
        let decided = ParallelMap.map(subjects.count) { categorizer.categorize(subjects[$0]) }
        return slots.map { attempts in attempts.map { failures in failures.map { decided[$0] } } }
    }

    private func touch(_ facts: inout NodeFacts, test: Int, outcome: TestOutcome) {
        facts.tests.insert(test)
        if outcome == .flaky { facts.flakyTests.insert(test) }
    }
}
