import CanopyModel
import Foundation
import GRDB

/// An `.xcresult` bundle's `database.sqlite3`, opened read-only: the bundle is never written
/// (no journal, no WAL, no schema change).
struct XCResultBundleDatabase {
    /// The tables the reader needs; a database without them is not an Xcode result database.
    static let requiredTables = [
        "Actions", "TestPlanRuns", "TestPlanConfigurations", "TestableRuns", "Testables", "TestSuiteRuns", "TestSuites",
        "TestCaseRuns", "TestCases", "TestIssues", "RunDestinations", "Devices", "BuildIssues",
    ]

    let bundle: String
    let queue: DatabaseQueue

    /// Opens `<bundle>/database.sqlite3` read-only and checks it is an Xcode result database.
    /// - Throws: `ParserError.invalidBundle` when it is missing, not SQLite or another database.
    init(bundle: String) throws(ParserError) {
        self.bundle = bundle
        let path = bundle + "/database.sqlite3"
        guard FileManager.default.fileExists(atPath: path) else {
            let name = (bundle as NSString).lastPathComponent
            throw .invalidBundle(
                path: bundle,
                message:
                    "the bundle has no database.sqlite3: Xcode writes it the first time the bundle is opened, not when "
                    + "xcodebuild writes the bundle. On the Mac that ran the tests, run "
                    + "`xcrun xcresulttool get test-results summary --path \(name)` once, then upload the bundle")
        }
        do {
            let tables: Set<String>
            do {
                (queue, tables) = try Self.open(path)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
                // A WAL database on a read-only mount: SQLite cannot make its `-shm` file. Opened
                // as immutable (a URI filename), it is read without one, as the bundle is.
                guard let uri = Self.immutableURI(path) else { throw error }
                (queue, tables) = try Self.open(uri)
            }
            let missing = Self.requiredTables.filter { !tables.contains($0) }
            if !missing.isEmpty {
                throw ParserError.invalidBundle(
                    path: bundle,
                    message:
                        "database.sqlite3 is not an Xcode result database (it has no table \(missing.joined(separator: ", "))); "
                        + "is this bundle from Xcode 16 or later?")
            }
        } catch let error as ParserError {
            throw error
        } catch {
            throw Self.failure(error, bundle: bundle)
        }
    }

    /// Opens `location` (a path or a `file:` URI) read-only and lists its tables.
    static func open(_ location: String) throws -> (DatabaseQueue, Set<String>) {
        var configuration = Configuration()
        configuration.readonly = true
        // Xcode's `REFERENCES` point at rowids, which SQLite cannot check; references are checked
        // by the reader as it follows them (`XCResultBundleCatalog.lookup`).
        configuration.foreignKeysEnabled = false
        configuration.label = "xcresult"
        let queue = try DatabaseQueue(path: location, configuration: configuration)
        let tables = try queue.read { db in
            try String.fetchSet(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        }
        return (queue, tables)
    }

    /// `file:/abs/path?immutable=1` (`SQLiteFileURI.immutable`).
    static func immutableURI(_ path: String) -> String? { SQLiteFileURI.immutable(path) }

    /// Runs `body` in one read transaction, mapping SQLite errors to `ParserError`.
    func read<T>(_ body: (Database) throws -> T) throws(ParserError) -> T {
        do {
            return try queue.read(body)
        } catch let error as ParserError {
            throw error
        } catch {
            throw Self.failure(error, bundle: bundle)
        }
    }

    static func failure(_ error: any Error, bundle: String) -> ParserError {
        guard let error = error as? DatabaseError else {
            return .invalidBundle(path: bundle, message: "database.sqlite3 cannot be read: \(error)")
        }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .invalidBundle(
                path: bundle, message: "database.sqlite3 is not an SQLite database (a damaged or foreign file)")
        case .SQLITE_CORRUPT:
            return .invalidBundle(
                path: bundle,
                message:
                    "database.sqlite3 is damaged (\(error.message ?? "corrupt")); copy the bundle again from the Mac")
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY:
            return .invalidBundle(
                path: bundle,
                message:
                    "database.sqlite3 cannot be opened read-only (\(error.message ?? "\(error.resultCode)")); check its permissions"
            )
        default:
            let sql = error.sql.map { " in `\($0)`" } ?? ""
            return .invalidBundle(
                path: bundle,
                message: "database.sqlite3 cannot be read: \(error.message ?? "\(error.resultCode)")\(sql)")
        }
    }
}
