import CanopyModel

/// Assigns each failure the first category whose pattern matches one of its fields.
struct FailureCategorizer {
    struct Rule {
        var index: Int
        var rule: FailureCategoryRule
        var pattern: CompiledPattern
    }

    /// What a rule can look at.
    struct Subject {
        var message: String
        var type: String?
        var detail: String?
        var output: String?
        var identifier: String?
    }

    let rules: [Rule]
    /// Per rule: its name and whether it is infrastructure (read per failure without copying the rule).
    let names: [String]
    let infrastructure: [Bool]
    /// Whether some rule reads the detail or output, which disables memoisation by message.
    let readsLongText: Bool

    /// Compiles the rules; a rule whose pattern does not compile is skipped with a diagnostic.
    init(rules: [FailureCategoryRule], diagnostics: inout [Diagnostic]) {
        var compiled: [Rule] = []
        for (index, rule) in rules.enumerated() {
            do {
                compiled.append(Rule(index: index, rule: rule, pattern: try CompiledPattern(rule.pattern)))
            } catch {
                diagnostics.append(
                    Diagnostic(
                        .warning, "category \(rule.name): pattern \(rule.pattern) does not compile; rule skipped"))
            }
        }
        self.rules = compiled
        names = compiled.map(\.rule.name)
        infrastructure = compiled.map(\.rule.infrastructure)
        readsLongText = rules.contains { $0.fields.contains(.detail) || $0.fields.contains(.output) }
    }

    /// The index (into `rules`) of the first rule that matches.
    func categorize(_ subject: Subject) -> Int {
        // Each field is prepared for the literal prefilter once, not once per rule.
        var prepared: [RuleField: PreparedText] = [:]
        for (position, rule) in rules.enumerated() {
            for field in rule.rule.fields {
                let text: String?
                switch field {
                case .message: text = subject.message
                case .type: text = subject.type
                case .detail: text = subject.detail
                case .output: text = subject.output
                case .identifier: text = subject.identifier
                }
                guard let text, !text.isEmpty else { continue }
                let ready = prepared[field] ?? PreparedText(text)
                prepared[field] = ready
                if rule.pattern.matches(ready) { return position }
            }
        }
        return rules.count - 1
    }

    private typealias RuleField = FailureCategoryRule.Field
}
