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
    /// How many files a run parsed and how many second-pass results it took from the cache.
    package struct Counts: Sendable, Equatable {
        package var parsed: Int
        package var reused: Int
        /// Files over a bound of ``SourceIndexBounds``, not indexed.
        package var skipped: Int = 0
    }

    /// An index with its counts, the cache entries that describe it (in path order) and a warning
    /// for each file over a bound (its path as given).
    struct Run {
        var index: SourceIndex
        var counts: Counts
        var entries: [SourceIndexCache.Entry]
        var warnings: [SourceWarning]
    }

    /// A parsed file with its first pass done.
    private struct Parsed {
        var tree: SourceFileSyntax
        var converter: SourceLocationConverter
        var facts: SourceFacts
    }

    /// Indexes every `.swift` file under `directory` (hidden files and directories skipped);
    /// files over ``SourceIndexBounds/standard`` are left out.
    ///
    /// - Throws: `SourceError.unreadable` for a directory that cannot be listed or a file that is
    ///   not UTF-8.
    package static func index(directory: URL) throws -> SourceIndex {
        let walked = try SourceTreeWalker(fileSystem: LocalSourceFileSystem(), bounds: .standard).walk(directory.path)
        return index(files: walked.files)
    }

    /// Indexes `files`; the result lists them in path order, without the files over
    /// ``SourceIndexBounds/standard``. Parsing and both passes run per file on every core, on
    /// threads with a large stack (``SyntaxThreads``); constants are merged in path order, the
    /// first of a name kept.
    package static func index(files: [SourceFile]) -> SourceIndex {
        index(files: files, cached: []).index
    }

    /// Indexes `files`, reusing what `cached` (a previous run's entries) says of unchanged files.
    /// A file over one of `bounds` is left out with a warning; it is never cached, so it is
    /// examined again next time.
    static func index(files: [SourceFile], cached: [SourceIndexCache.Entry], bounds: SourceIndexBounds = .standard)
        -> Run
    {
        let sorted = files.sorted { $0.path < $1.path }
        let hashes = ParallelMap.map(sorted.count) { SourceIndexCache.hash(sorted[$0].text) }
        let previous = Dictionary(cached.map { ($0.path, $0) }) { first, _ in first }
        let unchanged: [SourceIndexCache.Entry?] = sorted.indices.map { index in
            previous[sorted[index].path].flatMap { $0.sha256 == hashes[index] ? $0 : nil }
        }
        var skipped: [Int: SourceBound] = [:]
        var parsed = parse(
            sorted, indices: sorted.indices.filter { unchanged[$0] == nil }, bounds: bounds, skipped: &skipped)
        var facts = SourceFacts()
        for index in sorted.indices { facts.merge(parsed[index]?.facts ?? unchanged[index]?.facts ?? SourceFacts()) }
        var cachedFacts = SourceFacts()
        for entry in cached.sorted(by: { $0.path < $1.path }) { cachedFacts.merge(entry.facts) }
        let reuse = !cached.isEmpty && facts == cachedFacts
        if !reuse {
            let rest = sorted.indices.filter { parsed[$0] == nil && skipped[$0] == nil }
            parsed.merge(parse(sorted, indices: rest, bounds: bounds, skipped: &skipped)) { first, _ in first }
            facts = SourceFacts()
            for index in sorted.indices { facts.merge(parsed[index]?.facts ?? SourceFacts()) }
        }
        let merged = facts
        let parsedFiles = parsed
        let fresh = SyntaxThreads.map(sorted.count) { index -> FileIndex? in
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
                continue  // A file over a bound.
            }
            index.declarations += entry.index.declarations
            index.queries += entry.index.queries
            index.unresolved += entry.index.unresolved
            index.testClasses += entry.index.testClasses
            entries.append(entry)
        }
        let warnings = skipped.sorted { $0.key < $1.key }.map {
            SourceWarning.skipped(path: sorted[$0.key].path, bound: $0.value)
        }
        return Run(
            index: index,
            counts: Counts(
                parsed: parsed.count, reused: sorted.count - parsed.count - skipped.count, skipped: skipped.count),
            entries: entries, warnings: warnings)
    }

    /// Parses the files at `indices` within `bounds` and runs the first pass on each, on every
    /// core (``SyntaxThreads``); a file over a bound goes into `skipped` instead.
    private static func parse(
        _ files: [SourceFile], indices: [Int], bounds: SourceIndexBounds, skipped: inout [Int: SourceBound]
    ) -> [Int: Parsed] {
        let results = SyntaxThreads.map(indices.count) { position -> Result<Parsed, SkippedFile> in
            let file = files[indices[position]]
            if let bound = bounds.excess(of: file.text) { return .failure(SkippedFile(bound: bound)) }
            var text = file.text
            // The buffer is copied into the tree's arena.
            let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: bounds.parserNestingLevel) }
            if bounds.isTooDeep(tree) {
                return .failure(SkippedFile(bound: .treeDepth(limit: bounds.maximumTreeDepth)))
            }
            let converter = SourceLocationConverter(fileName: file.path, tree: tree)
            let visitor = SourceFactsVisitor(tree: tree, converter: converter)
            visitor.walk(tree)
            return .success(Parsed(tree: tree, converter: converter, facts: visitor.facts))
        }
        var parsed: [Int: Parsed] = [:]
        for (index, result) in zip(indices, results) {
            switch result {
            case .success(let file): parsed[index] = file
            case .failure(let skip): skipped[index] = skip.bound
            }
        }
        return parsed
    }
}

/// A file the parse left out, and why.
private struct SkippedFile: Error {
    var bound: SourceBound
}
