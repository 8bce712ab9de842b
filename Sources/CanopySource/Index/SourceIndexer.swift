import CanopyModel
import Foundation
import SwiftParser
import SwiftSyntax

/// Indexes a tree of Swift sources: every file parsed once with SwiftParser, a first pass for the
/// constants, enums, view properties and reflection helpers of all files, then a second pass per
/// file for declarations and queries. A file that does not parse cleanly is indexed as far as
/// SwiftParser recovers it.
package enum SourceIndexer {
    /// Directories never indexed: dependencies and build products.
    static let skippedDirectories: Set<String> = ["Pods", "Carthage", "DerivedData", "build", "Build"]

    /// Indexes every `.swift` file under `directory` (hidden files and directories skipped).
    ///
    /// - Throws: `SourceError.unreadable` for a directory or file that cannot be read as UTF-8.
    package static func index(directory: URL) throws -> SourceIndex {
        try index(files: swiftFiles(under: directory))
    }

    /// Indexes `files`; the result lists them in path order. Parsing and both passes run per file
    /// on every core (`ParallelMap`); constants are merged in path order, the first of a name kept.
    package static func index(files: [SourceFile]) -> SourceIndex {
        let sorted = files.sorted { $0.path < $1.path }
        let trees = ParallelMap.map(sorted.count) { Parser.parse(source: sorted[$0].text) }
        let converters = ParallelMap.map(sorted.count) {
            SourceLocationConverter(fileName: sorted[$0].path, tree: trees[$0])
        }
        let factsPerFile = ParallelMap.map(sorted.count) { index in
            let visitor = SourceFactsVisitor(tree: trees[index], converter: converters[index])
            visitor.walk(trees[index])
            return visitor.facts
        }
        var facts = SourceFacts()
        for fileFacts in factsPerFile { facts.merge(fileFacts) }
        let results = ParallelMap.map(sorted.count) { index in
            let visitor = IdentifierDeclarationVisitor(
                path: sorted[index].path, tree: trees[index], converter: converters[index], facts: facts)
            visitor.walk(trees[index])
            return (
                visitor.declarations.sorted { $0.line < $1.line }, visitor.queries, visitor.unresolved,
                visitor.testClasses
            )
        }
        var index = SourceIndex(declarations: [], queries: [], unresolved: [], files: sorted.count)
        for (declarations, queries, unresolved, testClasses) in results {
            index.declarations += declarations
            index.queries += queries
            index.unresolved += unresolved
            index.testClasses += testClasses
        }
        return index
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
