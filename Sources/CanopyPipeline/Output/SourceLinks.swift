import CanopyModel
import Foundation

/// Links into the repository of a run on a CI that names it (GitHub, GitLab): the commit, and a
/// failure's source line at that commit, the file found in the checkout as annotations find it.
struct SourceLinks {
    enum Host { case github, gitlab }

    let host: Host
    /// `https://github.com/org/app`, without a trailing slash.
    let repository: String
    let commit: String
    let paths: SourcePathResolver

    init?(ci: CIEnvironment, commit: String?, paths: SourcePathResolver) {
        guard let repository = ci.repositoryURL, let commit, !commit.isEmpty else { return nil }
        switch ci.provider {
        case "github": host = .github
        case "gitlab": host = .gitlab
        default: return nil
        }
        self.repository = repository.hasSuffix("/") ? String(repository.dropLast()) : repository
        self.commit = commit
        self.paths = paths
    }

    var commitURL: String { repository + (host == .github ? "/commit/" : "/-/commit/") + commit }

    /// The location named in the checkout (`AppUITests/CartTests.swift:12`) and its link, or nil
    /// when the checkout has no such file (the location stays as the producer wrote it).
    func link(_ location: SourceLocation) -> (text: String, url: String)? {
        let relative = paths.relative(location.file)
        guard !relative.hasPrefix("/"), FileManager.default.fileExists(atPath: paths.root + "/" + relative) else {
            return nil
        }
        let encoded = relative.split(separator: "/").map {
            $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
        }
        var url = repository + (host == .github ? "/blob/" : "/-/blob/") + commit + "/" + encoded.joined(separator: "/")
        var text = relative
        if let line = location.line, line > 0 {
            url += "#L\(line)"
            text += ":\(line)"
        }
        return (text, url)
    }
}
