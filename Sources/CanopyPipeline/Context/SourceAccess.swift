import CanopyHistory
import CanopyModel
import CanopyRender
import CanopySource
import Foundation

/// The app's sources a command reads: where they are, their index and owners, and the files a
/// run's change touches. A value of `--source`, `--changed` and the checkout
/// (`CommandContext.sources`).
struct SourceAccess: Sendable {
    /// `--source`/`--no-source`.
    var selection: SourceSelection
    /// `run --changed`, as given.
    var changed: [String]?
    var ci: CIEnvironment
    /// `HOME`, which a checkout's path may start with.
    var home: String?
    var progress: Progress

    /// The directory `--source` names, or the checkout when it holds an Xcode project; nil when
    /// no sources are read.
    var directory: String? {
        selection.directory(checkout: SourcePathResolver.checkout(ci, home: home))
    }

    /// The source index and CODEOWNERS of `directory` (by default `sourceDirectory`), read on a
    /// thread of its own; nil when no sources are read. What the index left out (a file over a
    /// bound, a directory or file that cannot be read) is a warning on standard error each, never
    /// a failure.
    ///
    /// - Throws: `PipelineError.source` when the directory cannot be listed, for a file that is not
    ///   UTF-8, or a CODEOWNERS file that cannot be read or has a bad line.
    func catalog(directory: String? = nil) async throws -> SourceCatalog? {
        guard let directory = directory ?? self.directory else { return nil }
        let catalog: SourceCatalog
        do {
            catalog = try await DedicatedThread.run("source") { try SourceCatalog.load(directory: directory) }
        } catch let error as SourceError {
            throw PipelineError.source(error.description)
        }
        for warning in catalog.warnings { progress.log("warning: \(warning)") }
        return catalog
    }
}

/// What `report` and `trend` read from the sources: the catalog, the directory as given, and the
/// `--owner` filter.
struct SourceView: Sendable {
    var catalog: SourceCatalog?
    var directory: String?
    var owner: OwnerFilter?

    static let none = SourceView()

    /// The owner's part of a stored run's rows and failures; all of them without `--owner`.
    func owned(tests: [TestRunRow], failures: [FailureDigest]) -> (tests: [TestRunRow], failures: [FailureDigest]) {
        guard let owner else { return (tests, failures) }
        var identifiers: [String: [String]] = [:]
        for failure in failures {
            if let identifier = failure.identifier { identifiers[failure.testKey, default: []].append(identifier) }
        }
        let owned = owner.ownedTests(tests.map(\.testKey), failureIdentifiers: identifiers)
        return (tests.filter { owned.contains($0.testKey) }, failures.filter { owned.contains($0.testKey) })
    }
}

extension SourceAccess {
    /// The sources and the `--owner` filter of `report` and `trend`.
    func view(owner: String?) async throws -> SourceView {
        let catalog = try await self.catalog()
        return SourceView(
            catalog: catalog, directory: directory,
            owner: try owner.map { try OwnerFilter(owner: $0, catalog: catalog) })
    }
}

extension SourceView {
    /// The declared identifiers no UI test exercised over `window` (`UntestedIdentifiers`); none
    /// without sources. Reads each run's identifier tree: the nodes a test touched or an element
    /// was seen on.
    static func untestedIdentifiers(catalog: SourceCatalog?, window: HistoryWindow, store: any HistoryStore)
        async throws
        -> [DashboardUntestedScreen]
    {
        guard let catalog else { return [] }
        var seen = Set<String>()
        for run in try await store.runs(in: window) {
            for node in try await store.identifierNodes(runKey: run.key)
            where node.tests > 0 || (node.interactive ?? 0) > 0 {
                seen.insert(node.path)
            }
        }
        let identifiers = Array(seen)
        return await DedicatedThread.run("untested") {
            UntestedIdentifiers.screens(catalog: catalog, seen: identifiers)
        }
    }
}
