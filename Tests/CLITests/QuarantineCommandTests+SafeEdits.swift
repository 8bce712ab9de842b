import Foundation
import Testing

extension QuarantineCommandTests {
    /// `canopy quarantine add` on a file others edit too: concurrent adds each keep their entry, the
    /// file keeps its permissions, owner, group and every byte outside the edit, a file it cannot
    /// replace faithfully is refused with exit 2, and a temporary file a killed edit left is gone
    /// after the next one.
    @Suite("canopy quarantine add edits the file safely")
    struct SafeEdits {
        /// `canopy quarantine add TEST --reason r --until 2099-12-31 --config CONFIG`.
        static func add(_ test: String, _ config: String) -> [String] {
            [
                "quarantine", "add", test, "--reason", "r", "--until", "2099-12-31", "--config", config,
                "--allow-unknown",
            ]
        }

        static func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

        static func attributes(_ path: String) throws -> [FileAttributeKey: Any] {
            try FileManager.default.attributesOfItem(atPath: path)
        }

        /// Starts `canopy` with `arguments`, its output discarded; the caller waits for it.
        static func start(_ arguments: [String]) throws -> Process {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }

        @Test("8 concurrent adds of different tests, 3 rounds: every add exits 0 and every entry is in the file")
        func concurrentAdds() async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try "# shared\nquarantine: []\n".write(toFile: config, atomically: true, encoding: .utf8)
            var expected: [String] = []
            for round in 0..<3 {
                let tests = (0..<8).map { "Suite\(round)/test\($0)" }
                let processes = try tests.map { try Self.start(Self.add($0, config)) }
                for process in processes { process.waitUntilExit() }
                #expect(processes.map(\.terminationStatus) == Array(repeating: 0, count: 8), "round \(round)")
                expected += tests
            }
            let list = try await CLIRunner.run(["quarantine", "list", "--format", "json", "--config", config])
            let document = try #require(
                try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [String: Any], "\(list.stderr)")
            let entries = try #require(document["entries"] as? [[String: Any]])
            let found = Set(entries.compactMap { $0["test"] as? String })
            #expect(found == Set(expected), "lost: \(Set(expected).subtracting(found).sorted())")
            #expect(entries.count == expected.count)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["canopy.yml"])
        }

        @Test("the file keeps its permissions, and its owner and group where this user may set them")
        func keepsModeOwnerAndGroup() async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try "quarantine: []\n".write(toFile: config, atomically: true, encoding: .utf8)
            // Root may give the file any owner and group; another user keeps its own.
            let foreign: [FileAttributeKey: Any] = [.ownerAccountID: 4242, .groupOwnerAccountID: 4243]
            try? FileManager.default.setAttributes(foreign, ofItemAtPath: config)
            for permissions in [0o600, 0o640, 0o664] {
                try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: config)
                let before = try Self.attributes(config)
                let result = try await CLIRunner.run(Self.add("A/a\(permissions)", config))
                #expect(result.status == 0, "\(result.stderr)")
                let after = try Self.attributes(config)
                #expect(after[.posixPermissions] as? Int == permissions)
                #expect(after[.ownerAccountID] as? Int == before[.ownerAccountID] as? Int)
                #expect(after[.groupOwnerAccountID] as? Int == before[.groupOwnerAccountID] as? Int)
                #expect(
                    after[.systemFileNumber] as? Int != before[.systemFileNumber] as? Int, "replaced, not rewritten")
            }
            #expect(try String(contentsOfFile: config, encoding: .utf8).contains("A/a\(0o664)"))
        }

        @Test("a read-only file is refused with exit 2 and stays as it was")
        func readOnlyRefused() async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try "quarantine: []\n".write(toFile: config, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: config)
            let before = try Self.bytes(config)
            let result = try await CLIRunner.run(Self.add("A/a", config))
            #expect(result.status == 2)
            #expect(result.stderr.contains("\(config): error: the file is read-only (mode 444)"), "\(result.stderr)")
            #expect(result.stderr.contains("chmod u+w"), "\(result.stderr)")
            #expect(try Self.bytes(config) == before)
            #expect(try Self.attributes(config)[.posixPermissions] as? Int == 0o444)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["canopy.yml"])
        }

        @Test("a file with a second hard link is refused with exit 2; both names keep the old text")
        func hardLinkRefused() async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try "quarantine: []\n".write(toFile: config, atomically: true, encoding: .utf8)
            try FileManager.default.linkItem(atPath: config, toPath: directory + "/other.yml")
            let before = try Self.bytes(config)
            let result = try await CLIRunner.run(Self.add("A/a", config))
            #expect(result.status == 2)
            #expect(result.stderr.contains("\(config): error: the file has 2 hard links"), "\(result.stderr)")
            #expect(try Self.bytes(config) == before)
            #expect(try Self.bytes(directory + "/other.yml") == before)
            #expect(try Self.attributes(config)[.referenceCount] as? Int == 2)
        }

        @Test(
            "every byte outside the edit stays: a byte order mark, each line's ending, a missing final newline",
            arguments: [
                (
                    "\u{FEFF}# c\nquarantine:\n  - test: \"B/b\"\n",
                    "\u{FEFF}# c\nquarantine:\n  - test: \"B/b\"\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2099-12-31\n"
                ),
                (
                    "gates:\r\n  maximumNewFailures: 0\r\nquarantine:\r\n  - test: \"B/b\"\r\n",
                    "gates:\r\n  maximumNewFailures: 0\r\nquarantine:\r\n  - test: \"B/b\"\r\n  - test: \"A/a\"\r\n    reason: \"r\"\r\n    expires: 2099-12-31\r\n"
                ),
                (
                    "gates:\r\n  maximumNewFailures: 0\nquarantine:\n  - test: \"B/b\"\nslowerTests: {}\n",
                    "gates:\r\n  maximumNewFailures: 0\nquarantine:\n  - test: \"B/b\"\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2099-12-31\nslowerTests: {}\n"
                ),
                (
                    "gates:\r\n  maximumNewFailures: 0\r\nquarantine:\r\n  - test: \"B/b\"\nslowerTests: {}\r\n",
                    "gates:\r\n  maximumNewFailures: 0\r\nquarantine:\r\n  - test: \"B/b\"\n  - test: \"A/a\"\r\n    reason: \"r\"\r\n    expires: 2099-12-31\r\nslowerTests: {}\r\n"
                ),
                (
                    "quarantine:\n  - test: \"B/b\"",
                    "quarantine:\n  - test: \"B/b\"\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2099-12-31"
                ),
                (
                    "quarantine:\n  - test: \"B/b\"\nslowerTests: {}",
                    "quarantine:\n  - test: \"B/b\"\n  - test: \"A/a\"\n    reason: \"r\"\n    expires: 2099-12-31\nslowerTests: {}"
                ),
                (
                    "\u{FEFF}slowerTests: {}\r\n",
                    "\u{FEFF}slowerTests: {}\r\n\r\nquarantine:\r\n  - test: \"A/a\"\r\n    reason: \"r\"\r\n    expires: 2099-12-31\r\n"
                ),
            ])
        func byteExact(_ original: String, _ expected: String) async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try Data(original.utf8).write(to: URL(fileURLWithPath: config))
            let result = try await CLIRunner.run(Self.add("A/a", config))
            #expect(result.status == 0, "\(result.stderr)")
            let after = try Self.bytes(config)
            #expect(after == Array(expected.utf8), "\(String(decoding: after, as: UTF8.self).debugDescription)")
        }

        @Test("every entry for the same test is updated, and each is reported with its line")
        func duplicateEntries() async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try "quarantine:\n  - test: A/a\n    reason: old\n  - test: B/b\n  - test: A/a\n    reason: older\n"
                .write(toFile: config, atomically: true, encoding: .utf8)
            let result = try await CLIRunner.run([
                "quarantine", "add", "A/a", "--reason", "new", "--until", "2099-12-31", "--config", config,
                "--allow-unknown",
            ])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                result.stdout
                    == "\(config):2: updated test A/a until 2099-12-31\n\(config):6: updated test A/a until 2099-12-31\n",
                "\(result.stdout)")
            let text = try String(contentsOfFile: config, encoding: .utf8)
            #expect(
                text
                    == "quarantine:\n  - test: A/a\n    reason: \"new\"\n    expires: 2099-12-31\n  - test: B/b\n  - test: A/a\n    reason: \"new\"\n    expires: 2099-12-31\n",
                "\(text)")
        }

        @Test("remove takes out every entry for the test and says where; one not there is exit 2, file unchanged")
        func remove() async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try "# ours\nquarantine:\n  - test: A/a\n  - test: B/b\n  - test: A/a\n    reason: again\n"
                .write(toFile: config, atomically: true, encoding: .utf8)
            let removed = try await CLIRunner.run(["quarantine", "remove", "A/a", "--config", config])
            #expect(removed.status == 0, "\(removed.stderr)")
            #expect(
                removed.stdout == "\(config):3: removed test A/a\n\(config):5: removed test A/a\n", "\(removed.stdout)")
            #expect(try String(contentsOfFile: config, encoding: .utf8) == "# ours\nquarantine:\n  - test: B/b\n")
            let before = try Self.bytes(config)
            let again = try await CLIRunner.run(["quarantine", "remove", "A/a", "--config", config])
            #expect(again.status == 2)
            #expect(
                again.stderr.contains("\(config): error: at quarantine: no entry covers the test 'A/a'"),
                "\(again.stderr)")
            #expect(try Self.bytes(config) == before)
        }

        @Test("a temporary file whose editing process is gone is removed by the next edit; a live one's stays")
        func staleTemporaryRemoved() async throws {
            let directory = try CLIRunner.temporaryDirectory()
            let config = directory + "/canopy.yml"
            try "quarantine: []\n".write(toFile: config, atomically: true, encoding: .utf8)
            // A process that has ended: its id names no process (until the system reuses it).
            let ended = try Self.start(["--version"])
            ended.waitUntilExit()
            let stale = directory + "/.canopy.yml.canopy-edit-\(ended.processIdentifier)-1f2e3d"
            let live = directory + "/.canopy.yml.canopy-edit-\(ProcessInfo.processInfo.processIdentifier)-4c5b6a"
            let unrelated = directory + "/.other.yml.canopy-edit-\(ended.processIdentifier)-1f2e3d"
            for path in [stale, live, unrelated] { try "half".write(toFile: path, atomically: false, encoding: .utf8) }
            let result = try await CLIRunner.run(Self.add("A/a", config))
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: stale))
            #expect(FileManager.default.fileExists(atPath: live))
            #expect(FileManager.default.fileExists(atPath: unrelated))
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: directory)).count == 3)
        }
    }
}
