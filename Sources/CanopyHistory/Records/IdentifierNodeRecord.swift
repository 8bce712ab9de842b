import CanopyModel

/// One row of `identifier_nodes`: a node of the run's identifier tree with its branch's figures
/// (`failures` holds its failed tests, `flaky_tests` its tests passed on retry: migration 12),
/// and whether those figures are one of the run's branch coverage figures (`branch_coverage`,
/// migration 5 says what each value means).
struct IdentifierNodeRecord: RunChildRecord {
    static let table = "identifier_nodes"
    static let columns = [
        "run_id", "path", "tests", "failures", "flaky_tests", "audit_issues", "audit_errors", "parent", "interactive",
        "identified",
        "branch_coverage",
    ]

    /// `branch_coverage` of a node that is one of the run's branch coverage figures.
    static let branchFigure = 1
    /// `branch_coverage` of a row that holds a branch coverage figure and is no node of the tree.
    static let branchFigureOnly = 2

    var node: IdentifierNodeDigest
    /// `branchFigure`, `branchFigureOnly` or nil.
    var branchCoverage: Int?

    init(node: IdentifierNodeDigest, branchCoverage: Int? = nil) {
        self.node = node
        self.branchCoverage = branchCoverage
    }

    func write<Sink: SQLRowSink>(ids: RowIDs, to sink: inout Sink) {
        sink.int(ids.run)
        sink.text(node.path)
        sink.int(node.tests)
        sink.int(node.failed)
        sink.int(node.passedOnRetry)
        sink.int(node.auditIssues)
        sink.int(node.auditErrors)
        sink.text(node.parent)
        sink.int(node.interactive)
        sink.int(node.identified)
        sink.int(branchCoverage)
    }

    /// The rows of a run's tree and its branch coverage: each node once (the first of a path),
    /// marked when a branch figure names it, and a figure-only row for a branch figure no node
    /// has. A branch figure is the figures of the node at its path (`Report.digest` makes both
    /// from the same tree); a node without figures takes the branch figure's.
    static func rows(nodes: [IdentifierNodeDigest], branches: [CoverageFigure]) -> [IdentifierNodeRecord] {
        var figures: [String: CoverageFigure] = [:]
        for figure in branches where figures[figure.name] == nil { figures[figure.name] = figure }
        var seenPaths = Set<String>()
        var records: [IdentifierNodeRecord] = []
        records.reserveCapacity(nodes.count)
        for var node in nodes where seenPaths.insert(node.path).inserted {
            guard let figure = figures[node.path] else {
                records.append(IdentifierNodeRecord(node: node))
                continue
            }
            if node.interactive == nil || node.identified == nil {
                node.interactive = figure.interactive
                node.identified = figure.identified
            }
            records.append(IdentifierNodeRecord(node: node, branchCoverage: branchFigure))
        }
        for figure in branches where seenPaths.insert(figure.name).inserted {
            let holder = IdentifierNodeDigest(
                path: figure.name, parent: nil, tests: 0, failed: 0, passedOnRetry: 0, auditIssues: 0, auditErrors: nil,
                interactive: figure.interactive, identified: figure.identified)
            records.append(IdentifierNodeRecord(node: holder, branchCoverage: branchFigureOnly))
        }
        return records
    }

    static func decode(_ row: some SQLRowReader) throws -> IdentifierNodeDigest {
        IdentifierNodeDigest(
            path: try row.text(0) ?? "", parent: try row.text(6), tests: try row.int(1) ?? 0,
            failed: try row.int(2) ?? 0,
            passedOnRetry: try row.int(3) ?? 0, auditIssues: try row.int(4) ?? 0,
            auditErrors: try row.int(5), interactive: try row.int(7), identified: try row.int(8))
    }
}
