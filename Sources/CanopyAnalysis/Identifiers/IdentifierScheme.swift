/// Splits identifiers into segments and folds dynamic segments into named placeholders, so one
/// element is one template across runs: `Podcast-123-row` → `Podcast-{id}-row`,
/// `Feed.Cell.4` → `Feed.Cell.{index}`, `tab2` stays `tab2`.
package struct IdentifierScheme: Sendable {
    package let configuration: IdentifierSchemeConfiguration
    let separators: Set<Character>
    let interactiveTypes: Set<String>
    private let rules: [(placeholder: String, pattern: CompiledPattern)]
    private let convention: CompiledPattern?
    /// Every default rule needs a digit in its match (ids, indexes, dates, hashes and slugs by
    /// their lookaheads; a UUID of letters a–f only is the one theoretical exception), so with the
    /// default rules a rest of the identifier without digits cannot match and skips the regexes,
    /// which would otherwise spend most of templating's time on segments like `Login`, `Submit`,
    /// `row`.
    private let rulesNeedDigits: Bool
    /// Which default rule each rule is, when the rules are the defaults (nil otherwise): the key to
    /// the exact ASCII pre-checks that skip regexes which cannot match.
    private let defaultRuleKinds: [DefaultRuleKind]?

    private enum DefaultRuleKind {
        case uuid, date, hexHash, slug, index, id, other

        init(placeholder: String) {
            switch placeholder {
            case "uuid": self = .uuid
            case "date": self = .date
            case "hash": self = .hexHash
            case "slug": self = .slug
            case "index": self = .index
            case "id": self = .id
            default: self = .other
            }
        }
    }

    /// Compiles the configuration; throws naming the key path of a pattern that does not compile.
    package init(configuration: IdentifierSchemeConfiguration = IdentifierSchemeConfiguration()) throws(AnalysisError) {
        self.configuration = configuration
        separators = Set(configuration.separators.compactMap { $0.count == 1 ? $0.first : nil })
        interactiveTypes = Set(configuration.interactiveElementTypes)
        let separatorClass =
            "[" + separators.sorted().map { $0.isLetter || $0.isNumber ? String($0) : "\\" + String($0) }.joined() + "]"
        var rules: [(String, CompiledPattern)] = []
        for (index, rule) in configuration.dynamicSegments.enumerated() {
            let boundary: String
            switch rule.position {
            case .any: boundary = separators.isEmpty ? "$" : "(?=\(separatorClass)|$)"
            case .last: boundary = "$"
            case .inner: boundary = separators.isEmpty ? "(?!)" : "(?=\(separatorClass))"
            }
            do {
                rules.append(
                    (rule.placeholder, try CompiledPattern("(?:\(rule.pattern))" + boundary, caseInsensitive: false)))
            } catch {
                throw .invalidPattern(
                    keyPath: "identifiers.dynamicSegments[\(index)].pattern", pattern: rule.pattern, reason: "\(error)")
            }
        }
        self.rules = rules
        rulesNeedDigits = configuration.dynamicSegments == DynamicSegmentRule.defaults
        defaultRuleKinds =
            rulesNeedDigits ? DynamicSegmentRule.defaults.map { DefaultRuleKind(placeholder: $0.placeholder) } : nil
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
            throw .invalidValue(
                keyPath: "identifiers.dataDrivenFold.minimumDistinctValues", message: "must be 2 or more")
        }
    }

    /// The identifier with dynamic segments folded by the rules (no data-driven fold).
    package func template(_ identifier: String) -> String {
        let units = Array(identifier.utf16)
        let count = units.count
        // One past the last digit: from there on no default rule can match.
        var lastDigitEnd = count
        if rulesNeedDigits {
            // A non-ASCII unit may be a digit to `\d` (`٣`, `𝟏`): it counts as one.
            lastDigitEnd = (units.lastIndex { ($0 >= 48 && $0 <= 57) || $0 >= 0x80 }).map { $0 + 1 } ?? 0
        }
        // Built as UTF-16 units and decoded once: decoding every segment on its own would go
        // through the standard library's generic path.
        var output: [UInt16] = []
        output.reserveCapacity(count + 8)
        var position = 0
        while true {
            var replaced = false
            let tryRules = position < lastDigitEnd && mayStartDefaultMatch(units[position])
            for (ruleIndex, rule) in rules.enumerated()
            where tryRules && mayMatchDefaultRule(ruleIndex, units, at: position) {
                let length =
                    directDefaultMatch(ruleIndex, units, at: position)
                    ?? rule.pattern.anchoredMatch(in: identifier, utf16Offset: position, utf16Length: count)
                if let length, length > 0 {
                    output.append(contentsOf: ("{" + rule.placeholder + "}").utf16)
                    position += length
                    replaced = true
                    break
                }
            }
            if !replaced {
                var end = position
                while end < count, !isSeparator(units[end]) { end += 1 }
                output.append(contentsOf: units[position..<end])
                position = end
            }
            guard position < count else { break }
            output.append(units[position])
            position += 1
        }
        if output.allSatisfy({ $0 < 0x80 }) {
            return String(unsafeUninitializedCapacity: output.count) { bytes in
                for (index, unit) in output.enumerated() { bytes[index] = UInt8(truncatingIfNeeded: unit) }
                return output.count
            }
        }
        return String(decoding: output, as: UTF16.self)
    }

    /// Whether `identifier` follows the naming convention (always true without one).
    package func followsConvention(_ identifier: String) -> Bool {
        convention?.matches(identifier) ?? true
    }

    /// Whether an element type counts as interactive.
    package func isInteractive(_ elementType: String) -> Bool { interactiveTypes.contains(elementType) }

    /// The segments of an identifier or template and the separators between them.
    package func split(_ identifier: String) -> (segments: [String], separators: [Character]) {
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

    /// The template of the branch `identifier` sits in (`Login` for `Login.Root`); nil for a
    /// single segment.
    package func parent(of identifier: String) -> String? {
        guard let last = identifier.lastIndex(where: { separators.contains($0) }), last > identifier.startIndex else {
            return nil
        }
        return String(identifier[..<last])
    }

    /// Whether a default rule can match from a segment starting with `unit`: each default pattern
    /// starts with a digit, a hex letter or a lowercase letter (uuid, date, hash, slug, index, id),
    /// so an ASCII capital G–Z or punctuation skips every regex (`Podcast`, `Login`). Non-ASCII
    /// units may be digits to `\d`, so they always try. With custom rules, always true.
    private func mayStartDefaultMatch(_ unit: UInt16) -> Bool {
        guard rulesNeedDigits, unit < 0x80 else { return true }
        switch UInt8(unit) {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }

    /// A necessary condition for default rule `ruleIndex` to match at `position`, checked on ASCII
    /// before running its regex (a non-ASCII unit may be a `\d` digit, so it always says maybe).
    /// Without it `Podcast-123-row` runs six regexes at each digit; with it only the `id` rule's
    /// runs. With custom rules, always true.
    private func mayMatchDefaultRule(_ ruleIndex: Int, _ units: [UInt16], at position: Int) -> Bool {
        guard let kind = defaultRuleKinds?[ruleIndex] else { return true }
        let count = units.count
        func unit(_ offset: Int) -> UInt16? { position + offset < count ? units[position + offset] : nil }
        func isASCIIDigit(_ unit: UInt16) -> Bool { unit >= 48 && unit <= 57 }
        func isLowerHex(_ unit: UInt16) -> Bool { isASCIIDigit(unit) || (unit >= 97 && unit <= 102) }
        func allASCII(_ length: Int) -> Bool {
            position + length <= count && !units[position..<(position + length)].contains { $0 >= 0x80 }
        }
        switch kind {
        case .uuid:
            // [0-9A-Fa-f]{8}-…: 36 units, a dash at 8.
            return count - position >= 36 && (unit(8) == 0x2D || !allASCII(9))
        case .date:
            // \d{4}-…: a dash at 4 after four digits.
            guard let dash = unit(4) else { return false }
            return !allASCII(5) || (dash == 0x2D && units[position..<(position + 4)].allSatisfy(isASCIIDigit))
        case .hexHash:
            // [0-9a-f]{8,64}: eight lowercase hex units at least.
            return position + 8 <= count && units[position..<(position + 8)].allSatisfy(isLowerHex)
        case .slug:
            // (?<=[._])[a-z0-9]+(?:-[a-z0-9]+){2,}(?=[._]): after a dot or underscore, at least
            // two dashes in the run.
            guard position > 0, units[position - 1] == 0x2E || units[position - 1] == 0x5F else { return false }
            var dashes = 0
            var index = position
            while index < count, dashes < 2 {
                let unit = units[index]
                if unit == 0x2D { dashes += 1 } else if !(isASCIIDigit(unit) || (unit >= 97 && unit <= 122)) { break }
                index += 1
            }
            return dashes >= 2
        case .index:
            // (?<=\.)\d+$: a number ending the identifier after a dot (the digits are decided by
            // `directDefaultMatch` on ASCII).
            return position > 0 && units[position - 1] == 0x2E
        case .id, .other:
            return true
        }
    }

    /// The match of the default `index` or `id` rule at `position` decided without the regex when
    /// the digits and what follows them are ASCII: `.some(nil)` for no match, nil to ask the regex.
    /// (`\d+(?=separator|$)` and `(?<=\.)\d+$` on ASCII digits, the dot checked by
    /// `mayMatchDefaultRule`; a non-ASCII unit may be a `\d`.)
    private func directDefaultMatch(_ ruleIndex: Int, _ units: [UInt16], at position: Int) -> Int?? {
        guard let kind = defaultRuleKinds?[ruleIndex], kind == .id || kind == .index else { return nil }
        var end = position
        while end < units.count, units[end] >= 48, units[end] <= 57 { end += 1 }
        // Non-ASCII may be a digit; before a line end `$` would match too: both go to the regex.
        if end < units.count, units[end] >= 0x80 || units[end] == 0x0A || units[end] == 0x0D { return nil }
        let run = end - position
        if kind == .index {
            return .some(end == units.count && run >= 1 ? run : nil)
        }
        return .some(run > 0 && (end == units.count || isSeparator(units[end])) ? run : nil)
    }

    private func isSeparator(_ unit: UInt16) -> Bool {
        guard unit < 128, let scalar = Unicode.Scalar(unit) else { return false }
        return separators.contains(Character(scalar))
    }
}
