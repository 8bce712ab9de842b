import CanopyAnalysis
import CanopyModel
import Foundation
import Yams

/// Reads `Config/canopy.yml` (or `--config`, or `CANOPY_CONFIG`) into a `CanopyConfiguration`,
/// validating every key: an unknown key, a wrong type or a bad regular expression is an error
/// naming the file, line, column and key path.
package enum ConfigurationLoader {
    /// The default location, used when present.
    package static let defaultPath = "Config/canopy.yml"

    /// Loads the explicit file, else `CANOPY_CONFIG`, else `Config/canopy.yml` when it exists, else defaults.
    package static func load(explicit: String?, environment: [String: String]) throws -> CanopyConfiguration {
        let named: (path: String, by: String)? =
            if let explicit { (explicit, "--config") } else {
                environment["CANOPY_CONFIG"].flatMap { $0.isEmpty ? nil : ($0, "CANOPY_CONFIG") }
            }
        if let (path, origin) = named {
            guard FileManager.default.fileExists(atPath: path) else {
                throw ConfigurationError(
                    file: path, keyPath: "(file)",
                    message:
                        "the configuration file \(origin) names does not exist; \(origin == "CANOPY_CONFIG" ? "fix the path or unset CANOPY_CONFIG" : "check the path")"
                )
            }
            return try load(path: path, namedBy: origin)
        }
        if FileManager.default.fileExists(atPath: defaultPath) { return try load(path: defaultPath) }
        return CanopyConfiguration()
    }

    package static func load(path: String) throws -> CanopyConfiguration {
        try load(path: path, namedBy: "--config")
    }

    /// - Parameter origin: what named the file (`--config`, `CANOPY_CONFIG`), for the error that it
    ///   is a directory.
    static func load(path: String, namedBy origin: String) throws -> CanopyConfiguration {
        let text: String
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ConfigurationError(
                file: path, keyPath: "(file)",
                message: "it is a directory; give \(origin) a YAML file such as Config/canopy.yml")
        }
        do {
            text = try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw ConfigurationError(
                file: path, keyPath: "(file)", message: "cannot read the file: \(error.localizedDescription)")
        }
        return try parse(text, file: path)
    }

    /// A YAML syntax error on one line: `file:line:column: error: not valid YAML: problem (context)`
    /// (Yams' own description spans lines, with an excerpt and a caret).
    static func syntaxError(_ error: YamlError, file: String) -> ConfigurationError {
        let place: (problem: String, mark: Mark?, context: YamlError.Context?)
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            place = (problem, mark, context)
        case .reader(let problem, _, _, _):
            place = (problem, nil, nil)
        default:
            place = ("\(error)".split(whereSeparator: \.isNewline).joined(separator: "; "), nil, nil)
        }
        var message = "not valid YAML: " + place.problem
        if let context = place.context {
            message += " (\(context.text) at \(context.mark.line):\(context.mark.column))"
        }
        let located = place.mark.map { "\(file):\($0.line):\($0.column)" } ?? file
        return ConfigurationError(file: located, keyPath: "(syntax)", message: message)
    }

    /// A key set twice in one mapping, at the second place with its key path (Yams names only the
    /// first place); at the first place when the second cannot be found.
    static func duplicateKeyError(_ text: String, key: String, first mark: Mark, file: String) -> ConfigurationError {
        let first = DuplicateKeyLocator.Position(line: mark.line, column: mark.column)
        guard let duplicate = DuplicateKeyLocator.locate(in: text, key: key, first: first) else {
            // Yams names a key that is not a scalar (`? [a]`) "<uncovertable>".
            let named = key.hasPrefix("<") ? "a key" : "the key '\(key)'"
            return ConfigurationError(
                file: "\(file):\(first.line):\(first.column)", keyPath: "(syntax)",
                message: "not valid YAML: \(named) is set twice in one mapping; keep one of the two")
        }
        return ConfigurationError(
            file: "\(file):\(duplicate.position.line):\(duplicate.position.column)", keyPath: duplicate.keyPath,
            message:
                "duplicate key; it is first set at line \(duplicate.first.line), column \(duplicate.first.column): keep one of the two"
        )
    }

    package static func parse(_ text: String, file: String) throws -> CanopyConfiguration {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch YamlError.duplicatedKeysInMapping(let duplicates, let context) {
            throw duplicateKeyError(text, key: duplicates.first ?? "", first: context.mark, file: file)
        } catch let error as YamlError {
            throw syntaxError(error, file: file)
        } catch {
            throw ConfigurationError(file: file, keyPath: "(syntax)", message: "not valid YAML: \(error)")
        }
        var configuration = CanopyConfiguration()
        configuration.source = file
        guard let node else { return configuration }
        var root = try ConfigSection(file: file, path: "", node: node)
        configuration.store = try root.path("store")
        try readHistory(&root, into: &configuration)
        if var identifiers = try root.section("identifiers") {
            configuration.analysis.identifiers = try readIdentifiers(
                &identifiers, base: configuration.analysis.identifiers)
            try identifiers.finish()
        }
        if var coverage = try root.section("coverage") {
            if let depth = try coverage.int("branchDepth", range: 1...20) {
                configuration.analysis.coverage.branchDepth = depth
            }
            try coverage.finish()
        }
        if let rules = try root.sections("categories") {
            var indexes: [String: Int] = [:]
            for (index, section) in rules.enumerated() {
                let rule = try readCategory(section)
                if let earlier = indexes[rule.name] {
                    throw section.error(
                        at: "name",
                        "categories[\(earlier)] is named '\(rule.name)' too, so reports and gates.maximumFailuresPerCategory could not tell them apart; give each category its own name, or join their patterns with |"
                    )
                }
                indexes[rule.name] = index
                configuration.analysis.categories.append(rule)
            }
        }
        if let keep = try root.bool("defaultCategories") { configuration.analysis.defaultCategories = keep }
        if var flakiness = try root.section("flakiness") {
            configuration.flakiness = try readFlakiness(&flakiness)
            try flakiness.finish()
        }
        if var gates = try root.section("gates") {
            configuration.gates = try readGates(
                &gates, categories: configuration.analysis.effectiveCategories.map(\.name))
            try gates.finish()
        }
        if let entries = try root.sections("quarantine") {
            configuration.quarantine = try entries.map(readQuarantine)
        }
        if var policy = try root.section("quarantinePolicy") {
            configuration.quarantinePolicy = try readQuarantinePolicy(&policy)
            try policy.finish()
        }
        if var slower = try root.section("slowerTests") {
            if let ratio = try slower.double("ratio", range: 1...1000) { configuration.slowerTests.ratio = ratio }
            if let seconds = try slower.double("seconds", range: 0...86_400) {
                configuration.slowerTests.seconds = seconds
            }
            if let limit = try slower.int("limit", range: 0...1000) { configuration.slowerTests.limit = limit }
            if let runs = try slower.int("runs", range: 1...100) { configuration.slowerTests.runs = runs }
            try slower.finish()
        }
        if var changes = try root.section("metricChanges") {
            configuration.metricChanges = try readMetricChanges(&changes)
        }
        if var output = try root.section("output") {
            if let budget = try output.int("summaryBudget", range: 1024...1_048_576) {
                configuration.output.summaryBudget = budget
            }
            if let budget = try output.int("commentBudget", range: 1024...65_535) {
                configuration.output.commentBudget = budget
            }
            if let count = try output.int("annotations", range: 0...1000) { configuration.output.annotations = count }
            if let url = try output.string("dashboardURL") {
                let scheme = URLComponents(string: url)?.scheme?.lowercased()
                guard scheme == "http" || scheme == "https", URLComponents(string: url)?.host?.isEmpty == false else {
                    throw output.error(
                        at: "dashboardURL",
                        "expected the http(s) URL where site/index.html is published, found '\(url)'")
                }
                configuration.output.dashboardURL = url
            }
            try output.finish()
        }
        if var attachments = try root.section("attachments") {
            if let scope = try attachments.string("scope") {
                guard let value = AttachmentScope(rawValue: scope) else {
                    throw attachments.error(at: "scope", "expected failing, all or none, found '\(scope)'")
                }
                configuration.attachments.scope = value
            }
            if let bytes = try attachments.int("maximumFileBytes", range: 0...1_073_741_824) {
                configuration.attachments.maximumFileBytes = bytes
            }
            if let bytes = try attachments.int("maximumRunBytes", range: 0...17_179_869_184) {
                configuration.attachments.maximumRunBytes = bytes
            }
            if let count = try attachments.int("perAttempt", range: 0...1000) {
                configuration.attachments.perAttempt = count
            }
            try attachments.finish()
        }
        try root.finish()
        do {
            try configuration.analysis.validate()
        } catch {
            throw ConfigurationError(file: file, keyPath: "(analysis)", message: "\(error)")
        }
        return configuration
    }

    private static func readIdentifiers(_ section: inout ConfigSection, base: IdentifierSchemeConfiguration) throws
        -> IdentifierSchemeConfiguration
    {
        var scheme = base
        // Placeholders in effect that the file does not set, and the key that sets each.
        var defaultPlaceholders: [(name: String, key: DefaultPlaceholderKey)] = []
        if let separators = try section.strings(
            "separators", mapping: { $0.count == 1 ? $0 : nil },
            problem: { "'\($0)' is not a single character; list each separator on its own ('.', '-', '_')" })
        {
            scheme.separators = separators
        }
        if let rules = try section.sections("dynamicSegments") {
            scheme.dynamicSegments = try rules.map { rule in
                var rule = rule
                let placeholder = try rule.string("placeholder")
                let pattern = try rule.regex("pattern")
                var position = DynamicSegmentRule.Position.any
                if let text = try rule.string("position") {
                    guard let parsed = DynamicSegmentRule.Position(rawValue: text) else {
                        throw rule.error(at: "position", "expected any, last or inner, found '\(text)'")
                    }
                    position = parsed
                }
                // A misspelt key is named before the required key it was meant to be.
                try rule.finish()
                guard let placeholder, let pattern else {
                    throw rule.error("each dynamic segment needs 'placeholder' and 'pattern'")
                }
                if let problem = placeholderProblem(placeholder, separators: scheme.separators) {
                    throw rule.error(at: "placeholder", problem)
                }
                return DynamicSegmentRule(placeholder: placeholder, pattern: pattern, position: position)
            }
        } else {
            defaultPlaceholders += scheme.dynamicSegments.map { ($0.placeholder, .dynamicSegments) }
        }
        var foldPlaceholderSet = false
        if var fold = try section.section("dataDrivenFold") {
            if let enabled = try fold.bool("enabled") { scheme.dataDrivenFold.enabled = enabled }
            if let minimum = try fold.int("minimumDistinctValues", range: 2...100_000) {
                scheme.dataDrivenFold.minimumDistinctValues = minimum
            }
            if let placeholder = try fold.string("placeholder") {
                if let problem = placeholderProblem(placeholder, separators: scheme.separators) {
                    throw fold.error(at: "placeholder", problem)
                }
                scheme.dataDrivenFold.placeholder = placeholder
                foldPlaceholderSet = true
            }
            if let last = try fold.bool("foldLastSegment") { scheme.dataDrivenFold.foldLastSegment = last }
            try fold.finish()
        }
        // null or '' turns the convention check off.
        if section.isNull("convention") {
            scheme.convention = nil
        } else if let convention = try section.regex("convention", allowingEmpty: true) {
            scheme.convention = convention.isEmpty ? nil : convention
        }
        if let types = try section.strings(
            "interactiveElementTypes", mapping: IdentifierSchemeConfiguration.elementTypeCaseName,
            problem: {
                "'\($0)' is not an XCUIElement.ElementType; use its case name (button, textField, switch, cell, …)"
            })
        {
            guard !types.isEmpty else {
                throw section.error(
                    at: "interactiveElementTypes",
                    "the list is empty, so no element would count: coverage would be 'not measured' and minimumCoverage would pass on nothing; list the types that count (button, cell, textField, …) or leave the key out for the defaults"
                )
            }
            scheme.interactiveElementTypes = types
        }
        if let length = try section.int("maxIdentifierLength", range: 1...10_000) {
            scheme.maxIdentifierLength = length
        }
        if !foldPlaceholderSet {
            defaultPlaceholders.append((scheme.dataDrivenFold.placeholder, .dataDrivenFold))
        }
        // A separator of your own may split a placeholder you did not set.
        for (index, separator) in scheme.separators.enumerated() {
            if let (placeholder, key) = defaultPlaceholders.first(where: { $0.name.contains(separator) }) {
                throw section.error(
                    at: "separators", item: index,
                    "'\(separator)' is in the default placeholder '\(placeholder)', so {\(placeholder)} would split into segments; choose another separator, or \(key == .dynamicSegments ? "list your own identifiers.dynamicSegments with placeholders without it" : "set identifiers.dataDrivenFold.placeholder to a name without it")"
                )
            }
        }
        return scheme
    }

    /// The key whose default a placeholder in effect comes from.
    private enum DefaultPlaceholderKey { case dynamicSegments, dataDrivenFold }

    /// Why `name` cannot be a placeholder, or nil: a template writes it `{name}` as one segment, so
    /// it needs a name, no braces, no whitespace and no separator.
    static func placeholderProblem(_ name: String, separators: [String]) -> String? {
        let braces: Set<Character> = ["{", "}"]
        if name.isEmpty { return "the placeholder is empty; give it a name such as id (templates show it as {id})" }
        if name.contains(where: braces.contains) {
            let bare = name.filter { !braces.contains($0) }
            let example = bare.isEmpty ? "id" : bare
            return
                "'\(name)' has braces; write the name alone, such as \(example): templates add the braces ({\(example)})"
        }
        if name.contains(where: \.isWhitespace) { return "'\(name)' contains whitespace; use one word, such as id" }
        if let separator = name.first(where: { separators.contains(String($0)) }) {
            let all = separators.map { "'\($0)'" }.joined(separator: ", ")
            return
                "'\(name)' contains the separator '\(separator)', so {\(name)} would split into segments; use a name without \(all)"
        }
        return nil
    }
}
