import CanopyModel

/// The identifiers and labels a run's snapshots and audits know, used to decide whether a quoted
/// name in a failure is an identifier, a label of an identified element, or neither.
struct ElementIndex {
    private(set) var identifiers: Set<String> = []
    /// Label → what it stands for, decided once from the identified elements carrying it
    /// (snapshots, then audits): a label resolves for every mention of every failing attempt.
    private var labelTargets: [String: LabelTarget] = [:]
    /// Distinct carriers of a label looked at: enough to tell one element (or one template's
    /// rows) from several.
    private static let labelSample = 16
    /// Identifier → the element type of the first element carrying it (snapshots, then audits).
    private var elementTypeByIdentifier: [String: String] = [:]
    private let separators: Set<Character>
    /// Per ASCII byte, whether it is a separator: a table, not a set lookup per byte.
    private let asciiSeparators: [Bool]

    init(run: Run, scheme: IdentifierScheme) {
        separators = scheme.separators
        var table = [Bool](repeating: false, count: 128)
        for separator in separators { if let byte = separator.asciiValue { table[Int(byte)] = true } }
        asciiSeparators = table
        for screen in run.screens {
            screen.forEachElement { element in
                add(identifier: element.nonEmptyIdentifier, label: element.label, elementType: element.elementType)
            }
        }
        for issue in run.auditIssues {
            add(
                identifier: issue.element?.identifier, label: issue.element?.label,
                elementType: issue.element?.elementType)
        }
        for (label, carriers) in identifiersByLabel { labelTargets[label] = Self.target(of: carriers, scheme: scheme) }
        identifiersByLabel = [:]
    }

    /// Label → the distinct identifiers carrying it, first first, while the index is built.
    private var identifiersByLabel: [String: [String]] = [:]

    /// The element type the run's snapshots or audits know `identifier` by, when they do.
    func elementType(of identifier: String) -> String? { elementTypeByIdentifier[identifier] }

    private mutating func add(identifier: String?, label: String?, elementType: String? = nil) {
        guard let identifier, !identifier.isEmpty else { return }
        identifiers.insert(identifier)
        if let elementType, !elementType.isEmpty, elementType != "other", elementTypeByIdentifier[identifier] == nil {
            elementTypeByIdentifier[identifier] = elementType
        }
        if let label, !label.isEmpty, label != identifier {
            let known = identifiersByLabel[label, default: []]
            if known.count < Self.labelSample, !known.contains(identifier) {
                identifiersByLabel[label, default: []].append(identifier)
            }
        }
    }

    /// What a label stands for: the identifier of the element carrying it (the first, when the
    /// elements carrying it share one template, as a list's rows do); `.none` for a label no
    /// identified element carries, and `.ambiguous` for one carried by different elements.
    private enum LabelTarget {
        case none, ambiguous
        case element(String)
    }

    private static func target(of carriers: [String], scheme: IdentifierScheme) -> LabelTarget {
        guard let first = carriers.first else { return .none }
        guard carriers.count > 1 else { return .element(first) }
        let template = scheme.template(first)
        return carriers.dropFirst().allSatisfy({ scheme.template($0) == template }) ? .element(first) : .ambiguous
    }

    private func target(ofLabel label: String) -> LabelTarget { labelTargets[label] ?? .none }

    /// The identifier a mention stands for, and how it was decided; nil for a label of no
    /// identified element or of different ones, or a name that reads like prose.
    ///
    /// XCUITest's `identifiers` key matches an element's identifier or its label
    /// (`app.buttons["Pay"]`), so identifier syntax naming no known identifier but a known label
    /// stands for the labelled element.
    func resolve(_ reference: ExtractedReference, explicit: Set<String>) -> (
        identifier: String, resolution: Resolution
    )? {
        let text = reference.text
        switch reference.kind {
        case .identifier:
            if identifiers.contains(text) { return (text, .explicit) }
            switch target(ofLabel: text) {
            case .none: return (text, .explicit)
            case .ambiguous: return nil
            case .element(let identifier): return (identifier, .label)
            }
        case .label:
            guard case .element(let identifier) = target(ofLabel: text) else { return nil }
            return (identifier, .label)
        case .name:
            if identifiers.contains(text) { return (text, .known) }
            switch target(ofLabel: text) {
            case .ambiguous: return nil
            case .element(let identifier): return (identifier, .label)
            case .none: break
            }
            if explicit.contains(text) { return (text, .explicit) }
            return looksLikeIdentifier(text) ? (text, .assumed) : nil
        }
    }

    /// No whitespace, and a separator or a lower-to-upper camelCase step (`code-key-1`, `loginButton`).
    func looksLikeIdentifier(_ text: String) -> Bool {
        // ASCII fast path, without Character's Unicode properties.
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var previousLower = false
            var camel = false
            for byte in text.utf8 {
                if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { return false }
                if asciiSeparators[Int(byte)] { camel = true }
                if byte >= 0x41 && byte <= 0x5A && previousLower { camel = true }
                previousLower = byte >= 0x61 && byte <= 0x7A
            }
            return camel
        }
        var previousLower = false
        var camel = false
        for character in text {
            if character.isWhitespace { return false }
            if separators.contains(character) { camel = true }
            if character.isUppercase && previousLower { camel = true }
            previousLower = character.isLowercase
        }
        return camel
    }
}
