import Foundation

/// Which tests the stored runs saw touching which identifier template (`test_identifiers`), and
/// which tests they stored at all: what `canopy affected` selects tests from.
package struct TestIdentifierHistory: Sendable, Equatable {
    /// One test that touched one identifier template, and the last stored run in which it did.
    package struct Touch: Sendable, Equatable {
        package var identifier: String
        package var test: StoredTestName
        package var lastRunKey: String
        package var lastRunStarted: Date?
        /// The commit that run tested, as its CI gave it.
        package var lastRunCommit: String?

        package init(
            identifier: String, test: StoredTestName, lastRunKey: String, lastRunStarted: Date? = nil,
            lastRunCommit: String? = nil
        ) {
            self.identifier = identifier
            self.test = test
            self.lastRunKey = lastRunKey
            self.lastRunStarted = lastRunStarted
            self.lastRunCommit = lastRunCommit
        }
    }

    /// How many runs the store holds.
    package var runs: Int
    /// Sorted by identifier, then test key.
    package var touches: [Touch]
    /// Every test with a result in a stored run, sorted by key.
    package var tests: [StoredTestName]

    package init(runs: Int, touches: [Touch], tests: [StoredTestName]) {
        self.runs = runs
        self.touches = touches
        self.tests = tests
    }
}

/// A test as `test_names` keeps it.
package struct StoredTestName: Sendable, Equatable, Hashable {
    /// `Class/name@device#configuration` (`TestIdentity.key`).
    package var key: String
    /// The class, as the run's producer named it (`AppUITests.LoginTests` or `LoginTests`).
    package var className: String
    /// The test's name as written (`testLogin()`).
    package var name: String

    /// A test known only from a snapshot or audit file is stored with no class and its whole
    /// `Class/method` as its name; the class and method are read from that name.
    package init(key: String, className: String, name: String) {
        self.key = key
        if className.isEmpty, let slash = name.lastIndex(of: "/"), slash != name.startIndex,
            name.index(after: slash) != name.endIndex
        {
            self.className = String(name[..<slash])
            self.name = String(name[name.index(after: slash)...])
        } else {
            self.className = className
            self.name = name
        }
    }
}

enum TestIdentifierQueries {
    static let runCount = SQLStatement(sql: "SELECT COUNT(*) FROM runs", arguments: [])

    static let touches = SQLStatement(
        sql: """
            SELECT s.value, n.test_key, n.class_name, n.name, r.run_key, r.started_at, r.commit_sha
            FROM test_identifiers ti JOIN strings s ON s.id = ti.identifier_id
            JOIN test_names n ON n.id = ti.name_id JOIN runs r ON r.id = ti.last_run_id
            ORDER BY s.value, n.test_key
            """, arguments: [])

    static let storedTests = SQLStatement(
        sql: """
            SELECT n.test_key, n.class_name, n.name FROM test_names n
            WHERE EXISTS (SELECT 1 FROM tests t WHERE t.name_id = n.id) ORDER BY n.test_key
            """, arguments: [])

    static func touch(_ row: some SQLRowReader) throws -> TestIdentifierHistory.Touch {
        TestIdentifierHistory.Touch(
            identifier: try row.text(0) ?? "", test: try name(row, at: 1), lastRunKey: try row.text(4) ?? "",
            lastRunStarted: HistoryRowDecoding.date(try row.double(5)), lastRunCommit: try row.text(6))
    }

    static func name(_ row: some SQLRowReader, at column: Int = 0) throws -> StoredTestName {
        StoredTestName(
            key: try row.text(column) ?? "", className: try row.text(column + 1) ?? "",
            name: try row.text(column + 2) ?? "")
    }
}
