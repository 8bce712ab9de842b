extension IdentifierScheme {
    /// Templates for every identifier of a run: rule templating first, then the data-driven fold
    /// over the rule templates. Deterministic: the result depends only on the set of identifiers.
    public func templates(for identifiers: some Sequence<String>) -> [String: String] {
        // Templating runs regular expressions per identifier, on every core (`ParallelMap`).
        let distinct = Array(Set(identifiers))
        let templated = ParallelMap.map(distinct.count) { template(distinct[$0]) }
        let ruleTemplates = Dictionary(uniqueKeysWithValues: zip(distinct, templated))
        let fold = configuration.dataDrivenFold
        guard fold.enabled else { return ruleTemplates }
        let folded = foldedPositions(Set(ruleTemplates.values), fold: fold)
        guard !folded.isEmpty else { return ruleTemplates }
        var cache: [String: String] = [:]
        return ruleTemplates.mapValues { template in
            if let done = cache[template] { return done }
            let result = applyFold(template, folded: folded, placeholder: fold.placeholder)
            cache[template] = result
            return result
        }
    }

    /// The sibling keys (a template with one position blanked) whose blanked position takes at
    /// least `minimumDistinctValues` values.
    private func foldedPositions(_ templates: Set<String>, fold: DataDrivenFoldConfiguration) -> Set<String> {
        var values: [String: Set<String>] = [:]
        for template in templates {
            let parts = split(template)
            let last = parts.segments.count - 1
            for position in parts.segments.indices where position > 0 && (position < last || fold.foldLastSegment) {
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
        for position in segments.indices where position > 0 && folded.contains(siblingKey(parts, blanking: position)) {
            segments[position] = "{" + placeholder + "}"
        }
        var result = segments[0]
        for (index, separator) in parts.separators.enumerated() {
            result.append(separator)
            result += segments[index + 1]
        }
        return result
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
