import Foundation

/// A command's set of output files, written first into a hidden staging directory inside `--out`
/// and moved into place together once every one of them is complete.
///
/// Inside `--out` rather than elsewhere, so the staging directory is on the same file system
/// (each move is a rename, which needs no space) and is checked by the same preparation. Moving
/// in puts each earlier file of the set aside first; if a move fails, the earlier files go back,
/// so `--out` holds the old set or the new set, never a mix. A staging directory left by a killed
/// process is removed by the next stage made in the same `--out` once it is `staleAge` old.
struct OutputStage {
    /// The directory the files finally live in (`--out`).
    let directory: String
    /// The hidden directory the new files are written into.
    let staging: String
    /// The final paths written so far, in order.
    private(set) var files: [String] = []

    /// The prefix of staging directories' names.
    static let prefix = ".canopy-staging-"
    /// How old a staging directory must be before another run removes it as abandoned.
    static let staleAge: TimeInterval = 6 * 3_600

    /// Makes the staging directory in `directory` (created when missing), removing abandoned ones.
    init(directory: String) throws {
        self.directory = directory
        staging = (directory as NSString).appendingPathComponent(
            Self.prefix + "\(ProcessInfo.processInfo.processIdentifier)-" + UUID().uuidString.prefix(8))
        Self.removeAbandoned(in: directory)
        do {
            try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        } catch {
            throw PipelineError.output(path: directory, reason: ArtifactWriter.problem(writingInto: directory) ?? error.localizedDescription)
        }
    }

    /// Writes `bytes` to the staging copy of `path` (a file under `directory`).
    mutating func write(_ bytes: [UInt8], to path: String) throws {
        try ArtifactWriter.write(bytes, to: staged(path))
        files.append(path)
    }

    /// Writes `text` to the staging copy of `path`.
    mutating func write(_ text: String, to path: String) throws {
        try ArtifactWriter.write(text, to: staged(path))
        files.append(path)
    }

    /// Moves every written file into place, then removes the staging directory. On failure the
    /// files already moved are taken back and the earlier ones restored before the error is thrown.
    func commit() throws {
        let old = (staging as NSString).appendingPathComponent("previous")
        var done: [(path: String, hadOld: Bool)] = []
        do {
            for path in files {
                let aside = Self.relocate(path, from: directory, to: old)
                let hadOld = FileManager.default.fileExists(atPath: path)
                if hadOld {
                    try FileManager.default.createDirectory(
                        atPath: (aside as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                    try FileManager.default.moveItem(atPath: path, toPath: aside)
                }
                done.append((path, hadOld))
                try FileManager.default.createDirectory(
                    atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try FileManager.default.moveItem(atPath: staged(path), toPath: path)
            }
        } catch {
            for (path, hadOld) in done.reversed() {
                try? FileManager.default.removeItem(atPath: path)
                if hadOld { try? FileManager.default.moveItem(atPath: Self.relocate(path, from: directory, to: old), toPath: path) }
            }
            discard()
            throw PipelineError.output(path: path(failingIn: done), reason: ArtifactWriter.problem(writingInto: directory) ?? error.localizedDescription)
        }
        discard()
    }

    /// Removes the staging directory and whatever it holds.
    func discard() {
        try? FileManager.default.removeItem(atPath: staging)
    }

    private func path(failingIn done: [(path: String, hadOld: Bool)]) -> String {
        files.count > done.count ? files[done.count] : done.last?.path ?? directory
    }

    private func staged(_ path: String) -> String { Self.relocate(path, from: directory, to: staging) }

    /// `path`, a file under `from`, at the same place under `to`.
    /// (`OutputPaths` makes every path by appending to the directory's own spelling).
    static func relocate(_ path: String, from: String, to: String) -> String {
        var relative = path.hasPrefix(from) ? Substring(path.dropFirst(from.count)) : Substring((path as NSString).lastPathComponent)
        while relative.hasPrefix("/") { relative = relative.dropFirst() }
        return (to as NSString).appendingPathComponent(String(relative))
    }

    /// Removes staging directories in `directory` older than `staleAge` (left by a killed process).
    private static func removeAbandoned(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = Date()
        for name in names where name.hasPrefix(prefix) {
            let path = (directory as NSString).appendingPathComponent(name)
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, now.timeIntervalSince(modified) > staleAge { try? FileManager.default.removeItem(atPath: path) }
        }
    }
}
