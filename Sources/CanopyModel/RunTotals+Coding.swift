extension RunTotals {
    enum CodingKeys: String, CodingKey {
        case tests, attempts, passed, failed, skipped, passedOnRetry, expectedFailures, elements, identifiedElements
        case auditIssues, screens, duration
    }

    /// Reads the totals; `expectedFailures` is 0 when absent (written only when there are some).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        tests = try container.decode(Int.self, forKey: .tests)
        attempts = try container.decode(Int.self, forKey: .attempts)
        passed = try container.decode(Int.self, forKey: .passed)
        failed = try container.decode(Int.self, forKey: .failed)
        skipped = try container.decode(Int.self, forKey: .skipped)
        passedOnRetry = try container.decode(Int.self, forKey: .passedOnRetry)
        expectedFailures = try container.decodeIfPresent(Int.self, forKey: .expectedFailures) ?? 0
        elements = try container.decode(Int.self, forKey: .elements)
        identifiedElements = try container.decode(Int.self, forKey: .identifiedElements)
        auditIssues = try container.decode(Int.self, forKey: .auditIssues)
        screens = try container.decode(Int.self, forKey: .screens)
        duration = try container.decode(Double.self, forKey: .duration)
    }

    /// Writes the totals; `expectedFailures` only when the run has some, so documents of runs
    /// without any keep their shape.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tests, forKey: .tests)
        try container.encode(attempts, forKey: .attempts)
        try container.encode(passed, forKey: .passed)
        try container.encode(failed, forKey: .failed)
        try container.encode(skipped, forKey: .skipped)
        try container.encode(passedOnRetry, forKey: .passedOnRetry)
        if expectedFailures > 0 { try container.encode(expectedFailures, forKey: .expectedFailures) }
        try container.encode(elements, forKey: .elements)
        try container.encode(identifiedElements, forKey: .identifiedElements)
        try container.encode(auditIssues, forKey: .auditIssues)
        try container.encode(screens, forKey: .screens)
        try container.encode(duration, forKey: .duration)
    }
}
