/// Everything the correlator can be told, with defaults that work without any configuration.
///
/// Plain values: the pipeline maps `Config/canopy.yml` onto these structs (the property names are
/// the YAML keys), analysis never reads files.
package struct AnalysisConfiguration: Sendable, Equatable, Hashable, Codable {
    /// How identifiers are split, templated and checked (`identifiers:`).
    package var identifiers: IdentifierSchemeConfiguration
    /// Extra or overriding failure categories (`categories:`), tried before the defaults; a rule
    /// with the name of a default category replaces that default.
    package var categories: [FailureCategoryRule]
    /// Whether the built-in XCUITest taxonomy follows the configured rules (`defaultCategories:`).
    package var defaultCategories: Bool
    /// How coverage is broken down (`coverage:`).
    package var coverage: CoverageConfiguration

    package init(
        identifiers: IdentifierSchemeConfiguration = IdentifierSchemeConfiguration(),
        categories: [FailureCategoryRule] = [], defaultCategories: Bool = true,
        coverage: CoverageConfiguration = CoverageConfiguration()
    ) {
        self.identifiers = identifiers
        self.categories = categories
        self.defaultCategories = defaultCategories
        self.coverage = coverage
    }

    /// The ordered category list analysis uses: configured rules, then the defaults they do not
    /// replace, then the catch-all `other`.
    package var effectiveCategories: [FailureCategoryRule] {
        var rules = categories.filter { $0.name != FailureCategoryRule.otherName }
        if defaultCategories {
            let overridden = Set(rules.map(\.name))
            rules += FailureCategoryRule.defaults.filter { !overridden.contains($0.name) }
        }
        return rules + [FailureCategoryRule.other]
    }

    /// Checks every pattern, naming the key path of the first invalid one.
    package func validate() throws(AnalysisError) {
        _ = try IdentifierScheme(configuration: identifiers)
        for (index, rule) in categories.enumerated() {
            do {
                _ = try CompiledPattern(rule.pattern)
            } catch {
                throw AnalysisError.invalidPattern(
                    keyPath: "categories[\(index)].pattern", pattern: rule.pattern, reason: "\(error)")
            }
        }
    }
}
