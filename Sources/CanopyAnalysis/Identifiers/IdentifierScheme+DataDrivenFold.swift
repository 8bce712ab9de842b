import CanopyModel

extension IdentifierScheme {
    /// Templates for every identifier of a run: rule templating first, then the data-driven fold
    /// over the rule templates. Deterministic: the result depends only on the set of identifiers.
    package func templates(for identifiers: some Sequence<String>) -> [String: String] {
        // Templating runs regular expressions per identifier, on every core (`ParallelMap`).
        // A set is taken as it is, so its identifiers are not hashed again.
        let distinct = (identifiers as? Set<String>).map(Array.init) ?? Array(Set(identifiers))
        let templated = ParallelMap.map(distinct.count) { template(distinct[$0]) }
        let fold = configuration.dataDrivenFold
        let ruleTemplates: Set<String> = fold.enabled ? Set(templated) : []
        let folded = fold.enabled ? foldedPositions(ruleTemplates, fold: fold) : []
        guard !folded.isEmpty else { return Dictionary(uniqueKeysWithValues: zip(distinct, templated)) }
        // The fold depends on the rule template alone: decided once per template, not per
        // identifier.
        var foldedTemplates: [String: String] = [:]
        for template in ruleTemplates {
            foldedTemplates[template] = applyFold(template, folded: folded, placeholder: fold.placeholder)
        }
        return Dictionary(uniqueKeysWithValues: zip(distinct, templated.map { foldedTemplates[$0] ?? $0 }))
    }

    /// The sibling keys (a template with one position blanked) whose blanked position takes at
    /// least `minimumDistinctValues` values.
    private func foldedPositions(_ templates: Set<String>, fold: DataDrivenFoldConfiguration) -> Set<String> {
        var values: [String: Set<String>] = [:]
        for template in templates {
            let parts = split(template)
            let last = parts.segments.count - 1
            for position in Self.foldable(parts) where position < last || fold.foldLastSegment {
                let segment = parts.segments[position]
                if segment.isEmpty || isPlaceholder(segment) { continue }
                values[siblingKey(parts, blanking: position), default: []].insert(segment)
            }
        }
        return Set(values.filter { $0.value.count >= fold.minimumDistinctValues }.keys)
    }

    private func applyFold(_ template: String, folded: Set<String>, placeholder: String) -> String {
        let parts = split(template)
        var segments = parts.segments
        for position in Self.foldable(parts) where folded.contains(siblingKey(parts, blanking: position)) {
            segments[position] = "{" + placeholder + "}"
        }
        var result = segments[0]
        for (index, separator) in parts.separators.enumerated() {
            result.append(separator)
            result += segments[index + 1]
        }
        return result
    }

    /// The positions that may fold: not the first, and none past the identifier tree's depth
    /// (an identifier of thousands of segments would make thousands of sibling keys of its whole
    /// length).
    private static func foldable(_ parts: (segments: [String], separators: [Character])) -> Range<Int> {
        1..<max(1, min(parts.segments.count, IdentifierTreeBuilder.maximumDepth - 1))
    }

    private func siblingKey(_ parts: (segments: [String], separators: [Character]), blanking position: Int) -> String {
        var key = ""
        for (index, segment) in parts.segments.enumerated() {
            key += index == position ? "\u{0}" : segment
            if index < parts.separators.count { key.append(parts.separators[index]) }
        }
        return key
    }

    func isPlaceholder(_ segment: String) -> Bool { segment.hasPrefix("{") && segment.hasSuffix("}") }
}
