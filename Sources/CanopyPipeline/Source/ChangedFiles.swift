import CanopyModel
import Foundation

extension SourceAccess {
    /// The files a run's change touches, relative to the source directory: `--changed` as given,
    /// else for a pull or merge request's run the files `git diff --name-only TARGET...HEAD` names
    /// in the source directory's checkout (TARGET: `origin/<target branch>`, else the branch itself).
    /// Nil when unknown — no sources, not a request, no git, or the checkout lacks the target
    /// branch: the evidence that needs them is left out, never an error.
    func changedFiles(of metadata: RunMetadata) -> [String]? {
        guard let directory else { return nil }
        if let given = changed {
            return given.map { Self.relative($0, to: directory) }
        }
        guard let target = metadata.baseBranch, target != metadata.branch, !target.hasPrefix("-") else { return nil }
        for ref in ["origin/" + target, target] {
            guard (try? GitRevision.git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: directory)) != nil
            else { continue }
            guard
                let prefix = try? GitRevision.git(["rev-parse", "--show-prefix"], in: directory)
                    .trimmingCharacters(in: .whitespacesAndNewlines),
                let output = try? GitRevision.git(
                    ["diff", "--name-only", "--no-renames", "-z", ref + "...HEAD", "--"], in: directory)
            else { return nil }
            return output.split(separator: "\0").map(String.init).filter { !$0.isEmpty }.map { path in
                path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : ":/" + path
            }
        }
        return nil
    }

    /// `path` relative to the source directory: as given when relative, else with the directory's
    /// path taken off.
    static func relative(_ path: String, to directory: String) -> String {
        guard path.hasPrefix("/") else {
            return path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        }
        let root = URL(fileURLWithPath: directory).standardizedFileURL.path
        let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
        return standardized.hasPrefix(root + "/") ? String(standardized.dropFirst(root.count + 1)) : standardized
    }
}
