import CanopyModel

/// One row of `identifier_nodes`.
struct IdentifierNodeRecord: RunChildRecord {
    static let table = "identifier_nodes"
    static let columns = [
        "run_id", "path", "tests", "failures", "flaky_tests", "audit_issues", "audit_errors", "parent", "interactive", "identified",
    ]

    var node: IdentifierNodeDigest

    func write<Sink: SQLRowSink>(runID: Int, to sink: inout Sink) {
        sink.int(runID)
        sink.text(node.path)
        sink.int(node.tests)
        sink.int(node.failures)
        sink.int(node.flakyTests)
        sink.int(node.auditIssues)
        sink.int(node.auditErrors)
        sink.text(node.parent)
        sink.int(node.interactive)
        sink.int(node.identified)
    }

    static func decode(_ row: some SQLRowReader) throws -> IdentifierNodeDigest {
        IdentifierNodeDigest(
            path: try row.text(0) ?? "", parent: try row.text(6), tests: try row.int(1) ?? 0, failures: try row.int(2) ?? 0,
            flakyTests: try row.int(3) ?? 0, auditIssues: try row.int(4) ?? 0,
            auditErrors: try row.int(5), interactive: try row.int(7), identified: try row.int(8))
    }
}
