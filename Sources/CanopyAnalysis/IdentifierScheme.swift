/// Splits identifiers into segments and folds dynamic segments into named placeholders, so one
/// element is one template across runs: `Podcast-123-row` → `Podcast-{id}-row`,
/// `Feed.Cell.4` → `Feed.Cell.{index}`, `tab2` stays `tab2`.
public struct IdentifierScheme: Sendable {
    public let configuration: IdentifierSchemeConfiguration
    let separators: Set<Character>
    let interactiveTypes: Set<String>
    private let rules: [(placeholder: String, pattern: CompiledPattern)]
    private let convention: CompiledPattern?
    /// Every default rule needs a digit in its match (ids, indexes, dates, hashes and slugs by
    /// their lookaheads; a UUID of letters a–f only is the one theoretical exception), so with the
    /// default rules a rest of the identifier without digits cannot match and skips the regexes.
    /// Measured: templating the identifiers of the 100 MB bench report spent most of its time in
    /// NSRegularExpression on segments like `Login`, `Submit`, `row`.
    private let rulesNeedDigits: Bool

    /// Compiles the configuration; throws naming the key path of a pattern that does not compile.
    public init(configuration: IdentifierSchemeConfiguration = IdentifierSchemeConfiguration()) throws(AnalysisError) {
        self.configuration = configuration
        separators = Set(configuration.separators.compactMap { $0.count == 1 ? $0.first : nil })
        interactiveTypes = Set(configuration.interactiveElementTypes)
        let separatorClass = "[" + separators.sorted().map { $0.isLetter || $0.isNumber ? String($0) : "\\" + String($0) }.joined() + "]"
        var rules: [(String, CompiledPattern)] = []
        for (index, rule) in configuration.dynamicSegments.enumerated() {
            let boundary: String
            switch rule.position {
            case .any: boundary = separators.isEmpty ? "$" : "(?=\(separatorClass)|$)"
            case .last: boundary = "$"
            case .inner: boundary = separators.isEmpty ? "(?!)" : "(?=\(separatorClass))"
            }
            do {
                rules.append((rule.placeholder, try CompiledPattern("(?:\(rule.pattern))" + boundary, caseInsensitive: false)))
            } catch {
                throw .invalidPattern(keyPath: "identifiers.dynamicSegments[\(index)].pattern", pattern: rule.pattern, reason: "\(error)")
            }
        }
        self.rules = rules
        rulesNeedDigits = configuration.dynamicSegments == DynamicSegmentRule.defaults
        if let convention = configuration.convention {
            do {
                self.convention = try CompiledPattern(convention, caseInsensitive: false)
            } catch {
                throw .invalidPattern(keyPath: "identifiers.convention", pattern: convention, reason: "\(error)")
            }
        } else {
            self.convention = nil
        }
        if configuration.dataDrivenFold.minimumDistinctValues < 2 {
            throw .invalidValue(keyPath: "identifiers.dataDrivenFold.minimumDistinctValues", message: "must be 2 or more")
        }
    }

    /// The identifier with dynamic segments folded by the rules (no data-driven fold).
    public func template(_ identifier: String) -> String {
        let units = Array(identifier.utf16)
        let count = units.count
        // One past the last digit: from there on no default rule can match.
        var lastDigitEnd = count
        if rulesNeedDigits {
            lastDigitEnd = (units.lastIndex { $0 >= 48 && $0 <= 57 }).map { $0 + 1 } ?? 0
        }
        var output = ""
        var position = 0
        while true {
            var replaced = false
            for rule in rules where position < lastDigitEnd && mayStartDefaultMatch(units[position]) {
                if let length = rule.pattern.anchoredMatch(in: identifier, utf16Offset: position, utf16Length: count), length > 0 {
                    output += "{" + rule.placeholder + "}"
                    position += length
                    replaced = true
                    break
                }
            }
            if !replaced {
                var end = position
                while end < count, !isSeparator(units[end]) { end += 1 }
                output += String(decoding: units[position..<end], as: UTF16.self)
                position = end
            }
            guard position < count else { break }
            output += String(decoding: units[position...position], as: UTF16.self)
            position += 1
        }
        return output
    }

    /// Whether `identifier` follows the naming convention (always true without one).
    public func followsConvention(_ identifier: String) -> Bool {
        convention?.matches(identifier) ?? true
    }

    /// Whether an element type counts as interactive.
    public func isInteractive(_ elementType: String) -> Bool { interactiveTypes.contains(elementType) }

    /// The segments of an identifier or template and the separators between them.
    public func split(_ identifier: String) -> (segments: [String], separators: [Character]) {
        var segments: [String] = []
        var found: [Character] = []
        var current = ""
        for character in identifier {
            if separators.contains(character) {
                segments.append(current)
                found.append(character)
                current = ""
            } else {
                current.append(character)
            }
        }
        segments.append(current)
        return (segments, found)
    }

    /// Whether a default rule can match from a segment starting with `unit`: each default pattern
    /// starts with a digit, a hex letter or a lowercase letter (uuid, date, hash, slug, index, id),
    /// so an ASCII capital G–Z or punctuation skips every regex (`Podcast`, `Login`). Non-ASCII
    /// units may be digits to `\d`, so they always try. With custom rules, always true.
    private func mayStartDefaultMatch(_ unit: UInt16) -> Bool {
        guard rulesNeedDigits, unit < 0x80 else { return true }
        switch UInt8(unit) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "F"): return true
        default: return false
        }
    }

    private func isSeparator(_ unit: UInt16) -> Bool {
        guard unit < 128, let scalar = Unicode.Scalar(unit) else { return false }
        return separators.contains(Character(scalar))
    }
}
