import CanopyModel
import Foundation
import SwiftParser
import SwiftSyntax

/// Indexes a tree of Swift sources: a first pass over every file for the constants, enums, view
/// properties and reflection helpers of all files, then a second pass per file for declarations
/// and queries. A file that does not parse cleanly is indexed as far as SwiftParser recovers it.
///
/// The index streams: each pass parses a file, keeps what it learnt (its facts, then its
/// declarations and queries) and drops the tree, so memory holds one tree per core, not the
/// app's; a file is parsed once per pass it needs.
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
        var parsed = firstPass(
            sorted, indices: sorted.indices.filter { unchanged[$0] == nil }, bounds: bounds, skipped: &skipped)
        var facts = SourceFacts()
        for index in sorted.indices { facts.merge(parsed[index] ?? unchanged[index]?.facts ?? SourceFacts()) }
        var cachedFacts = SourceFacts()
        for entry in cached.sorted(by: { $0.path < $1.path }) { cachedFacts.merge(entry.facts) }
        let reuse = !cached.isEmpty && facts == cachedFacts
        if !reuse {
            let rest = sorted.indices.filter { parsed[$0] == nil && skipped[$0] == nil }
            parsed.merge(firstPass(sorted, indices: rest, bounds: bounds, skipped: &skipped)) { first, _ in first }
            facts = SourceFacts()
            for index in sorted.indices { facts.merge(parsed[index] ?? SourceFacts()) }
        }
        let merged = facts
        let parsedFiles = parsed
        let fresh = SyntaxThreads.map(sorted.count) { index -> FileIndex? in
            guard parsedFiles[index] != nil else { return nil }
            return secondPass(sorted[index], facts: merged, bounds: bounds)
        }
        var index = SourceIndex(declarations: [], queries: [], unresolved: [], files: sorted.count)
        var entries: [SourceIndexCache.Entry] = []
        entries.reserveCapacity(sorted.count)
        for position in sorted.indices {
            let entry: SourceIndexCache.Entry
            if let fileIndex = fresh[position], let fileFacts = parsed[position] {
                entry = SourceIndexCache.Entry(
                    path: sorted[position].path, sha256: hashes[position], facts: fileFacts, index: fileIndex)
            } else if let cachedEntry = unchanged[position] {
                entry = cachedEntry
            } else {
                continue  // A file over a bound.
            }
            index.declarations += entry.index.declarations
            index.queries += entry.index.queries
            index.unresolved += entry.index.unresolved
            index.testClasses += entry.index.testClasses
            index.conformances += entry.index.conformances
            entries.append(entry)
        }
        index.testClasses = SourceIndex.uiTestClasses(among: index.testClasses)
        (index.queries, index.labelQueries) = SourceIndex.separatingLabels(
            index.queries, declarations: index.declarations)
        let warnings = skipped.sorted { $0.key < $1.key }.map {
            SourceWarning.skipped(path: sorted[$0.key].path, bound: $0.value)
        }
        return Run(
            index: index,
            counts: Counts(
                parsed: parsed.count, reused: sorted.count - parsed.count - skipped.count, skipped: skipped.count),
            entries: entries, warnings: warnings)
    }

    /// The first pass over the files at `indices` within `bounds`, on every core
    /// (``SyntaxThreads``): each file parsed, its facts kept and its tree dropped (its constants
    /// keep their source text, not its syntax); a file over a bound goes into `skipped` instead.
    private static func firstPass(
        _ files: [SourceFile], indices: [Int], bounds: SourceIndexBounds, skipped: inout [Int: SourceBound]
    ) -> [Int: SourceFacts] {
        let results = SyntaxThreads.map(indices.count) { position -> Result<SourceFacts, SkippedFile> in
            let file = files[indices[position]]
            if let bound = bounds.excess(of: file.text) { return .failure(SkippedFile(bound: bound)) }
            let (tree, converter) = parse(file, bounds: bounds)
            if bounds.isTooDeep(tree) {
                return .failure(SkippedFile(bound: .treeDepth(limit: bounds.maximumTreeDepth)))
            }
            let visitor = SourceFactsVisitor(tree: tree, converter: converter)
            visitor.walk(tree)
            return .success(visitor.facts.detached)
        }
        var parsed: [Int: SourceFacts] = [:]
        for (index, result) in zip(indices, results) {
            switch result {
            case .success(let facts): parsed[index] = facts
            case .failure(let skip): skipped[index] = skip.bound
            }
        }
        return parsed
    }

    /// The second pass over `file`, parsed again (the first pass found it within the bounds):
    /// its declarations, queries, unresolved identifiers and test classes, resolved with `facts`.
    private static func secondPass(_ file: SourceFile, facts: SourceFacts, bounds: SourceIndexBounds) -> FileIndex {
        let (tree, converter) = parse(file, bounds: bounds)
        let visitor = IdentifierDeclarationVisitor(path: file.path, tree: tree, converter: converter, facts: facts)
        visitor.walk(tree)
        return FileIndex(
            declarations: visitor.declarations.sorted { $0.line < $1.line }, queries: visitor.queries,
            unresolved: visitor.unresolved, testClasses: visitor.testClasses, conformances: visitor.conformances)
    }

    private static func parse(_ file: SourceFile, bounds: SourceIndexBounds) -> (
        SourceFileSyntax, SourceLocationConverter
    ) {
        var text = file.text
        // The buffer is copied into the tree's arena.
        let tree = text.withUTF8 { Parser.parse(source: $0, maximumNestingLevel: bounds.parserNestingLevel) }
        return (tree, SourceLocationConverter(fileName: file.path, tree: tree))
    }
}

/// A file the parse left out, and why.
private struct SkippedFile: Error {
    var bound: SourceBound
}
