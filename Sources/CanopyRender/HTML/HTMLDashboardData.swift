import CanopyModel

/// The JSON embedded in the page for the script: the tests table in a compact columnar form.
///
/// A row is `[prefix, class, name, device, outcome, attempts, durationMs, message, category]`
/// where prefix, class, device and category index the string tables (-1: none), the key is
/// `prefixes[prefix] + name`, and durationMs is -1 when unknown: a row is a fraction of the
/// size of a keyed object, which matters for a page of 100,000 tests.
struct HTMLDashboardData: Encodable {
    struct Tests: Encodable {
        var prefixes: [String] = []
        var classes: [String] = []
        var devices: [String] = []
        var categories: [String] = []
        var outcomes: [String] = TestOutcome.allCases.map(\.label)
        var rows: [Row] = []
        /// The attempts of the rows that carry them: `[row, [[label, outcome, durationMs, [message],
        /// location, output], …]]`, only for tests that did not simply pass.
        var details: [Detail] = []
    }

    /// One row's attempts, encoded as `[row, [attempt, …]]`.
    struct Detail: Encodable {
        var row: Int
        var attempts: [DashboardAttemptDetail]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(row)
            var list = container.nestedUnkeyedContainer()
            for attempt in attempts {
                var item = list.nestedUnkeyedContainer()
                try item.encode(attempt.label.map { DisplayText.line($0, limit: 80) } ?? "")
                try item.encode(attempt.outcome.rawValue)
                try item.encode(attempt.duration.flatMap(InputRange.milliseconds) ?? -1)
                try item.encode(attempt.messages.map { DisplayText.block($0, limit: 1_000) })
                try item.encode(attempt.location.map { DisplayText.line($0, limit: 300) } ?? "")
                try item.encode(attempt.output.map { DisplayText.block($0, limit: 2_000) } ?? "")
                // Steps and attachments only where recorded (an `.xcresult` bundle's failing attempts).
                guard attempt.steps != nil || attempt.attachments != nil else { continue }
                var steps = item.nestedUnkeyedContainer()
                for step in attempt.steps ?? [] {
                    var entry = steps.nestedUnkeyedContainer()
                    try entry.encode(DisplayText.line(step.title, limit: 300))
                    try entry.encode(step.offset.flatMap(InputRange.milliseconds) ?? -1)
                    try entry.encode(min(step.depth, 20))
                    try entry.encode(step.failed ? 1 : 0)
                }
                var files = item.nestedUnkeyedContainer()
                for attachment in attempt.attachments ?? [] {
                    var entry = files.nestedUnkeyedContainer()
                    try entry.encode(DisplayText.line(attachment.name, limit: 200))
                    try entry.encode(attachment.file)
                    try entry.encode(attachment.step ?? -1)
                    try entry.encode(attachment.isImage ? 1 : 0)
                }
            }
        }
    }

    /// One row, encoded as a JSON array.
    struct Row: Encodable {
        var prefix: Int
        var className: Int
        var name: String
        var device: Int
        var outcome: Int
        var attempts: Int
        var durationMs: Int
        var message: String
        var category: Int

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(prefix)
            try container.encode(className)
            try container.encode(name)
            try container.encode(device)
            try container.encode(outcome)
            try container.encode(attempts)
            try container.encode(durationMs)
            try container.encode(message)
            try container.encode(category)
        }
    }

    var tests = Tests()

    init(_ rows: [DashboardTestRow]) {
        var prefixes = StringTable()
        var classes = StringTable()
        var devices = StringTable()
        var categories = StringTable()
        let outcomes = TestOutcome.allCases
        tests.rows.reserveCapacity(rows.count)
        for row in rows {
            if let details = row.details, !details.isEmpty {
                tests.details.append(Detail(row: tests.rows.count, attempts: details))
            }
            let key = Self.key(row.key)
            let name = DisplayText.line(row.name, limit: 400)
            let (hasSuffix, prefix) = Self.split(key, name: name)
            tests.rows.append(
                Row(
                    prefix: prefixes.index(prefix),
                    className: classes.index(DisplayText.line(row.className, limit: 200)),
                    name: hasSuffix ? name : key,
                    device: row.device.map { devices.index(DisplayText.line($0, limit: 120)) } ?? -1,
                    outcome: outcomes.firstIndex(of: row.outcome) ?? 0, attempts: row.attempts,
                    durationMs: row.duration.flatMap(InputRange.milliseconds) ?? -1,
                    message: row.message.map { DisplayText.line($0, limit: 300) } ?? "",
                    category: row.category.map { categories.index(DisplayText.line($0, limit: 80)) } ?? -1))
        }
        // The last outcome, listed only when a test has it (the indices before it stay the same).
        if !rows.contains(where: { $0.outcome == .expectedFailure }) {
            tests.outcomes.removeAll { $0 == TestOutcome.expectedFailure.label }
        }
        tests.prefixes = prefixes.values
        tests.classes = classes.values
        tests.devices = devices.values
        tests.categories = categories.values
    }
}

extension HTMLDashboardData {
    /// A test's key as the page's embedded data carries it (`DisplayText.line`: controls shown
    /// visibly): the Tests view's rows name their tests so, and the history strips are looked up
    /// by it.
    static func key(_ testKey: String) -> String {
        DisplayText.line(testKey, limit: 400)
    }

    /// Whether the key ends with the name, and the part before it. Done for every test: ASCII (the
    /// usual case) is compared as bytes, other text by characters, as `String` compares.
    static func split(_ key: String, name: String) -> (Bool, String) {
        guard !name.isEmpty else { return (false, "") }
        let keyBytes = key.utf8
        let nameBytes = name.utf8
        if keyBytes.allSatisfy({ $0 < 0x80 }), nameBytes.allSatisfy({ $0 < 0x80 }) {
            guard keyBytes.count >= nameBytes.count, keyBytes.suffix(nameBytes.count).elementsEqual(nameBytes) else {
                return (false, "")
            }
            return (true, String(decoding: keyBytes.prefix(keyBytes.count - nameBytes.count), as: UTF8.self))
        }
        guard key.hasSuffix(name) else { return (false, "") }
        return (true, String(key.dropLast(name.count)))
    }
}
