/// Places every identifier template in one tree by its segments and rolls figures up to each
/// branch (pass 9 of `ReportBuilder`).
struct IdentifierTreeBuilder {
    let scheme: IdentifierScheme

    /// Nodes depth-first with children sorted by path.
    func nodes(_ facts: [String: NodeFacts]) -> [IdentifierNode] {
        var own: [String: NodeFacts] = [:]
        var segment: [String: String] = [:]
        var parent: [String: String] = [:]
        var depth: [String: Int] = [:]
        for (template, fact) in facts {
            let parts = scheme.split(template)
            var path = ""
            var previous: String?
            for (index, piece) in parts.segments.enumerated() {
                if index > 0 { path.append(parts.separators[index - 1]) }
                path += piece
                if depth[path] == nil {
                    depth[path] = index + 1
                    segment[path] = piece
                    parent[path] = previous
                }
                previous = path
            }
            own[template, default: NodeFacts()] = fact
        }
        var branch = own
        for path in depth.keys.sorted(by: { (depth[$0] ?? 0) > (depth[$1] ?? 0) }) {
            guard let up = parent[path], let facts = branch[path] else { continue }
            branch[up, default: NodeFacts()].merge(facts)
        }
        var children: [String: [String]] = [:]
        var roots: [String] = []
        for path in depth.keys {
            if let up = parent[path] { children[up, default: []].append(path) } else { roots.append(path) }
        }
        var ordered: [IdentifierNode] = []
        func emit(_ path: String) {
            let facts = own[path]
            ordered.append(
                IdentifierNode(
                    path: path, segment: segment[path] ?? path, parent: parent[path], depth: depth[path] ?? 1,
                    isIdentifier: facts != nil, sources: facts?.sources ?? [], examples: facts?.examples ?? [],
                    elementTypes: (facts?.elementTypes ?? []).sorted(), own: NodeStats(facts ?? NodeFacts()),
                    branch: NodeStats(branch[path] ?? NodeFacts())))
            for child in (children[path] ?? []).sorted() { emit(child) }
        }
        for root in roots.sorted() { emit(root) }
        return ordered
    }
}
