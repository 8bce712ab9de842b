import CanopyAnalysis
import CanopyModel
import Foundation

/// The sections of `canopy.yml` read apart: failure categories, flakiness, gates, quarantine.
extension ConfigurationLoader {
    static func readCategory(_ section: ConfigSection) throws -> FailureCategoryRule {
        var section = section
        let name = try section.string("name")
        let pattern = try section.regex("pattern", allowingEmpty: true)
        let known = FailureCategoryRule.Field.allCases.map(\.rawValue).joined(separator: ", ")
        let fields = try section.strings(
            "fields", mapping: FailureCategoryRule.Field.init(rawValue:),
            problem: { "unknown field '\($0)'; use \(known)" })
        let infrastructure = try section.bool("infrastructure")
        let description = try section.string("description")
        let fix = try section.string("fix")
        // A misspelt key is named before the required key it was meant to be.
        try section.finish()
        guard let name, let pattern else {
            throw section.error("each category needs 'name' and 'pattern'")
        }
        if name.allSatisfy(\.isWhitespace) {
            throw section.error(
                at: "name",
                "the name is empty; name the category (reports show it, and gates.maximumFailuresPerCategory refers to it)"
            )
        }
        if name == FailureCategoryRule.otherName {
            throw section.error(
                at: "name",
                "'\(name)' is what failures no category matches are called, so this rule would never be tried; give it another name"
            )
        }
        if pattern.isEmpty {
            throw section.error(
                at: "pattern",
                "the pattern is empty and would match every failure; write a regular expression for this category's failures (what no category matches is 'other' already)"
            )
        }
        if fields?.isEmpty == true {
            throw section.error(
                at: "fields",
                "the list is empty, so the pattern would be tried on nothing and match no failure; list the fields to try (\(known)) or leave the key out for [message, type]"
            )
        }
        var rule = FailureCategoryRule(name: name, pattern: pattern)
        if let fields { rule.fields = fields }
        if let infrastructure { rule.infrastructure = infrastructure }
        rule.description = description
        rule.fix = fix
        return rule
    }

    static func readFlakiness(_ section: inout ConfigSection) throws -> FlakinessConfiguration {
        var flakiness = FlakinessConfiguration()
        if let days = try section.int("windowDays", range: 1...3650) { flakiness.windowDays = days }
        if let runs = try section.int("windowRuns", range: 1...100_000) { flakiness.windowRuns = runs }
        if let value = try section.double("significance", range: 0.000001...0.5) { flakiness.significance = value }
        if let value = try section.double("wilsonZ", range: 0.5...5) { flakiness.wilsonZ = value }
        if let value = try section.int("minimumBrokenCommits", range: 1...1000) {
            flakiness.minimumBrokenCommits = value
        }
        if let value = try section.int("minimumFixedCommits", range: 1...1000) { flakiness.minimumFixedCommits = value }
        if let value = try section.int("mixedCommitsForFlaky", range: 1...1000) {
            flakiness.mixedCommitsForFlaky = value
        }
        if let value = try section.double("scoreDecay", range: 0.01...1) { flakiness.scoreDecay = value }
        if let value = try section.bool("infrastructureFlakesCountAsPasses") {
            flakiness.infrastructureFlakesCountAsPasses = value
        }
        if let value = try section.int("minimumTestsPerFlakyElement", range: 1...1000) {
            flakiness.minimumTestsPerFlakyElement = value
        }
        return flakiness
    }

    static func readMetricChanges(_ section: inout ConfigSection) throws -> MetricChangeThresholds {
        var changes = MetricChangeThresholds()
        if let runs = try section.int("runs", range: 1...1000) { changes.runs = runs }
        if let runs = try section.int("minimumRuns", range: 1...1000) { changes.minimumRuns = runs }
        if let effect = try section.double("minimumEffect", range: 0...1000) { changes.minimumEffectPercent = effect }
        if let significance = try section.double("significance", range: 0.000_001...0.5) {
            changes.significance = significance
        }
        try section.finish()
        return changes
    }

    /// - Parameter categories: the failure categories in effect (`categories:` and the defaults): a
    ///   limit for any other name would never apply.
    static func readGates(_ section: inout ConfigSection, categories: [String]) throws -> GateConfiguration {
        var gates = GateConfiguration()
        section.accepts("maximumNewFailures", "maximumNewAuditErrors", "maximumMetricRegressions")
        gates.minimumCoverage = try section.double("minimumCoverage", range: 0...1)
        gates.maximumCoverageDrop = try section.double("maximumCoverageDrop", range: 0...1)
        if section.keys.contains("maximumNewFailures") {
            gates.maximumNewFailures = try section.int("maximumNewFailures", range: 0...1_000_000)
        }
        gates.maximumNewFlakyTests = try section.int("maximumNewFlakyTests", range: 0...1_000_000)
        gates.maximumFailures = try section.int("maximumFailures", range: 0...1_000_000)
        gates.minimumTests = try section.int("minimumTests", range: 0...100_000_000)
        gates.maximumMissingTests = try section.int("maximumMissingTests", range: 0...100_000_000)
        if section.keys.contains("maximumMetricRegressions") {
            gates.maximumMetricRegressions = try section.int("maximumMetricRegressions", range: 0...1_000_000)
        }
        if section.keys.contains("maximumNewAuditErrors") {
            gates.maximumNewAuditErrors = try section.int("maximumNewAuditErrors", range: 0...1_000_000)
        }
        if var perCategory = try section.section("maximumFailuresPerCategory") {
            for key in perCategory.keys {
                guard categories.contains(key) else {
                    throw perCategory.error(
                        at: key,
                        "'\(key)' is not a failure category, so this limit would never apply; the categories are: \(categories.joined(separator: ", ")) (add your own under 'categories:')"
                    )
                }
                if let limit = try perCategory.int(key, range: 0...1_000_000) {
                    gates.maximumFailuresPerCategory[key] = limit
                }
            }
            try perCategory.finish()
        }
        return gates
    }

    static func readQuarantine(_ section: ConfigSection) throws -> QuarantineEntry {
        var section = section
        var entry = QuarantineEntry(
            test: try section.string("test"), identifier: try section.string("identifier"),
            auditType: try section.string("auditType"),
            reason: try section.string("reason"), expires: try section.date("expires"),
            owner: try section.string("owner"))
        entry.location = section.location
        try section.finish()
        if entry.test == nil && entry.identifier == nil {
            throw section.error("a quarantine entry needs 'test' or 'identifier'")
        }
        if let owner = entry.owner, let problem = QuarantineEntry.ownerProblem(owner) {
            throw section.error(at: "owner", problem)
        }
        if let test = entry.test, entry.identifier == nil, entry.auditType != nil {
            throw section.error(
                at: "auditType",
                "auditType narrows an 'identifier' entry to one kind of audit issue, and this entry quarantines the test '\(test)' as a whole: remove auditType, or quarantine the element's audit issues with 'identifier:' instead"
            )
        }
        return entry
    }
}
