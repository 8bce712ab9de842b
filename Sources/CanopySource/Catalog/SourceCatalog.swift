import Foundation

/// The source index of a directory with its CODEOWNERS file: where an identifier is declared and
/// whose the declaring file is. What `--source DIR` gives every command; built once per command.
package struct SourceCatalog: Sendable {
    /// The indexed directory, absolute and standardized, without a trailing slash.
    package var root: String
    package var index: SourceIndex
    /// The directory's CODEOWNERS file; nil when it has none.
    package var codeOwners: CodeOwners?
    /// How many files indexing parsed and how many it took from the cache.
    package var counts: SourceIndexer.Counts
    /// What the index left out (an unreadable directory or file, a file over a bound, a link that
    /// loops) and a CODEOWNERS location that could not be examined: one each, in path order.
    package var warnings: [SourceWarning] = []
    /// The app's declarations (every kind but `locator`) by normalized identifier.
    private var exact: [String: [IdentifierDeclaration]] = [:]
    /// Locator declarations by normalized identifier: the UI tests' names for an identifier.
    private var locators: [String: [IdentifierDeclaration]] = [:]
    /// Declarations with placeholders, tried one by one when no normalized form is equal.
    private var templates: [IdentifierDeclaration] = []

    package init(root: String, index: SourceIndex, codeOwners: CodeOwners?, counts: SourceIndexer.Counts? = nil) {
        let standardized = (root as NSString).standardizingPath
        self.root =
            standardized.count > 1 && standardized.hasSuffix("/") ? String(standardized.dropLast()) : standardized
        self.index = index
        self.codeOwners = codeOwners
        self.counts = counts ?? SourceIndexer.Counts(parsed: index.files, reused: 0)
        for declaration in index.declarations {
            let key = IdentifierTemplateMatch.normalized(declaration.identifier)
            if declaration.kind == .locator {
                locators[key, default: []].append(declaration)
            } else {
                exact[key, default: []].append(declaration)
                if declaration.isTemplate { templates.append(declaration) }
            }
        }
    }

    /// Indexes `directory`, cached in the standard location (``SourceIndexCache/standardFile(root:)``),
    /// and reads its CODEOWNERS file.
    ///
    /// - Throws: `SourceError` for an unreadable directory or file, or a bad CODEOWNERS line.
    package static func load(directory: String) throws -> SourceCatalog {
        let url = URL(fileURLWithPath: directory)
        return try load(directory: directory, cacheFile: SourceIndexCache.standardFile(root: url))
    }

    /// Indexes `directory` with `cacheFile` as its cache (read, then rewritten), or uncached when
    /// nil, and reads its CODEOWNERS file. The index is the same with or without a cache. What
    /// cannot be read, and files over `bounds`, are left out with a warning each (``warnings``).
    ///
    /// - Throws: `SourceError` when `directory` is not a directory that can be listed, for a file
    ///   that is not UTF-8, or a CODEOWNERS file that cannot be read or has a bad line.
    package static func load(
        directory: String, cacheFile: URL?, bounds: SourceIndexBounds = .standard,
        fileSystem: any SourceFileSystem = LocalSourceFileSystem()
    ) throws -> SourceCatalog {
        let url = URL(fileURLWithPath: directory)
        let walked = try SourceTreeWalker(fileSystem: fileSystem, bounds: bounds).walk(directory)
        let root = SourceIndexCache.canonicalPath(url)
        let cached = cacheFile.map { SourceIndexCache.read($0, root: root) } ?? []
        let run = SourceIndexer.index(files: walked.files, cached: cached, bounds: bounds)
        // Nothing parsed and nothing removed: the file already says all of it.
        if let cacheFile, run.counts.parsed > 0 || run.entries.count != cached.count {
            SourceIndexCache.write(run.entries, root: root, to: cacheFile)
        }
        let owners = try CodeOwners.load(repository: url, fileSystem: fileSystem)
        let shown = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let skipped = run.warnings.map { warning -> SourceWarning in
            guard case .skipped(let path, let bound) = warning else { return warning }
            return .skipped(path: shown + "/" + path, bound: bound)
        }
        // Files the walk left out for their size count as found and skipped, as the others over a bound.
        let oversized = walked.warnings.count { if case .skipped = $0 { true } else { false } }
        var index = run.index
        index.files += oversized
        var counts = run.counts
        counts.skipped += oversized
        var catalog = SourceCatalog(
            root: url.standardizedFileURL.path, index: index, codeOwners: owners.file, counts: counts)
        catalog.warnings = (walked.warnings + skipped + owners.warnings).sorted { $0.description < $1.description }
        return catalog
    }

    /// Where the app declares `identifier` (an identifier or a template as a run saw it): the
    /// declarations whose identifier is the same up to placeholder names, else those that match
    /// it as templates (`IdentifierTemplateMatch`); in file and line order. Locator declarations
    /// only when the app declares it nowhere.
    package func declarations(of identifier: String) -> [IdentifierDeclaration] {
        let key = IdentifierTemplateMatch.normalized(identifier)
        if let found = exact[key] { return found }
        var found = templates.filter { IdentifierTemplateMatch.matches($0.identifier, identifier) }
        if found.isEmpty, identifier.contains("{") {
            // A template seen in a run may cover identifiers the app spells out.
            found = exact.values.joined().filter {
                !$0.isTemplate && IdentifierTemplateMatch.matches($0.identifier, identifier)
            }
            found.sort { ($0.file, $0.line) < ($1.file, $1.line) }
        }
        if found.isEmpty, let named = locators[key] { return named }
        return found
    }

    /// The owners CODEOWNERS gives `file` (relative to `root`); empty without a file or a rule.
    package func owners(of file: String) -> [String] {
        codeOwners?.owners(of: file) ?? []
    }

    /// The owners of an identifier: those CODEOWNERS gives any file declaring it
    /// (`declarations(of:)`), each once, in order; empty when it is declared nowhere. The one
    /// rule the page, `--owner` and the flaky-element issues name an element's owners by.
    package func owners(ofIdentifier identifier: String) -> [String] {
        var seen = Set<String>()
        return declarations(of: identifier).flatMap { owners(of: $0.file) }.filter { seen.insert($0).inserted }.sorted()
    }
}
