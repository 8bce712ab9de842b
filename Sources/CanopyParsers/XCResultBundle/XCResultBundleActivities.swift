import CanopyModel
import Foundation
import GRDB

/// The activity trees (XCUITest's step logs) of chosen test runs, read in one pass over
/// `Activities` in a cursor: a row belongs to a run when it names the run (a top-level step) or
/// its parent belongs to one. Xcode writes a parent before its children; a child whose parent
/// comes later is not attached.
struct XCResultBundleActivities {
    /// Steps per test run, flattened in order (children after their parent, by `orderInParent`).
    private(set) var steps: [Int64: [Step]] = [:]
    /// The step each activity became, by activity rowid: `(run, index in steps[run])`.
    private(set) var stepOfActivity: [Int64: (run: Int64, index: Int)] = [:]

    /// Attachments per test run, taken in its steps, in the order taken: those whose payload can
    /// be read (`XCResultPayloadStore.problem(for:)`).
    private(set) var attachments: [Int64: [AttemptAttachment]] = [:]
    /// The attachments left out because their payload cannot be read, one of each kind of reason.
    private(set) var unreadable = UnreadablePayloads()

    /// Attachments whose payload could not be read: missing ones (a bundle copied without
    /// `Data/`, a payload file absent) and those refused for safety.
    struct UnreadablePayloads {
        var missing = 0
        var firstMissing: String?
        var refused = 0
        var firstRefused: String?

        /// One warning per kind, naming the bundle, how many and the first reason; none when all were read.
        func diagnostics(bundle: String) -> [Diagnostic] {
            var diagnostics: [Diagnostic] = []
            if missing > 0, let firstMissing {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "\(missing) attachment(s) could not be read and are left out (\(firstMissing)); the tests are "
                            + "read without them. Copy the whole .xcresult bundle, Data/ included, to keep them",
                        file: bundle))
            }
            if refused > 0, let firstRefused {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "\(refused) attachment(s) refused, never read (\(firstRefused)); nothing outside the bundle is "
                            + "read, and the tests are read without them",
                        file: bundle))
            }
            return diagnostics
        }
    }

    /// Steps kept per run; a longer log keeps its first ones and the failure.
    static let stepLimit = 2_000

    private struct Node {
        var id: Int64
        var title: String
        var start: Double?
        var order: Int
        var failed: Bool
        var children: [Int64] = []
    }

    /// Reads the steps of `runs` and, when `attachments`, what they attached.
    init(_ db: Database, bundle: String, runs: Set<Int64>, attachments readsAttachments: Bool = true) throws {
        guard !runs.isEmpty, try db.tableExists("Activities") else { return }
        var nodes: [Int64: Node] = [:]
        var runOf: [Int64: Int64] = [:]
        var roots: [Int64: [Int64]] = [:]
        let sql =
            "SELECT rowid, testCaseRun_fk, parent_fk, title, startTime, failureIDs, orderInParent FROM Activities ORDER BY rowid"
        // Columns by their place in the select list.
        let rows = try Row.fetchCursor(db, sql: sql)
        while let row = try rows.next() {
            let id: Int64 = try row.decode(atIndex: 0)
            let parent: Int64? = try row.decode(atIndex: 2)
            let run: Int64?
            if let parent {
                run = runOf[parent]
            } else {
                run = try row.decode(Int64?.self, atIndex: 1).flatMap { runs.contains($0) ? $0 : nil }
            }
            guard let run else { continue }
            let failureIDs: String? = try row.decode(atIndex: 5)
            let node = Node(
                id: id, title: try row.decode(String?.self, atIndex: 3) ?? "", start: try row.decode(atIndex: 4),
                order: try row.decode(Int?.self, atIndex: 6) ?? 0, failed: !(failureIDs ?? "").isEmpty)
            nodes[id] = node
            runOf[id] = run
            if let parent { nodes[parent]?.children.append(id) } else { roots[run, default: []].append(id) }
        }
        for (run, top) in roots {
            let origin = top.compactMap { nodes[$0]?.start }.min()
            var flat: [Step] = []
            var stack: [(id: Int64, depth: Int)] = Self.sorted(top, nodes).reversed().map { ($0, 0) }
            var visited: Set<Int64> = []
            while let (id, depth) = stack.popLast(), flat.count < Self.stepLimit {
                guard let node = nodes[id], visited.insert(id).inserted else { continue }
                stepOfActivity[id] = (run, flat.count)
                let offset = node.start.flatMap { start in origin.flatMap { InputRange.duration(start - $0) } }
                flat.append(Step(title: node.title, offset: offset, depth: depth, failed: node.failed))
                stack += Self.sorted(node.children, nodes).reversed().map { ($0, depth + 1) }
            }
            steps[run] = flat
        }
        guard readsAttachments, try db.tableExists("Attachments") else { return }
        let store = XCResultPayloadStore(bundle: bundle)
        let attachmentRows = try Row.fetchCursor(
            db,
            sql:
                "SELECT activity_fk, testIssue_fk, xcResultKitPayloadRefId, name, filenameOverride, uniformTypeIdentifier, timestamp FROM Attachments WHERE activity_fk IS NOT NULL ORDER BY timestamp, rowid"
        )
        while let row = try attachmentRows.next() {
            guard let activity: Int64 = try row.decode(atIndex: 0), let place = stepOfActivity[activity] else {
                continue
            }
            guard let id: String = try row.decode(atIndex: 2) else { continue }
            // Checked now, by name only: an attachment whose payload is missing, or would lead
            // outside the bundle, is left out; the test and its other attachments stay.
            if let problem = store.problem(for: id) {
                if problem.isSafetyRefusal {
                    unreadable.refused += 1
                    if unreadable.firstRefused == nil { unreadable.firstRefused = problem.describe(id: id) }
                } else {
                    unreadable.missing += 1
                    if unreadable.firstMissing == nil { unreadable.firstMissing = problem.describe(id: id) }
                }
                continue
            }
            let name = try row.decode(String?.self, atIndex: 3) ?? row.decode(String?.self, atIndex: 4) ?? "attachment"
            let timestamp: Double? = try row.decode(atIndex: 6)
            attachments[place.run, default: []].append(
                AttemptAttachment(
                    name: name, contentType: try row.decode(atIndex: 5), sourcePath: bundle, payloadId: id,
                    isFailureAssociated: try row.decode(Int64?.self, atIndex: 1) != nil, step: place.index,
                    timestamp: timestamp.flatMap {
                        InputRange.date(seconds: $0, since: XCResultBundleCatalog.referenceDate)?.timeIntervalSince1970
                    }))
        }
    }

    /// The test runs with an attachment in their steps: each attachment's activity followed up
    /// its parents to the step that names the run (at most 64 levels, so a cycle ends).
    static func runsWithAttachments(_ db: Database) throws -> Set<Int64> {
        guard try db.tableExists("Activities"), try db.tableExists("Attachments") else { return [] }
        let sql = """
            WITH RECURSIVE up(id, parent, run, depth) AS (
                SELECT a.rowid, a.parent_fk, a.testCaseRun_fk, 0 FROM Activities a
                WHERE a.rowid IN (SELECT activity_fk FROM Attachments WHERE activity_fk IS NOT NULL)
                UNION ALL
                SELECT a.rowid, a.parent_fk, a.testCaseRun_fk, up.depth + 1 FROM Activities a JOIN up ON a.rowid = up.parent
                WHERE up.depth < 64)
            SELECT DISTINCT run FROM up WHERE parent IS NULL AND run IS NOT NULL
            """
        return Set(try Int64.fetchAll(db, sql: sql))
    }

    private static func sorted(_ ids: [Int64], _ nodes: [Int64: Node]) -> [Int64] {
        ids.sorted { (nodes[$0]?.order ?? 0, $0) < (nodes[$1]?.order ?? 0, $1) }
    }
}
