import CanopyHistory
import CanopyRender
import CanopySource
import Foundation

/// `canopy affected`: the UI tests a change can affect, from the identifiers the changed files
/// declare and the history of which tests touched them (`AffectedSelection`), or "run everything"
/// and why. See docs/source-index.md, "Affected UI tests".
package struct AffectedCommand {
    package enum Format: String, Sendable, CaseIterable {
        case text
        case json
        /// One `-only-testing:Bundle/Class/method` per line, nothing else; nothing at all when
        /// every test must run.
        case xcodebuild
    }

    /// The `canopy.affected/1` document.
    struct Document: Encodable {
        struct Identifier: Encodable {
            var identifier: String
            var file: String
            var line: Int
            var atBase: Bool
        }

        var schema = "canopy.affected/1"
        var source: String
        var base: String?
        var changed: [String]
        /// Nil when the tests are the selection.
        var runEverything: [String]?
        var identifiers: [Identifier]
        /// Stored tests, one per test, device and configuration, as every other surface counts.
        var storedTests: Int
        /// How many of `storedTests` are runs of a selected test.
        var storedTestsAffected: Int
        var tests: [Test]

        struct Test: Encodable {
            var test: String
            var onlyTesting: String
            var reasons: [String]
        }
    }

    package let context: CommandContext

    package init(options: HistoryOptions) throws {
        context = try CommandContext(options: options.runOptions)
    }

    /// The selection for the files `changed` (relative to the source directory), or for those that
    /// differ from `base`, rendered in `format`.
    ///
    /// - Throws: `PipelineError.usage` without sources, without changes to look at, or when git
    ///   fails (not a repository, an unknown revision); `PipelineError.source` for unreadable
    ///   sources; a store error for a store that cannot be read.
    package func run(changed given: [String], base: String?, format: Format) async throws -> String {
        guard let directory = sourceDirectory else {
            throw PipelineError.usage(
                "affected reads the app's sources: pass --source DIR (no Swift sources in the current directory)")
        }
        if given.isEmpty && base == nil { throw PipelineError.usage("affected needs --changed FILE… or --base REF") }
        let revision = try base.map { try GitRevision(directory: directory, ref: $0) }
        var paths = given.map { SourceAccess.relative($0, to: directory) }
        if let revision { paths += try revision.changedFiles() }
        paths = Array(Set(paths)).sorted()
        guard let catalog = try await context.sources.catalog(directory: directory) else {
            throw PipelineError.usage("affected reads the app's sources: pass --source DIR")
        }
        let changed = try Self.changedFiles(paths, directory: directory, index: catalog.index, revision: revision)
        let history = try await context.history.withExistingStore { try await $0.testIdentifierHistory() }
        let selection = AffectedSelection(changed: changed, index: catalog.index, history: history)
        let document = Document(
            source: directory, base: base, changed: paths,
            runEverything: selection.runEverything.isEmpty
                ? nil : selection.runEverything.map(AffectedWords.runEverything),
            identifiers: selection.identifiers.map {
                Document.Identifier(identifier: $0.identifier, file: $0.file, line: $0.line, atBase: $0.atBase)
            }, storedTests: selection.storedTests, storedTestsAffected: selection.storedTestsAffected,
            tests: selection.tests.map {
                Document.Test(test: $0.test, onlyTesting: $0.onlyTesting, reasons: $0.reasons.map(AffectedWords.reason))
            })
        switch format {
        case .json: return try JSONOutput.encode(document) + "\n"
        case .xcodebuild:
            guard document.runEverything == nil else { return "" }
            return document.tests.map { "-only-testing:\($0.onlyTesting)\n" }.joined()
        case .text: return Self.text(document)
        }
    }

    /// `--source`, else the current directory when it holds Swift sources (or the checkout's
    /// Xcode project, `CommandContext.sourceDirectory`).
    private var sourceDirectory: String? {
        if let directory = context.sources.directory { return directory }
        guard context.options.source == .automatic else { return nil }
        let current = FileManager.default.currentDirectoryPath
        let names = FileManager.default.enumerator(atPath: current)
        while let name = names?.nextObject() as? String {
            if name.hasSuffix(".swift") { return current }
        }
        return nil
    }

    /// What each changed file declares now, and at the base revision: the base texts of the
    /// changed Swift files are indexed together (`SourceIndexer.index(files:)`).
    static func changedFiles(_ paths: [String], directory: String, index: SourceIndex, revision: GitRevision?)
        throws -> [AffectedSelection.ChangedFile]
    {
        let declared = Dictionary(grouping: index.declarations, by: \.file)
        var baseDeclared: [String: [IdentifierDeclaration]] = [:]
        if let revision {
            var files: [SourceFile] = []
            for path in paths where path.hasSuffix(".swift") {
                if let text = try revision.text(of: path) { files.append(SourceFile(path: path, text: text)) }
            }
            baseDeclared = Dictionary(grouping: SourceIndexer.index(files: files).declarations, by: \.file)
        }
        return paths.map { path in
            let full = URL(fileURLWithPath: directory).appendingPathComponent(path).path
            return AffectedSelection.ChangedFile(
                path: path, exists: path.hasPrefix(":/") || FileManager.default.fileExists(atPath: full),
                declarations: declared[path] ?? [], baseDeclarations: revision == nil ? nil : baseDeclared[path] ?? [])
        }
    }

    static func text(_ document: Document) -> String {
        var lines: [String] = []
        let files = "\(document.changed.count) changed file(s), \(document.identifiers.count) identifier(s) declared"
        if let reasons = document.runEverything {
            lines.append("run everything: " + reasons.joined(separator: "; "))
            lines.append("(\(files); the history alone would select \(document.tests.count) test(s))")
        } else {
            lines.append(
                "\(document.storedTestsAffected) of \(document.storedTests) stored test(s) affected by \(files); "
                    + "\(document.tests.count) to run")
        }
        for identifier in document.identifiers {
            lines.append(
                "  identifier \(identifier.identifier)  \(identifier.file):\(identifier.line)"
                    + (identifier.atBase ? "  (base revision)" : ""))
        }
        for test in document.tests {
            lines.append("\(test.test)  -only-testing:\(test.onlyTesting)")
            lines += test.reasons.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
