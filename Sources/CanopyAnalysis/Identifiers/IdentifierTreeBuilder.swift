/// Places every identifier template in one tree by its segments and rolls figures up to each
/// branch (pass 9 of `ReportBuilder`).
struct IdentifierTreeBuilder {
    let scheme: IdentifierScheme
    /// The deepest level: the rest of a longer identifier is one leaf there, so a generated
    /// identifier of thousands of segments never makes as many nested nodes, each holding its
    /// whole path.
    static let maximumDepth = 32

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
                let last = index == Self.maximumDepth - 1 && parts.segments.count > Self.maximumDepth
                // The leaf at the deepest level is the rest of the template.
                let piece = last ? String(template.dropFirst(path.count)) : piece
                path += piece
                if depth[path] == nil {
                    depth[path] = index + 1
                    segment[path] = piece
                    parent[path] = previous
                }
                previous = path
                if last { break }
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
