import Foundation

/// What `canopy affected --base REF` asks git about the source directory's repository: the files
/// that differ from REF, and their text at REF.
struct GitRevision {
    /// The source directory.
    let directory: String
    /// The revision the change is compared with.
    let ref: String
    /// The source directory relative to the repository's top, with a trailing `/` (empty at the top).
    let prefix: String

    /// Checks that `directory` is in a git repository and `ref` names a commit there.
    ///
    /// - Throws: `PipelineError.usage` naming the git command and what it said.
    init(directory: String, ref: String) throws {
        self.directory = directory
        self.ref = ref
        guard !ref.hasPrefix("-") else { throw PipelineError.usage("--base \(ref): not a revision") }
        prefix = try Self.git(["rev-parse", "--show-prefix"], in: directory)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try Self.git(["rev-parse", "--verify", "--quiet", ref + "^{commit}"], in: directory)
    }

    /// The files that differ between `ref` and the working tree (committed or not, renames as a
    /// deletion and an addition), relative to the source directory; a file outside it keeps its
    /// path from the repository's top, prefixed with `../`-free `:/` (git's top-relative spelling).
    func changedFiles() throws -> [String] {
        let output = try Self.git(["diff", "--name-only", "--no-renames", "-z", ref, "--"], in: directory)
        return output.split(separator: "\0").map(String.init).filter { !$0.isEmpty }.map { path in
            path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : ":/" + path
        }
    }

    /// The text of `path` (relative to the source directory) at `ref`; nil when the file did not
    /// exist there.
    func text(of path: String) throws -> String? {
        guard !path.hasPrefix(":/") else { return nil }
        let spec = "\(ref):\(prefix)\(path)"
        let exists = (try? Self.git(["cat-file", "-e", spec], in: directory)) != nil
        guard exists else { return nil }
        return try Self.git(["show", spec], in: directory)
    }

    /// Runs git in `directory`; its standard output.
    ///
    /// - Throws: `PipelineError.usage` when git cannot run or exits non-zero.
    static func git(_ arguments: [String], in directory: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw PipelineError.usage("cannot run git: \(error.localizedDescription)")
        }
        // Read both pipes to the end beside each other, so neither fills while the other waits.
        let group = DispatchGroup()
        nonisolated(unsafe) var errorData = Data()
        group.enter()
        DispatchQueue.global().async {
            errorData = errors.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = String(decoding: errorData, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw PipelineError.usage(
                "git \(arguments.joined(separator: " ")) in \(directory) failed (exit \(process.terminationStatus))"
                    + (said.isEmpty ? "" : ": \(said)"))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
