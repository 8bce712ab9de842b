import Foundation
import Testing

@testable import CanopyConfig

/// `ConfigFileEditor`, the one way a user's file is changed: concurrent edits exclude each other
/// (threads here, processes in `QuarantineCommandTests.SafeEdits`), a failed edit leaves the file
/// and its folder as they were, and the bytes outside the edit stay.
@Suite("ConfigFileEditor: locked, whole-file edits")
struct ConfigFileEditorTests {
    static let day = Date(timeIntervalSince1970: 4_102_358_400)  // 2099-12-31

    static func directory() throws -> String {
        let path = NSTemporaryDirectory() + "canopy-edit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Adds a quarantine entry for `test` to the file, as `quarantine add` does.
    @discardableResult
    static func add(_ test: String, to path: String, create: Bool = false) throws -> QuarantineEditor.Result {
        try ConfigFileEditor.edit(path, create: create) { text in
            let result = try QuarantineEditor.edit(
                text, file: path, entry: QuarantineEntry(test: test, reason: "r", expires: day))
            return (result.text, result)
        }
    }

    @Test("8 threads adding 10 entries each to one file: all 80 are in it, and no temporary file is left")
    func concurrentThreads() throws {
        let directory = try Self.directory()
        let path = directory + "/canopy.yml"
        try "# shared\nquarantine: []\n".write(toFile: path, atomically: true, encoding: .utf8)
        let failures = Failures()
        let group = DispatchGroup()
        for thread in 0..<8 {
            group.enter()
            let worker = Thread {
                defer { group.leave() }
                for index in 0..<10 {
                    do {
                        try Self.add("T\(thread)/test\(index)", to: path)
                    } catch {
                        failures.append("\(thread)/\(index): \(error)")
                    }
                }
            }
            worker.start()
        }
        group.wait()
        #expect(failures.all.isEmpty, "\(failures.all)")
        let loaded = try ConfigurationLoader.parse(try String(contentsOfFile: path, encoding: .utf8), file: path)
        let expected = Set((0..<8).flatMap { thread in (0..<10).map { "T\(thread)/test\($0)" } })
        let found = Set(loaded.quarantine.compactMap(\.test))
        #expect(found == expected, "lost: \(expected.subtracting(found).sorted())")
        #expect(loaded.quarantine.count == 80)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["canopy.yml"])
    }

    @Test("an edit that throws writes nothing, leaves no temporary file, and a file it created is removed")
    func failedEdit() throws {
        struct Refused: Error {}
        let directory = try Self.directory()
        let path = directory + "/canopy.yml"
        try "quarantine: []\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: Refused.self) {
            _ = try ConfigFileEditor.edit(path) { _ -> (text: String, value: Int) in throw Refused() }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "quarantine: []\n")
        let missing = directory + "/Config/canopy.yml"
        #expect(throws: Refused.self) {
            _ = try ConfigFileEditor.edit(missing, create: true) { _ -> (text: String, value: Int) in throw Refused() }
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        #expect(throws: ConfigurationError.self) {
            _ = try ConfigFileEditor.edit(directory + "/nope.yml") { text in (text + "x", 0) }
        }
        #expect(!FileManager.default.fileExists(atPath: directory + "/nope.yml"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)) == ["canopy.yml", "Config"])
    }

    @Test("a missing file is created when asked, with its folder")
    func creates() throws {
        let path = try Self.directory() + "/Config/canopy.yml"
        let result = try Self.add("A/a", to: path, create: true)
        #expect(result.change == .added)
        #expect(
            try String(contentsOfFile: path, encoding: .utf8)
                == "quarantine:\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2099-12-31\n")
    }

    @Test("the byte order mark stays, and the text the edit sees has none")
    func byteOrderMark() throws {
        let path = try Self.directory() + "/canopy.yml"
        try Data([0xEF, 0xBB, 0xBF] + Array("a: 1\r\n".utf8)).write(to: URL(fileURLWithPath: path))
        let seen = try ConfigFileEditor.edit(path) { text in (text + "b: 2\r\n", text) }
        #expect(seen == "a: 1\r\n")
        #expect(
            try Array(Data(contentsOf: URL(fileURLWithPath: path))) == [0xEF, 0xBB, 0xBF]
                + Array("a: 1\r\nb: 2\r\n".utf8))
    }

    @Test("a file that is not UTF-8 is refused and stays as it was")
    func notUTF8() throws {
        let path = try Self.directory() + "/canopy.yml"
        let bytes: [UInt8] = Array("reason: caf".utf8) + [0xE9, 0x0A]
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            _ = try ConfigFileEditor.edit(path) { text in (text + "x: 1\n", 0) }
            Issue.record("edited a file that is not UTF-8")
        } catch let error as ConfigurationError {
            #expect(error.message.contains("not UTF-8"), "\(error)")
        }
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }

    @Test("a symbolic link is followed: the file it names is edited and the link stays a link")
    func symbolicLink() throws {
        let directory = try Self.directory()
        try "quarantine: []\n".write(toFile: directory + "/real.yml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/canopy.yml", withDestinationPath: "real.yml")
        try Self.add("A/a", to: directory + "/canopy.yml")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory + "/canopy.yml") == "real.yml")
        #expect(try String(contentsOfFile: directory + "/real.yml", encoding: .utf8).contains("A/a"))
    }
}

/// Errors gathered from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ item: String) { lock.withLock { items.append(item) } }
    var all: [String] { lock.withLock { items } }
}
