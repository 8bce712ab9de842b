/// Label queries: an element query's subscript (`app.buttons["Cancel"]`) matches an element by
/// identifier or by label, so its key is an identifier query only when the tree declares it.
extension SourceIndex {
    /// Splits `queries` into identifier queries and label queries: a subscript key that no
    /// declaration names (`IdentifierTemplateMatch`, either side a template) is a label query;
    /// `matching(identifier:)` and predicates are always identifier queries. Order is kept.
    static func separatingLabels(_ queries: [IdentifierQuery], declarations: [IdentifierDeclaration]) -> (
        identifiers: [IdentifierQuery], labels: [IdentifierQuery]
    ) {
        let literals = Set(declarations.lazy.filter { !$0.isTemplate }.map(\.identifier))
        // A template's text before its first placeholder must begin any literal it matches: the
        // templates by that prefix, looked up by each prefix of a key.
        let templates = Set(declarations.lazy.filter(\.isTemplate).map(\.identifier))
        let templatesByPrefix = Dictionary(grouping: templates) { String($0.prefix { $0 != "{" }) }
        func declared(_ key: String) -> Bool {
            if literals.contains(key) { return true }
            if key.contains("{") {
                let head = key.prefix { $0 != "{" }
                return literals.contains { $0.hasPrefix(head) && IdentifierTemplateMatch.matches(key, $0) }
                    || templates.contains { IdentifierTemplateMatch.matches($0, key) }
            }
            var prefix = ""
            for character in key {
                if templatesByPrefix[prefix]?.contains(where: { IdentifierTemplateMatch.matches($0, key) }) == true {
                    return true
                }
                prefix.append(character)
            }
            return false
        }
        var identifiers: [IdentifierQuery] = []
        var labels: [IdentifierQuery] = []
        for query in queries {
            if query.bySubscript && !declared(query.identifier) {
                labels.append(query)
            } else {
                identifiers.append(query)
            }
        }
        return (identifiers, labels)
    }
}
