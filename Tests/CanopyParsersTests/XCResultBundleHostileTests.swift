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
        try XCResultBundleWriter.tamper(foreign, sql: "DROP TABLE TestCaseRuns; DROP TABLE TestCases; CREATE TABLE notes (text TEXT)")
        try FileManager.default.copyItem(atPath: foreign + "/database.sqlite3", toPath: path + "/database.sqlite3")
        let error = try error(path)
        #expect(error.description.contains("not an Xcode result database"), "\(error)")
        #expect(error.description.contains("TestCaseRuns, TestCases"))
    }

    @Test(arguments: [
        ("UPDATE TestCaseRuns SET testCase_fk = 999 WHERE rowid = 1", "TestCaseRuns row 1 points at TestCases row 999"),
        ("UPDATE TestCaseRuns SET testSuiteRun_fk = 77 WHERE rowid = 2", "TestCaseRuns row 2 points at TestSuiteRuns row 77"),
        ("UPDATE TestSuiteRuns SET testSuite_fk = 555 WHERE rowid = 1", "TestSuiteRuns row 1 points at TestSuites row 555"),
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

    @Test(arguments: ["../../../etc/passwd", "/etc/passwd", "0~../Info.plist", "0~missing"])
    func anAttachmentPayloadOutsideDataStopsTheRead(_ id: String) throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.attachment(payloadId: id))
        let error = try error(path)
        #expect(error.description.contains("payload"), "\(error)")
    }

    @Test func anAttachmentPayloadThatIsALinkStopsTheRead() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.attachment(payloadId: "0~link"))
        try FileManager.default.createSymbolicLink(atPath: path + "/Data/data.0~link", withDestinationPath: "/etc/hostname")
        #expect(try error(path).description.contains("a symbolic link"))
    }

    /// A WAL database on a read-only mount cannot make its `-shm`: the reader then opens it as
    /// immutable. (Checked by hand on a `mount -o remount,ro,bind` copy; here the URI itself.)
    @Test func aWALDatabaseOpensAsImmutable() throws {
        let path = try GeneratedBundle.write(XCResultBundleSamples.merged, name: "Odd ?#% name.xcresult")
        try XCResultBundleWriter.useWAL(path)
        let uri = try #require(XCResultBundleDatabase.immutableURI(path + "/database.sqlite3"))
        #expect(uri.hasPrefix("file:/") && uri.hasSuffix("Odd%20%3F%23%25%20name.xcresult/database.sqlite3?immutable=1"), "\(uri)")
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
                entries.append("\(relative) \(attributes[.size] ?? 0) \(modified) \(attributes[.posixPermissions] ?? 0)")
            }
            return entries.sorted()
        }
        // A read-only mount: no write permission anywhere in the bundle.
        for entry in try FileManager.default.subpathsOfDirectory(atPath: path) + [""] {
            let item = path + "/" + entry
            let isDirectory = try FileManager.default.attributesOfItem(atPath: item)[.type] as? FileAttributeType == .typeDirectory
            try FileManager.default.setAttributes([.posixPermissions: isDirectory ? 0o555 : 0o444], ofItemAtPath: item)
        }
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path) }
        let before = try listing()
        let input = try ParserRegistry().parse(fileAt: path)
        #expect(input.tests.count == 17)
        #expect(try listing() == before, "the reader left a journal, a WAL or a changed file")
    }
}

@Suite("XCResult payloads: Data/ and zstd")
struct XCResultPayloadTests {
    private func bundleWithPayload(_ bytes: [UInt8]?, name: String = "data.0~abc") throws -> (store: XCResultPayloadStore, bundle: String) {
        let bundle = try GeneratedBundle.write(XCResultBundleSamples.merged)
        if let bytes { try Data(bytes).write(to: URL(fileURLWithPath: bundle + "/Data/" + name)) }
        return (XCResultPayloadStore(bundle: bundle), bundle)
    }

    @Test func aPayloadDecompresses() throws {
        let (store, _) = try bundleWithPayload(XCResultBundleWriter.compress(XCResultBundleWriter.redPNG))
        #expect(try store.payload("0~abc", limit: 1024) == XCResultBundleWriter.redPNG)
        #expect(try store.payload("data.0~abc", limit: 1024) == XCResultBundleWriter.redPNG)
    }

    @Test(arguments: ["../Info.plist", "0~../../etc/passwd", "/etc/passwd", "..", "", ".hidden", "0~a/b"])
    func idsThatEscapeDataAreRefused(_ id: String) throws {
        let (store, bundle) = try bundleWithPayload(nil)
        let error = try #require(throws: ParserError.self) { try store.payload(id, limit: 1024) }
        #expect(error.path == bundle)
        #expect(error.description.contains("outside Data/") || error.description.contains("is missing"), "\(error)")
    }

    @Test func symbolicLinksAreNeverFollowed() throws {
        let (store, bundle) = try bundleWithPayload(nil)
        let outside = try TemporaryFile.write(Data(XCResultBundleWriter.compress(Array("secret".utf8))), name: "secret.zst")
        try FileManager.default.createSymbolicLink(atPath: bundle + "/Data/data.0~link", withDestinationPath: outside)
        let error = try #require(throws: ParserError.self) { try store.payload("0~link", limit: 1024) }
        #expect(error.description.contains("a symbolic link"), "\(error)")
        // A Data/ that is itself a link out of the bundle.
        let other = try GeneratedBundle.write(XCResultBundleSamples.merged)
        try FileManager.default.removeItem(atPath: other + "/Data")
        try FileManager.default.createSymbolicLink(atPath: other + "/Data", withDestinationPath: bundle + "/Data")
        let linked = try #require(throws: ParserError.self) { try XCResultPayloadStore(bundle: other).payload("0~link", limit: 1024) }
        #expect(linked.description.contains("Data/ is a symbolic link"), "\(linked)")
    }

    @Test func corruptAndTruncatedFrames() throws {
        let frame = XCResultBundleWriter.compress(Array(repeating: 7, count: 100_000))
        let (truncated, _) = try bundleWithPayload(Array(frame.prefix(frame.count / 2)))
        let cut = try #require(throws: ParserError.self) { try truncated.payload("0~abc", limit: 1 << 20) }
        #expect(cut.description.contains("cut short"), "\(cut)")
        var damaged = frame
        damaged[damaged.count / 2] ^= 0xFF
        damaged[damaged.count - 2] ^= 0xFF
        let (corrupt, _) = try bundleWithPayload(damaged)
        let bad = try #require(throws: ParserError.self) { try corrupt.payload("0~abc", limit: 1 << 20) }
        #expect(bad.description.contains("Data/data.0~abc"), "\(bad)")
        let (plain, _) = try bundleWithPayload(XCResultBundleWriter.redPNG)
        let notZstd = try #require(throws: ParserError.self) { try plain.payload("0~abc", limit: 1 << 20) }
        #expect(notZstd.description.contains("no zstd magic number"), "\(notZstd)")
    }

    @Test func aZstdBombStopsAtTheLimit() throws {
        // 16 MiB of zeros compress to under 1 KiB; read with a 1 MiB limit.
        let bomb = XCResultBundleWriter.compress([UInt8](repeating: 0, count: 16 << 20), level: 19)
        #expect(bomb.count < 4 * 1024)
        let (store, _) = try bundleWithPayload(bomb)
        #expect(try store.payload("0~abc", limit: 1 << 20) == nil, "stopped at the limit")
        let file = try store.file(for: "0~abc")
        #expect(throws: ZstdFrameError.tooLarge(limit: 1 << 20)) { try ZstdFrameReader.decompress(fileAt: file, limit: 1 << 20) }
        #expect(try store.payload("0~abc", limit: 16 << 20)?.count == 16 << 20)
    }
}
