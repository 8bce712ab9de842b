import CanopyModel
import Foundation
import SwiftParser
import SwiftSyntax

/// Indexes a tree of Swift sources: every file parsed with SwiftParser, a first pass for the
/// constants, enums, view properties and reflection helpers of all files, then a second pass per
/// file for declarations and queries. A file that does not parse cleanly is indexed as far as
/// SwiftParser recovers it.
///
/// With a previous run's cache entries, a file whose content hash is unchanged is not parsed: its
/// first-pass facts come from the cache, and when the merged facts of the whole tree equal the
/// cached tree's, so does its second-pass result; only changed and new files are parsed. When the
/// merged facts differ (a constant, an enum case, a view property or a helper changed), the second
/// pass depends on them everywhere, so every file is parsed and both passes run on all of them.
package enum SourceIndexer {
    /// Directories never indexed: dependencies and build products.
    static let skippedDirectories: Set<String> = ["Pods", "Carthage", "DerivedData", "build", "Build"]

    /// How many files a run parsed and how many second-pass results it took from the cache.
    package struct Counts: Sendable, Equatable {
        package var parsed: Int
        package var reused: Int
    }

    /// An index with its counts and the cache entries that describe it, in path order.
    struct Run {
        var index: SourceIndex
        var counts: Counts
        var entries: [SourceIndexCache.Entry]
    }

    /// A parsed file with its first pass done.
    private struct Parsed {
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
        var facts: SourceFacts
    }

    /// Indexes every `.swift` file under `directory` (hidden files and directories skipped).
    ///
    /// - Throws: `SourceError.unreadable` for a directory or file that cannot be read as UTF-8.
    package static func index(directory: URL) throws -> SourceIndex {
        try index(files: swiftFiles(under: directory))
    }

    /// Indexes `files`; the result lists them in path order. Parsing and both passes run per file
    /// on every core (`ParallelMap`); constants are merged in path order, the first of a name kept.
    package static func index(files: [SourceFile]) -> SourceIndex {
        index(files: files, cached: []).index
    }

    /// Indexes `files`, reusing what `cached` (a previous run's entries) says of unchanged files.
    static func index(files: [SourceFile], cached: [SourceIndexCache.Entry]) -> Run {
        let sorted = files.sorted { $0.path < $1.path }
        let hashes = ParallelMap.map(sorted.count) { SourceIndexCache.hash(sorted[$0].text) }
        let previous = Dictionary(cached.map { ($0.path, $0) }) { first, _ in first }
        let unchanged: [SourceIndexCache.Entry?] = sorted.indices.map { index in
            previous[sorted[index].path].flatMap { $0.sha256 == hashes[index] ? $0 : nil }
        }
        var parsed = parse(sorted, indices: sorted.indices.filter { unchanged[$0] == nil })
        var facts = SourceFacts()
        for index in sorted.indices { facts.merge(parsed[index]?.facts ?? unchanged[index]?.facts ?? SourceFacts()) }
        var cachedFacts = SourceFacts()
        for entry in cached.sorted(by: { $0.path < $1.path }) { cachedFacts.merge(entry.facts) }
        let reuse = !cached.isEmpty && facts == cachedFacts
        if !reuse {
            parsed.merge(parse(sorted, indices: sorted.indices.filter { parsed[$0] == nil })) { first, _ in first }
            facts = SourceFacts()
            for index in sorted.indices { facts.merge(parsed[index]?.facts ?? SourceFacts()) }
        }
        let merged = facts
        let parsedFiles = parsed
        let fresh = ParallelMap.map(sorted.count) { index -> FileIndex? in
            guard let file = parsedFiles[index] else { return nil }
            let visitor = IdentifierDeclarationVisitor(
                path: sorted[index].path, tree: file.tree, converter: file.converter, facts: merged)
            visitor.walk(file.tree)
            return FileIndex(
                declarations: visitor.declarations.sorted { $0.line < $1.line }, queries: visitor.queries,
                unresolved: visitor.unresolved, testClasses: visitor.testClasses)
        }
        var index = SourceIndex(declarations: [], queries: [], unresolved: [], files: sorted.count)
        var entries: [SourceIndexCache.Entry] = []
        entries.reserveCapacity(sorted.count)
        for position in sorted.indices {
            let entry: SourceIndexCache.Entry
            if let fileIndex = fresh[position], let file = parsed[position] {
                entry = SourceIndexCache.Entry(
                    path: sorted[position].path, sha256: hashes[position], facts: file.facts, index: fileIndex)
            } else if let cachedEntry = unchanged[position] {
                entry = cachedEntry
            } else {
                continue  // Unreachable: a file is parsed unless its entry is reused.
            }
            index.declarations += entry.index.declarations
            index.queries += entry.index.queries
            index.unresolved += entry.index.unresolved
            index.testClasses += entry.index.testClasses
            entries.append(entry)
        }
        return Run(
            index: index, counts: Counts(parsed: parsed.count, reused: sorted.count - parsed.count), entries: entries)
    }

    /// Parses the files at `indices` and runs the first pass on each, on every core.
    private static func parse(_ files: [SourceFile], indices: [Int]) -> [Int: Parsed] {
        let results = ParallelMap.map(indices.count) { position -> Parsed in
            let file = files[indices[position]]
            let tree = Parser.parse(source: file.text)
            let converter = SourceLocationConverter(fileName: file.path, tree: tree)
            let visitor = SourceFactsVisitor(tree: tree, converter: converter)
            visitor.walk(tree)
            return Parsed(tree: tree, converter: converter, facts: visitor.facts)
        }
        return Dictionary(uniqueKeysWithValues: zip(indices, results))
    }

    /// The `.swift` files under `directory`, with paths relative to it.
    static func swiftFiles(under directory: URL) throws -> [SourceFile] {
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue,
            let enumerator = FileManager.default.enumerator(
                at: root, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])
        else {
            throw SourceError.unreadable(path: directory.path, reason: "not a directory")
        }
        var files: [SourceFile] = []
        let prefix = root.path.hasSuffix("/") ? root.path : root.path + "/"
        for case let url as URL in enumerator {
            if skippedDirectories.contains(url.lastPathComponent),
                (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true
            {
                enumerator.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift" else { continue }
            let full = url.resolvingSymlinksInPath().path
            let relative = full.hasPrefix(prefix) ? String(full.dropFirst(prefix.count)) : full
            guard let data = FileManager.default.contents(atPath: full) else {
                throw SourceError.unreadable(path: full, reason: "cannot open the file")
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw SourceError.unreadable(path: full, reason: "not UTF-8 text")
            }
            files.append(SourceFile(path: relative, text: text))
        }
        return files
    }
}
