import CanopyAnalysis
import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyHistory

/// Writes a store as Canopy wrote it at schema version 4: migrations 1–4 and their bookkeeping,
/// and each run's analysis in version 4's row layout — every coverage figure a `coverage` row
/// (branch figures included), every identifier node a row with its branch's figures — as
/// `IngestBatch.analysisTables` wrote them then (one row per scope and name, per path).
///
/// The run's own rows (runs, tests, attempts, audit issues, failures) have the same layout in both
/// versions; they are written by the store, and the analysis rows replaced by version 4's.
enum Version4Store {
    /// The tree of a run stored before schema 3: nodes with their own figures only.
    struct OldNode {
        var path: String
        var tests: Int
        var failures: Int
        var flakyTests: Int
        var auditIssues: Int
    }

    /// Stores `runs` (each with the digest version 4 stored and, for a run from before schema 3,
    /// its old tree) in the store `test` names, then leaves it at version 4.
    static func write(_ test: TestStore, runs: [(run: Run, digest: RunDigest, oldTree: [OldNode]?)]) async throws {
        let store = try await test.open()
        var statements: [String] = []
        for entry in runs {
            _ = try await store.store(entry.run, digest: entry.digest)
            let key = try #require(entry.run.metadata.runKey)
            statements += analysisRows(key: key, digest: entry.digest, oldTree: entry.oldTree)
        }
        statements += [
            "ALTER TABLE identifier_nodes DROP COLUMN branch_coverage"
        ]
        try await execute(statements, on: store, forgetting: .v5BranchCoverageInTree)
        await store.close()
    }

    /// Version 4's analysis rows of one run, replacing whatever the store wrote.
    static func analysisRows(key: String, digest: RunDigest, oldTree: [OldNode]?) -> [String] {
        let run = "(SELECT id FROM runs WHERE run_key = \(literal(key)))"
        var statements = [
            "DELETE FROM identifier_nodes WHERE run_id = \(run)",
            "DELETE FROM coverage WHERE run_id = \(run)",
        ]
        var seenScopes = Set<String>()
        for figure in digest.coverage where seenScopes.insert(figure.scope.rawValue + "\u{1F}" + figure.name).inserted {
            statements.append(
                "INSERT INTO coverage (run_id, scope, name, interactive, identified) VALUES (\(run), "
                    + "\(literal(figure.scope.rawValue)), \(literal(figure.name)), \(figure.interactive), \(figure.identified))"
            )
        }
        if let oldTree {
            for node in oldTree {
                statements.append(
                    "INSERT INTO identifier_nodes (run_id, path, tests, failures, flaky_tests, audit_issues) VALUES (\(run), "
                        + "\(literal(node.path)), \(node.tests), \(node.failures), \(node.flakyTests), \(node.auditIssues))"
                )
            }
            return statements
        }
        var seenPaths = Set<String>()
        for node in digest.identifierNodes where seenPaths.insert(node.path).inserted {
            let counts: [String] = [node.tests, node.failed, node.passedOnRetry, node.auditIssues].map { String($0) }
            let optional: [String] = [node.auditErrors, node.interactive, node.identified].map {
                $0.map { String($0) } ?? "NULL"
            }
            let parent: String = node.parent.map(literal) ?? "NULL"
            let values: [String] = [literal(node.path)] + counts + [optional[0], parent, optional[1], optional[2]]
            statements.append(
                "INSERT INTO identifier_nodes (run_id, path, tests, failures, flaky_tests, audit_issues, audit_errors, parent, "
                    + "interactive, identified) VALUES (\(run), \(values.joined(separator: ", ")))")
        }
        return statements
    }

    /// Runs `statements` on the store and removes `migration` from its bookkeeping.
    static func execute(_ statements: [String], on store: any HistoryStore, forgetting migration: HistoryMigration)
        async throws
    {
        if let sqlite = store as? SQLiteHistoryStore {
            let forget = "DELETE FROM grdb_migrations WHERE identifier = '\(SQLiteHistoryStore.identifier(migration))'"
            for sql in statements + [forget] { try sqlite.execute(sql) }
        } else if let postgres = store as? PostgresHistoryStore {
            try await postgres.withConnection { connection in
                for sql in statements + ["DELETE FROM canopy_migrations WHERE version = \(migration.version)"] {
                    try await postgres.execute(sql, on: connection)
                }
            }
        }
    }

    /// A count read with `sql` from either store.
    static func count(_ sql: String, in store: any HistoryStore) async throws -> Int {
        if let sqlite = store as? SQLiteHistoryStore {
            return try await sqlite.pool.read { try Int.fetchOne($0, sql: sql) } ?? -1
        }
        let postgres = try #require(store as? PostgresHistoryStore)
        var result = -1
        try await postgres.withConnection { connection in
            try await postgres.forEach(SQLStatement(sql: sql, arguments: []), on: connection) {
                result = try $0.int(0) ?? -1
            }
        }
        return result
    }

    static func literal(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }
}

/// Branch coverage is stored once, with the identifier tree (migration 5), and every reader reads
/// what it read from a store written at version 4.
@Suite struct BranchCoverageMigrationTests {
    static func screen(_ name: String, children: [ElementSnapshot]) -> Screen {
        Screen(
            name: name, source: "\(name).json", kind: .elementTree,
            root: ElementSnapshot(identifier: nil, label: "App", elementType: "application", children: children))
    }

    /// A run analysed as `canopy run` analyses it: a tree three levels deep (branch coverage
    /// reaches `coverage.branchDepth`, 2 by default), an unidentified button under an identified
    /// sheet, and a failing test on one node.
    static func analysedRun(key: String, night: Double, identifiedEdit: Bool) -> (Run, RunDigest) {
        var (run, _) = RunFactory.run(
            key: key, commit: "c-\(key)", night: night,
            tests: [
                HistoryStoreTests.checkout,
                .init(className: "LoginTests", name: "testLogin()", outcomes: [.passed], identifier: "Login.Submit"),
            ])
        let sheet = ElementSnapshot(
            identifier: "Checkout.PaymentSheet", elementType: "other",
            children: [
                ElementSnapshot(identifier: "Checkout.PaymentSheet.PayButton", label: "Pay", elementType: "button"),
                ElementSnapshot(
                    identifier: "Checkout.PaymentSheet.Card.Number", label: "Card", elementType: "textField"),
                ElementSnapshot(
                    identifier: identifiedEdit ? "Checkout.PaymentSheet.Edit" : nil, label: "Edit",
                    elementType: "button"),
            ])
        run.screens = [
            screen(
                "Checkout",
                children: [sheet, ElementSnapshot(identifier: "Checkout.Total", label: "Total", elementType: "button")]),
            screen(
                "Login",
                children: [ElementSnapshot(identifier: "Login.Submit", label: "Sign in", elementType: "button")]),
        ]
        return (run, ReportBuilder.build(run: run).digest)
    }

    /// A run stored before schema 3: its own identifier nodes, and branch figures in `coverage`,
    /// one of them for a branch none of its nodes is.
    static func oldRun() -> (Run, RunDigest, [Version4Store.OldNode]) {
        let (run, _) = RunFactory.run(
            key: "old-1", commit: "c-old", night: 0.5, tests: [HistoryStoreTests.checkout])
        let coverage = [
            CoverageFigure(scope: .overall, name: "", interactive: 5, identified: 3),
            CoverageFigure(scope: .branch, name: "Checkout", interactive: 4, identified: 2),
            CoverageFigure(scope: .branch, name: "Settings", interactive: 1, identified: 1),
            CoverageFigure(scope: .screen, name: "Checkout", interactive: 4, identified: 2),
        ]
        let tree = [
            Version4Store.OldNode(path: "Checkout", tests: 1, failures: 0, flakyTests: 0, auditIssues: 0),
            Version4Store.OldNode(path: "Checkout.PayButton", tests: 1, failures: 1, flakyTests: 1, auditIssues: 1),
        ]
        return (run, RunDigest(coverage: coverage), tree)
    }

    @Test(arguments: StoreKind.available)
    func aVersion4StoreReadsBackWhatItReadBefore(_ kind: StoreKind) async throws {
        let (first, firstDigest) = Self.analysedRun(key: "n1", night: 1, identifiedEdit: false)
        let (second, secondDigest) = Self.analysedRun(key: "n2", night: 2, identifiedEdit: true)
        let (old, oldDigest, oldTree) = Self.oldRun()
        // The analysis gives branch figures, and deeper nodes that are no branch figure.
        #expect(firstDigest.coverage.filter { $0.scope == .branch }.count >= 3)
        #expect(firstDigest.identifierNodes.count > firstDigest.coverage.filter { $0.scope == .branch }.count)

        let test = try await TestStore.make(kind)
        try await Version4Store.write(
            test, runs: [(old, oldDigest, oldTree), (first, firstDigest, nil), (second, secondDigest, nil)])

        let store = try await test.open()
        #expect(try await store.schemaVersion() == HistoryMigration.latestVersion)
        // One place: no branch rows left in `coverage`.
        #expect(try await Version4Store.count("SELECT COUNT(*) FROM coverage WHERE scope = 'branch'", in: store) == 0)

        for (key, digest) in [("n1", firstDigest), ("n2", secondDigest)] {
            let coverage = try await store.coverage(runKey: key)
            #expect(coverage.count == digest.coverage.count)
            #expect(Set(coverage) == Set(digest.coverage), "every scope, branch figures included")
            let nodes = try await store.identifierNodes(runKey: key)
            #expect(nodes.count == digest.identifierNodes.count)
            #expect(Set(nodes) == Set(digest.identifierNodes), "the whole tree with its figures")
        }
        // The run from before schema 3: its own nodes without figures, and every branch figure,
        // the one without a node included.
        let oldNodes = try await store.identifierNodes(runKey: "old-1")
        #expect(oldNodes.map(\.path).sorted() == ["Checkout", "Checkout.PayButton"])
        #expect(
            oldNodes.allSatisfy {
                $0.auditErrors == nil && $0.parent == nil && $0.interactive == nil && $0.identified == nil
            })
        #expect(oldNodes.first { $0.path == "Checkout.PayButton" }?.failed == 1)
        #expect(Set(try await store.coverage(runKey: "old-1")) == Set(oldDigest.coverage))

        // Trend series: the overall coverage of each run.
        let points = try await store.trend(in: .all)
        #expect(points.map(\.runKey) == ["old-1", "n1", "n2"])
        let overall = [oldDigest, firstDigest, secondDigest].map { digest in
            digest.coverage.first { $0.scope == .overall }?.ratio
        }
        #expect(points.map(\.coverage) == overall)
        #expect(points[1].coverage != points[2].coverage)

        // A run stored after the migration reads back as the others do.
        let (third, thirdDigest) = Self.analysedRun(key: "n3", night: 3, identifiedEdit: true)
        _ = try await store.store(third, digest: thirdDigest)
        #expect(Set(try await store.coverage(runKey: "n3")) == Set(thirdDigest.coverage))
        #expect(Set(try await store.identifierNodes(runKey: "n3")) == Set(thirdDigest.identifierNodes))
        #expect(try await Version4Store.count("SELECT COUNT(*) FROM coverage WHERE scope = 'branch'", in: store) == 0)
        await store.close()
        await test.remove()
    }

    /// A digest whose branch figure names no node of its tree keeps the figure and not a node.
    @Test(arguments: StoreKind.available)
    func aBranchFigureWithoutItsNodeIsKeptAsAFigureOnly(_ kind: StoreKind) async throws {
        try await TestStore.make(kind).with { store async throws in
            var (run, digest) = HistoryStoreTests.sampleRun()
            run.metadata.title = "a branch without its node"
            digest.coverage.append(
                CoverageFigure(scope: .branch, name: "Checkout.PayButton", interactive: 2, identified: 1))
            digest.coverage.append(CoverageFigure(scope: .branch, name: "Elsewhere", interactive: 3, identified: 0))
            _ = try await store.store(run, digest: digest)
            #expect(Set(try await store.coverage(runKey: "github-100-1")) == Set(digest.coverage))
            #expect(try await store.identifierNodes(runKey: "github-100-1") == digest.identifierNodes)
        }
    }
}
