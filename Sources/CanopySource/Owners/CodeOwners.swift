import Foundation

/// A repository's CODEOWNERS file, read in GitHub's or GitLab's syntax.
///
/// GitHub's file is one unnamed section. In GitLab's, rules before the first header form the
/// unnamed section, and headers with the same name (case-insensitively) form one section. Within
/// a section the **last** matching rule wins; the owners of every section that has a match are
/// combined, in file order, each owner once. See docs/source-index.md.
package struct CodeOwners: Sendable, Equatable {
    /// Whose rules the file follows.
    package enum Syntax: String, Sendable, Equatable, Codable {
        case github
        case gitlab
    }

    /// One rule: a pattern and the owners it assigns (empty: it unsets ownership).
    package struct Rule: Sendable, Equatable {
        package var pattern: OwnersPattern
        /// The owners, a section's default owners already applied.
        package var owners: [String]
        /// GitLab's `!pattern`: paths it matches have no owners in this section.
        package var isExclusion: Bool
        /// The 1-based line of the rule in the file.
        package var line: Int
    }

    /// A GitLab section (`[Name]`, `^[Name]`, `[Name][2]`, default owners after the header), or the
    /// unnamed section that holds a GitHub file's rules.
    package struct Section: Sendable, Equatable {
        /// `nil` for the unnamed section.
        package var name: String?
        package var isOptional: Bool = false
        package var approvals: Int = 1
        package var defaultOwners: [String] = []
        package var rules: [Rule] = []
    }

    /// The rule a path matched in one section.
    package struct Match: Sendable, Equatable {
        package var section: String?
        package var line: Int
        package var owners: [String]
    }

    /// The file's path relative to the repository, as found (`.github/CODEOWNERS`).
    package var path: String
    package var syntax: Syntax
    package var sections: [Section]

    /// The winning rule of each section that matches `path` (repository-relative), in file order;
    /// a section whose winning rule is an exclusion is left out.
    package func matches(for path: String) -> [Match] {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return sections.compactMap { section in
            if section.rules.contains(where: { $0.isExclusion && $0.pattern.matches(relative) }) { return nil }
            guard let rule = section.rules.last(where: { !$0.isExclusion && $0.pattern.matches(relative) }) else {
                return nil
            }
            return Match(section: section.name, line: rule.line, owners: rule.owners)
        }
    }

    /// The owners of `path`: every section's winning rule's owners, combined in order, each once.
    package func owners(of path: String) -> [String] {
        var seen = Set<String>()
        return matches(for: path).flatMap(\.owners).filter { seen.insert($0).inserted }
    }

    /// Where a repository's CODEOWNERS file may be, in the order looked up: GitHub's order
    /// (`.github/`, the root, `docs/`), then GitLab's `.gitlab/`.
    package static let locations = [".github/CODEOWNERS", "CODEOWNERS", "docs/CODEOWNERS", ".gitlab/CODEOWNERS"]

    /// Reads the first CODEOWNERS file found under `repository`; `nil` when there is none.
    ///
    /// - Throws: `SourceError` when the file cannot be read or has a line that is not CODEOWNERS.
    package static func load(repository: URL) throws -> CodeOwners? {
        try load(repository: repository, fileSystem: LocalSourceFileSystem()).file
    }

    /// Reads the first CODEOWNERS file found under `repository`, with a warning for each location
    /// before it (or, when none is found, any location) that cannot be examined: a directory such
    /// as `.github/` that refuses search permission may hide the file that would win, so owners
    /// may be missing. Indexing goes on, as for any directory that cannot be read; a file that
    /// exists but cannot be read is an error, as is a bad line.
    ///
    /// - Throws: `SourceError` when the file cannot be read or has a line that is not CODEOWNERS.
    package static func load(repository: URL, fileSystem: any SourceFileSystem) throws
        -> (file: CodeOwners?, warnings: [SourceWarning])
    {
        var warnings: [SourceWarning] = []
        for location in locations {
            let path = repository.appendingPathComponent(location).path
            do {
                guard try fileSystem.item(at: path) != nil else { continue }
            } catch {
                let folder = (location as NSString).deletingLastPathComponent
                let shown = folder.isEmpty ? path : repository.appendingPathComponent(folder).path
                warnings.append(.codeOwnersUnknown(path: shown, reason: error.reason))
                continue
            }
            let data: Data
            do {
                data = try fileSystem.contents(of: path)
            } catch {
                throw SourceError.unreadable(path: path, reason: error.reason)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw SourceError.unreadable(path: path, reason: "not UTF-8 text")
            }
            return (try CodeOwnersParser.parse(text, path: location), warnings)
        }
        return (nil, warnings)
    }
}
