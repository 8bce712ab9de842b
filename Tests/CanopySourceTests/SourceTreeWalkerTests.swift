import Foundation
import Testing

@testable import CanopySource

/// What the source walk cannot read is a warning naming it, never silence: a directory it cannot
/// list, a file it cannot read, a `.github/` that may hide the CODEOWNERS file. Tests run as root,
/// whom permission bits do not stop, so a file system that refuses chosen paths as the kernel
/// refuses them (``RefusingFileSystem``) stands in for `chmod 000`; one test uses real permission
/// bits when not run as root. Symbolic links are real.
@Suite("Source tree walk")
struct SourceTreeWalkerTests {
    static let line = "struct V { func f() { a.accessibilityIdentifier = \"%@\" } }\n"

    /// A temporary source tree.
    final class Tree {
        let root: URL

        init(_ files: [String: String]) throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for (path, identifier) in files {
                try write(path, SourceTreeWalkerTests.line.replacingOccurrences(of: "%@", with: identifier))
            }
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        var path: String { root.path }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }

        func link(_ path: String, to destination: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
        }

        func load(refusing refused: [String] = []) throws -> SourceCatalog {
            let fileSystem = RefusingFileSystem(refused: Set(refused.map { root.appendingPathComponent($0).path }))
            return try SourceCatalog.load(directory: path, cacheFile: nil, fileSystem: fileSystem)
        }
    }

    @Test func anUnreadableDirectoryIsAWarningAndTheRestIsIndexed() throws {
        let tree = try Tree(["App/A.swift": "A", "Locked/B.swift": "B"])
        let catalog = try tree.load(refusing: ["Locked"])
        #expect(catalog.index.declarations.map(\.identifier) == ["A"])
        #expect(
            catalog.warnings.map(\.description) == [
                "\(tree.path)/Locked: directory not indexed: cannot list it: Permission denied"
            ])
    }

    @Test func anUnreadableFileIsAWarning() throws {
        let tree = try Tree(["App/A.swift": "A", "App/B.swift": "B"])
        let catalog = try tree.load(refusing: ["App/B.swift"])
        #expect(catalog.index.declarations.map(\.identifier) == ["A"])
        #expect(catalog.warnings == [.unreadableFile(path: tree.path + "/App/B.swift", reason: "Permission denied")])
    }

    @Test func anUnreadableGitHubFolderWarnsThatOwnersMayBeMissing() throws {
        let tree = try Tree(["App/A.swift": "A"])
        try tree.write(".github/CODEOWNERS", "* @ios\n")
        let catalog = try tree.load(refusing: [".github"])
        #expect(catalog.codeOwners == nil)
        #expect(catalog.warnings == [.codeOwnersUnknown(path: tree.path + "/.github", reason: "Permission denied")])
        #expect(catalog.warnings.first?.description.hasSuffix("; owners may be missing") == true)
    }

    @Test func anUnreadableGitHubFolderStillLetsTheRootFileBeReadWithAWarning() throws {
        let tree = try Tree(["App/A.swift": "A"])
        try tree.write("CODEOWNERS", "* @root\n")
        let catalog = try tree.load(refusing: [".github"])
        #expect(catalog.codeOwners?.path == "CODEOWNERS")
        #expect(catalog.owners(of: "App/A.swift") == ["@root"])
        #expect(catalog.warnings.count == 1)
    }

    @Test func anUnreadableCodeOwnersFileIsStillAnError() throws {
        let tree = try Tree(["App/A.swift": "A"])
        try tree.write(".github/CODEOWNERS", "* @ios\n")
        let error = try #require(throws: SourceError.self) { try tree.load(refusing: [".github/CODEOWNERS"]) }
        #expect(error == .unreadable(path: tree.path + "/.github/CODEOWNERS", reason: "Permission denied"))
    }

    @Test func aSymlinkedFileIsIndexedOnceAtItsResolvedPath() throws {
        let tree = try Tree(["App/A.swift": "A"])
        try tree.link("Shared/Alias.swift", to: "../App/A.swift")
        try tree.link("Zed.swift", to: tree.path + "/App/A.swift")
        let catalog = try tree.load()
        #expect(catalog.index.files == 1)
        #expect(catalog.index.declarations.map(\.file) == ["App/A.swift"])
        #expect(catalog.warnings.isEmpty)
    }

    @Test func aSymlinkToAFileOutsideTheTreeIsReportedAtTheLinksPath() throws {
        let outside = try Tree(["Outside.swift": "Out"])
        let tree = try Tree(["App/A.swift": "A"])
        try tree.link("App/Linked.swift", to: outside.path + "/Outside.swift")
        let catalog = try tree.load()
        #expect(catalog.index.declarations.map(\.file) == ["App/A.swift", "App/Linked.swift"])
    }

    @Test func aSymlinkLoopIsNamedAndTheWalkEnds() throws {
        let tree = try Tree(["App/A.swift": "A"])
        try tree.link("App/Loop.swift", to: "Loop.swift")
        try tree.link("App/Ping.swift", to: "Pong.swift")
        try tree.link("App/Pong.swift", to: "Ping.swift")
        try tree.link("App/Gone.swift", to: "Missing.swift")
        // A link to a directory above it: not followed, so no walk goes round it.
        try tree.link("App/Up", to: "..")
        let catalog = try tree.load()
        #expect(catalog.index.declarations.map(\.identifier) == ["A"])
        #expect(
            catalog.warnings == [
                .brokenLink(path: tree.path + "/App/Gone.swift", reason: "No such file or directory"),
                .linkLoop(path: tree.path + "/App/Loop.swift"), .linkLoop(path: tree.path + "/App/Ping.swift"),
                .linkLoop(path: tree.path + "/App/Pong.swift"),
            ])
    }

    /// Real permission bits, where they stop this process.
    @Test(.enabled(if: getuid() != 0, "root reads through permission bits"))
    func realPermissionBitsAreWarnings() throws {
        let tree = try Tree(["App/A.swift": "A", "Locked/B.swift": "B"])
        let locked = tree.root.appendingPathComponent("Locked").path
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked) }
        let catalog = try SourceCatalog.load(directory: tree.path, cacheFile: nil)
        #expect(catalog.index.declarations.map(\.identifier) == ["A"])
        #expect(
            catalog.warnings.map(\.description) == [
                "\(locked): directory not indexed: cannot list it: Permission denied"
            ])
    }
}

/// The machine's file system, except that each refused path behaves as after `chmod 000`: a
/// directory cannot be listed and nothing inside it examined; a file cannot be read.
struct RefusingFileSystem: SourceFileSystem {
    var refused: Set<String>
    let local = LocalSourceFileSystem()
    static let denied = SourceFileSystemError(reason: "Permission denied")

    /// Whether a refused directory lies above `path`.
    func isInsideRefused(_ path: String) -> Bool {
        refused.contains { path.hasPrefix($0 + "/") }
    }

    func item(at path: String) throws(SourceFileSystemError) -> (kind: SourceItemKind, size: Int)? {
        if isInsideRefused(path) { throw Self.denied }
        return try local.item(at: path)
    }

    func names(in path: String) throws(SourceFileSystemError) -> [String] {
        if refused.contains(path) || isInsideRefused(path) { throw Self.denied }
        return try local.names(in: path)
    }

    func resolve(_ path: String) throws(SourceFileSystemError) -> String {
        if isInsideRefused(path) { throw Self.denied }
        return try local.resolve(path)
    }

    func contents(of path: String) throws(SourceFileSystemError) -> Data {
        if refused.contains(path) || isInsideRefused(path) { throw Self.denied }
        return try local.contents(of: path)
    }
}
