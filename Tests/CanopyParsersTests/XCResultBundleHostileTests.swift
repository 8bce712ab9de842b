import CanopyBundleFixtures
import CanopyModel
import Foundation
import GRDB
import Testing

@testable import CanopyParsers

/// Bundles that are damaged, foreign or hostile: each an error naming the bundle and what is
/// wrong (exit 2 through the pipeline), never a crash and never a file read outside the bundle.
@Suite("XCResultBundleParser: bad input")
struct XCResultBundleHostileTests {
    private func error(_ path: String) throws -> ParserError {
        try #require(throws: ParserError.self) { try ParserRegistry().parse(fileAt: path) }
    }

    @Test func aDatabaseThatIsNotSQLite() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.merged)
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: path + "/database.sqlite3"))
        let error = try error(path)
        #expect(error.path == path)
        #expect(error.description.contains("database.sqlite3 is not an SQLite database"), "\(error)")
    }

    @Test func aForeignSQLiteDatabase() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.merged)
        try FileManager.default.removeItem(atPath: path + "/database.sqlite3")
        let foreign = try GeneratedBundle.write(XCResultBundleSamples.merged, name: "Other.xcresult")
        try XCResultBundleWriter.tamper(
            foreign, sql: "DROP TABLE TestCaseRuns; DROP TABLE TestCases; CREATE TABLE notes (text TEXT)")
        try FileManager.default.copyItem(atPath: foreign + "/database.sqlite3", toPath: path + "/database.sqlite3")
        let error = try error(path)
        #expect(error.description.contains("not an Xcode result database"), "\(error)")
        #expect(error.description.contains("TestCaseRuns, TestCases"))
    }

    @Test(arguments: [
        ("UPDATE TestCaseRuns SET testCase_fk = 999 WHERE rowid = 1", "TestCaseRuns row 1 points at TestCases row 999"),
        (
            "UPDATE TestCaseRuns SET testSuiteRun_fk = 77 WHERE rowid = 2",
            "TestCaseRuns row 2 points at TestSuiteRuns row 77"
        ),
        (
            "UPDATE TestSuiteRuns SET testSuite_fk = 555 WHERE rowid = 1",
            "TestSuiteRuns row 1 points at TestSuites row 555"
        ),
        ("UPDATE TestableRuns SET testable_fk = 9", "TestableRuns row 1 points at Testables row 9"),
        ("UPDATE TestPlanRuns SET configuration_fk = 5", "TestPlanRuns row 1 points at TestPlanConfigurations row 5"),
        ("UPDATE TestCaseRuns SET repetitionPolicy_fk = 4242 WHERE rowid = 1", "points at RepetitionPolicies row 4242"),
    ])
    func rowsPointingAtMissingRows(_ sql: String, _ expected: String) throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.merged)
        try XCResultBundleWriter.tamper(path, sql: sql)
        let error = try error(path)
        #expect(error.description.contains(expected), "\(error)")
        #expect(error.description.hasPrefix(path + ": error:"))
    }

    /// A payload id that leads outside `Data/` is refused, never read: that attachment is left
    /// out with a warning, and the bundle's tests are read.
    @Test(arguments: ["../../../etc/passwd", "/etc/passwd", "0~../Info.plist"])
    func anAttachmentPayloadOutsideDataIsRefusedTheTestsRead(_ id: String) throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.attachment(payloadId: id))
        let input = try XCResultBundleParser(attachments: .all).parse(fileAt: path)
        #expect(input.tests.map(\.outcome) == [.failed])
        #expect(input.tests.flatMap(\.attempts).allSatisfy { $0.attachments == nil })
        let warning = try #require(input.diagnostics.first { $0.message.contains("refused, never read") })
        #expect(warning.severity == .warning && warning.file == path)
        #expect(warning.message.hasPrefix("1 attachment(s) refused") && warning.message.contains("outside Data/"))
    }

    @Test func anAttachmentPayloadThatIsALinkIsRefusedTheTestsRead() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.attachment(payloadId: "0~link"))
        try FileManager.default.createSymbolicLink(
            atPath: path + "/Data/data.0~link", withDestinationPath: "/etc/hostname")
        let input = try XCResultBundleParser(attachments: .all).parse(fileAt: path)
        #expect(input.tests.map(\.outcome) == [.failed])
        #expect(input.tests.flatMap(\.attempts).allSatisfy { $0.attachments == nil })
        #expect(input.diagnostics.contains { $0.message.contains("refused") && $0.message.contains("a symbolic link") })
    }

    /// Attachments are evidence, not the result: a missing payload, or a bundle copied without
    /// its `Data/`, leaves the attachments out with one warning; the tests are read.
    @Test(arguments: [AttachmentScope.all, .failing])
    func aBundleWithoutDataReadsItsTests(_ scope: AttachmentScope) throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.attachment(payloadId: nil))
        let whole = try XCResultBundleParser(attachments: scope).parse(fileAt: path)
        #expect(whole.tests.flatMap(\.attempts).compactMap(\.attachments).count == 1)
        try FileManager.default.removeItem(atPath: path + "/Data")
        let input = try XCResultBundleParser(attachments: scope).parse(fileAt: path)
        #expect(input.tests.map(\.identity.key) == whole.tests.map(\.identity.key))
        #expect(input.tests.map(\.outcome) == [.failed])
        #expect(input.tests.flatMap(\.attempts).allSatisfy { $0.attachments == nil })
        let warnings = input.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.file == path)
        #expect(warnings.first?.message.hasPrefix("1 attachment(s) could not be read") == true)
        #expect(warnings.first?.message.contains("Data/ is missing") == true)
    }

    @Test func aMissingPayloadFileLeavesOnlyThatAttachmentOut() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.attachment(payloadId: "0~missing"))
        let input = try XCResultBundleParser(attachments: .all).parse(fileAt: path)
        #expect(input.tests.map(\.outcome) == [.failed])
        #expect(
            input.diagnostics.contains {
                $0.message.hasPrefix("1 attachment(s) could not be read")
                    && $0.message.contains("the payload Data/data.0~missing is missing")
            })
    }

    /// A WAL database on a read-only mount cannot make its `-shm`: the reader then opens it as
    /// immutable. (Checked by hand on a `mount -o remount,ro,bind` copy; here the URI itself.)
    @Test func aWALDatabaseOpensAsImmutable() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.merged, name: "Odd ?#% name.xcresult")
        try XCResultBundleWriter.useWAL(path)
        let uri = try #require(XCResultBundleDatabase.immutableURI(path + "/database.sqlite3"))
        #expect(
            uri.hasPrefix("file:/") && uri.hasSuffix("Odd%20%3F%23%25%20name.xcresult/database.sqlite3?immutable=1"),
            "\(uri)")
        let (queue, tables) = try XCResultBundleDatabase.open(uri)
        #expect(tables.contains("TestCaseRuns"))
        #expect(try queue.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM TestCaseRuns") } == 4)
        #expect(try ParserRegistry().parse(fileAt: path).tests.count == 2)
    }

    @Test func unknownMajorVersionIsReadWithAWarning() throws {
        var spec = XCResultBundleSamples.merged
        spec.majorVersion = 4
        let input = try ParserRegistry().parse(fileAt: GeneratedBundle.write(spec))
        #expect(input.tests.count == 2)
        let warning = try #require(input.diagnostics.first { $0.severity == .warning })
        #expect(warning.message.contains("bundle version 4"))
        #expect(warning.file?.hasSuffix("Info.plist") == true)
    }

    @Test func theBundleIsNeverWritten() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.twoDevices)
        func listing() throws -> [String] {
            let enumerator = try #require(FileManager.default.enumerator(atPath: path))
            var entries: [String] = []
            while let relative = enumerator.nextObject() as? String {
                let attributes = try FileManager.default.attributesOfItem(atPath: path + "/" + relative)
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                entries.append(
                    "\(relative) \(attributes[.size] ?? 0) \(modified) \(attributes[.posixPermissions] ?? 0)")
            }
            return entries.sorted()
        }
        // A read-only mount: no write permission anywhere in the bundle.
        for entry in try FileManager.default.subpathsOfDirectory(atPath: path) + [""] {
            let item = path + "/" + entry
            let isDirectory =
                try FileManager.default.attributesOfItem(atPath: item)[.type] as? FileAttributeType == .typeDirectory
            try FileManager.default.setAttributes([.posixPermissions: isDirectory ? 0o555 : 0o444], ofItemAtPath: item)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        let before = try listing()
        let input = try ParserRegistry().parse(fileAt: path)
        #expect(input.tests.count == 17)
        #expect(try listing() == before, "the reader left a journal, a WAL or a changed file")
    }
}
