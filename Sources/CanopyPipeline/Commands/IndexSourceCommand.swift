import CanopyRender
import CanopySource
import Foundation

/// `canopy index-source DIR`: the identifier declarations, UI-test queries and unresolved
/// expressions of the Swift sources under a directory, each declaration with the owners the
/// directory's CODEOWNERS file gives its file. See docs/source-index.md.
package struct IndexSourceCommand {
    package enum Format: String, Sendable, CaseIterable {
        case text
        case json
    }

    /// The `canopy.source-index/1` document.
    struct Document: Encodable {
        /// The index's counts, with how many files were parsed and how many taken from the cache.
        struct Summary: Encodable {
            var files: Int
            var parsed: Int
            var reused: Int
            /// Files over a bound of the index (size, nesting, depth), not indexed.
            var skipped: Int
            var declarations: Int
            var templates: Int
            var queries: Int
            /// Subscript queries whose key no declaration names: matched by label.
            var labelQueries: Int
            var unresolved: Int
        }

        struct Declaration: Encodable {
            var identifier: String
            var kind: String
            var file: String
            var line: Int
            var type: String?
            var owners: [String]
        }

        var schema = "canopy.source-index/1"
        var codeOwners: String?
        var summary: Summary
        var declarations: [Declaration]
        var queries: [Query]
        var labelQueries: [Query]
        var unresolved: [UnresolvedIdentifier]
    }

    /// A query as the document lists it.
    struct Query: Encodable {
        var identifier: String
        var file: String
        var line: Int
        var type: String?
        var function: String?

        init(_ query: IdentifierQuery) {
            identifier = query.identifier
            file = query.file
            line = query.line
            type = query.type
            function = query.function
        }
    }

    package init() {}

    /// Indexes `directory` (through the source-index cache) and renders the index; `warn` gets
    /// one line for each thing the index left out (a file over a bound, a directory or file that
    /// cannot be read), which never fails the command.
    ///
    /// - Throws: `PipelineError.source` when the directory cannot be listed, for a file that is not
    ///   UTF-8, or a CODEOWNERS file that cannot be read or has a bad line.
    package func run(directory: String, format: Format, warn: (String) -> Void = { _ in }) throws -> String {
        let catalog: SourceCatalog
        do {
            catalog = try SourceCatalog.load(directory: directory)
        } catch let error as SourceError {
            throw PipelineError.source(error.description)
        }
        for warning in catalog.warnings { warn("warning: \(warning)") }
        let index = catalog.index
        let counts = index.summary
        let document = Document(
            codeOwners: catalog.codeOwners?.path,
            summary: Document.Summary(
                files: counts.files, parsed: catalog.counts.parsed, reused: catalog.counts.reused,
                skipped: catalog.counts.skipped,
                declarations: counts.declarations, templates: counts.templates, queries: counts.queries,
                labelQueries: index.labelQueries.count, unresolved: counts.unresolved),
            declarations: index.declarations.map {
                Document.Declaration(
                    identifier: $0.identifier, kind: $0.kind.rawValue, file: $0.file, line: $0.line, type: $0.type,
                    owners: catalog.owners(of: $0.file))
            },
            queries: index.queries.map(Query.init), labelQueries: index.labelQueries.map(Query.init),
            unresolved: index.unresolved)
        switch format {
        case .json: return try JSONOutput.encode(document) + "\n"
        case .text: return Self.text(document, directory: directory)
        }
    }

    private static func text(_ document: Document, directory: String) -> String {
        let summary = document.summary
        var lines = [
            "\(directory): \(summary.files) Swift files (\(summary.parsed) parsed, \(summary.reused) reused"
                + (summary.skipped > 0 ? ", \(summary.skipped) skipped" : "") + "), "
                + "\(summary.declarations) identifiers declared "
                + "(\(summary.templates) templates), \(summary.queries) UI-test queries, "
                + "\(summary.labelQueries) label queries, \(summary.unresolved) unresolved; "
                + (document.codeOwners.map { "owners from \($0)" } ?? "no CODEOWNERS file")
        ]
        for declaration in document.declarations {
            let owners = declaration.owners.isEmpty ? "" : "  " + declaration.owners.joined(separator: " ")
            lines.append(
                "  \(declaration.identifier)  \(declaration.kind)  \(declaration.file):\(declaration.line)"
                    + "  \(declaration.type ?? "-")\(owners)")
        }
        if !document.queries.isEmpty { lines.append("UI-test queries:") }
        for query in document.queries { lines.append(Self.line(query)) }
        if !document.labelQueries.isEmpty { lines.append("Label queries (matched by label, not identifier):") }
        for query in document.labelQueries { lines.append(Self.line(query)) }
        if !document.unresolved.isEmpty { lines.append("Unresolved (not guessed):") }
        for unresolved in document.unresolved {
            lines.append("  \(unresolved.file):\(unresolved.line)  \(unresolved.expression)  \(unresolved.type ?? "-")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func line(_ query: Query) -> String {
        let test = [query.type, query.function].compactMap { $0 }.joined(separator: ".")
        return "  \(query.identifier)  \(query.file):\(query.line)  \(test.isEmpty ? "-" : test)"
    }
}
