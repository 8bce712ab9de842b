import Foundation

/// A command's set of output files, written first into a hidden staging directory inside `--out`
/// and made visible together, in one atomic step, once every one of them is complete.
///
/// The set lives whole in the real directory `--out/site/` (the page, its `attachments/`, and
/// `summary.md`, `comment.md`, `report.json`, `insights.json`, `gl-code-quality.json`, `slack.json`); the names
/// at the top of `--out` are relative symbolic links into it (`summary.md → site/summary.md`), made
/// once and never changed while the set changes. The new set is built as `site/` in the staging
/// directory and exchanged with `--out/site` by one system call (`renameat2(RENAME_EXCHANGE)` on
/// Linux, `renamex_np(RENAME_SWAP)` on macOS): every name, at the top or under `site/`, resolves
/// to the old set before that call and to the new set after it.
///
/// Why this shape:
/// - `--out` itself cannot be replaced: it also holds the default store (`history.sqlite`),
///   `trend/` and the user's own files.
/// - `site/` stays a real directory of real files, because it is what CI uploads: a directory
///   that is a symbolic link fails `actions/upload-artifact`, and GitLab Runner stores links as
///   links (or not at all), so `--out/site` uploads with the whole set in it.
/// - The top-level names are links to files (read through by `cat`, `gh --body-file`,
///   `actions/upload-artifact`), so a reader of `--out/summary.md` sees the set that `site/` holds.
/// - Inside `--out`, the staging directory is on the same file system (renames need no space) and
///   is checked by the same preparation.
///
/// A reader opening `--out/site/index.html` (or `--out/summary.md`) gets the old set's file before
/// the exchange and the new set's after it. A page already open stays as it was, and its
/// screenshots the new set lacks are gone with the old set; a process whose working directory is
/// `--out/site` keeps the old directory, which is then removed.
///
/// Files in `--out/site/` that Canopy does not write (the user's) are carried into each new set as
/// hard links. A top-level name found as a plain file (written by an earlier version, or by
/// `canopy report`) is first moved into the old `site/` and replaced by its link, its content
/// unchanged, so the swap replaces it too; a name the new set lacks is removed after the swap.
/// Where the file system cannot exchange two names (`EINVAL`, `ENOTSUP`), the old `site/` is
/// renamed aside and the new one renamed in: two steps, between which `site/` is absent.
///
/// A staging directory is named `.canopy-staging-PID-RANDOM-HOST`; one whose process no longer
/// exists on this host is removed when the next stage is made in the same `--out`. One made on
/// another host (a shared `--out`) is removed once it is `staleAge` old.
///
/// Test hook: with `CANOPY_TEST_OUTPUT_KILL_STEP=N` in the environment, the process SIGKILLs
/// itself just before the N-th step that changes the file system (the writes, then each link,
/// rename, exchange and removal of `commit`), counted from 1.
struct OutputStage {
    /// The directory the files finally live in (`--out`).
    let directory: String
    /// The hidden directory the new files are written into (under its `site/`).
    let staging: String
    /// The final paths written so far, in order.
    private(set) var files: [String] = []
    /// Faults to inject, for tests.
    var injection = Injection()

    /// Faults a test injects at a step (see the type's comment), counted from 1 over the writes
    /// and then `commit`'s steps.
    struct Injection {
        /// SIGKILL this process just before this step.
        var killAtStep: Int?
        /// Throw just before this step, as a failing system call would.
        var failAtStep: Int?
        /// Act as on a file system that cannot exchange two names.
        var exchangeUnsupported = false
    }

    /// The prefix of staging directories' names.
    static let prefix = ".canopy-staging-"
    /// How old a staging directory made on another host must be before a run removes it.
    static let staleAge: TimeInterval = 6 * 3_600
    /// The environment variable of the kill test hook.
    static let killStepVariable = "CANOPY_TEST_OUTPUT_KILL_STEP"

    /// Makes the staging directory in `directory` (created when missing), removing abandoned ones.
    init(directory: String) throws {
        self.directory = directory
        let name = "\(Platform.processID)-\(UUID().uuidString.prefix(8))-\(Self.host)"
        staging = (directory as NSString).appendingPathComponent(Self.prefix + name)
        if let step = ProcessInfo.processInfo.environment[Self.killStepVariable].flatMap(Int.init) {
            injection.killAtStep = step
        }
        Self.removeAbandoned(in: directory)
        do {
            try FileManager.default.createDirectory(atPath: stagedSet, withIntermediateDirectories: true)
        } catch {
            throw PipelineError.output(
                path: directory,
                reason: ArtifactWriter.problem(writingInto: directory)?.text ?? error.localizedDescription)
        }
    }

    /// Writes `bytes` to the staging copy of `path` (a file under `directory`).
    mutating func write(_ bytes: [UInt8], to path: String) throws {
        try step(files.count + 1, path: path)
        try ArtifactWriter.write(bytes, to: staged(path))
        files.append(path)
    }

    /// Writes `text` to the staging copy of `path`.
    mutating func write(_ text: String, to path: String) throws {
        try step(files.count + 1, path: path)
        try ArtifactWriter.write(text, to: staged(path))
        files.append(path)
    }

    /// Makes the written files `directory`'s set in one step (see the type's comment), then removes
    /// the staging directory with the old set. A failure before that step leaves the old set
    /// visible, removes the staging directory and throws.
    func commit() throws {
        var steps = files.count
        func next(_ path: String) throws {
            steps += 1
            try step(steps, path: path)
        }
        let site = self.site
        let linked = linkedNames
        var current = site
        do {
            if !FileManager.default.fileExists(atPath: site) {
                try next(site)
                try FileManager.default.createDirectory(atPath: site, withIntermediateDirectories: true)
            }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: site, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw Failure(reason: "\(site) is a file, not a directory; remove it or give another --out")
            }
            for entry in try FileManager.default.contentsOfDirectory(atPath: site).sorted() where !owns(entry) {
                current = (site as NSString).appendingPathComponent(entry)
                try next(current)
                try carry(current, to: (stagedSet as NSString).appendingPathComponent(entry))
            }
            for name in linked.sorted() {
                current = (directory as NSString).appendingPathComponent(name)
                try link(name, staged: files.contains { relative($0) == name }, next: next)
            }
            current = site
            try next(site)
            try swap()
        } catch {
            discard()
            let reason =
                (error as? Failure)?.reason ?? ArtifactWriter.problem(writingInto: directory)?.text
                ?? error.localizedDescription
            throw PipelineError.output(path: current, reason: reason)
        }
        // The new set is visible: what follows only tidies, and a failure there changes nothing.
        for name in linked.sorted() {
            let top = (directory as NSString).appendingPathComponent(name)
            guard Self.isLink(top, to: target(of: name)), !FileManager.default.fileExists(atPath: top) else { continue }
            try? next(top)
            try? FileManager.default.removeItem(atPath: top)
        }
        try? next(staging)
        discard()
    }

    /// Removes the staging directory and whatever it holds (after `commit`, the old set).
    func discard() {
        try? FileManager.default.removeItem(atPath: staging)
    }

    // MARK: - The steps

    /// A failure with its own words.
    private struct Failure: Error {
        var reason: String
    }

    /// The fault hook, before each step that changes the file system.
    private func step(_ number: Int, path: String) throws {
        if injection.killAtStep == number { Platform.killSelf() }
        if injection.failAtStep == number { throw Failure(reason: "injected failure at step \(number) (\(path))") }
    }

    /// `--out/site`.
    private var site: String { (directory as NSString).appendingPathComponent(OutputPaths.setDirectory) }

    /// The new set's directory in the staging directory.
    private var stagedSet: String { (staging as NSString).appendingPathComponent(OutputPaths.setDirectory) }

    /// `path`, a file under `directory`, relative to it.
    private func relative(_ path: String) -> String {
        var relative =
            path.hasPrefix(directory)
            ? Substring(path.dropFirst(directory.count)) : Substring((path as NSString).lastPathComponent)
        while relative.hasPrefix("/") { relative = relative.dropFirst() }
        return String(relative)
    }

    /// Where the staged copy of `path` is written: under the staged set, where a file of `site/`
    /// keeps its place and any other file takes the place its link points to.
    private func staged(_ path: String) -> String {
        let relative = relative(path)
        let inSet =
            relative.hasPrefix(OutputPaths.setDirectory + "/")
            ? String(relative.dropFirst(OutputPaths.setDirectory.count + 1)) : relative
        return (stagedSet as NSString).appendingPathComponent(inSet)
    }

    /// The names (relative to `directory`) that are links into the set: Canopy's top-level names,
    /// and any other written file outside `site/`.
    private var linkedNames: Set<String> {
        Set(OutputPaths.linkedNames).union(files.map(relative).filter { !$0.hasPrefix(OutputPaths.setDirectory + "/") })
    }

    /// Whether `entry` of `site/` is Canopy's (replaced by each set), not the user's (carried over).
    private func owns(_ entry: String) -> Bool {
        if entry == "index.html" || entry == "attachments" || linkedNames.contains(entry) { return true }
        let prefix = OutputPaths.setDirectory + "/" + entry
        return files.contains { path in
            let written = relative(path)
            return written == prefix || written.hasPrefix(prefix + "/")
        }
    }

    /// What the link called `name` holds: its file in `site/`, relative to the link's directory.
    private func target(of name: String) -> String {
        String(repeating: "../", count: name.split(separator: "/").count - 1) + OutputPaths.setDirectory + "/" + name
    }

    /// Makes `name` at the top of `directory` a link into `site/`, the old set still showing
    /// through it: a plain file there is moved into the old `site/` first. A name the new set does
    /// not have is left alone unless it is such a plain file.
    private func link(_ name: String, staged: Bool, next: (String) throws -> Void) throws {
        let top = (directory as NSString).appendingPathComponent(name)
        let target = target(of: name)
        if Self.isLink(top, to: target) { return }
        let type = (try? FileManager.default.attributesOfItem(atPath: top))?[.type] as? FileAttributeType
        let temporary = (staging as NSString).appendingPathComponent(
            ".link-" + name.replacingOccurrences(of: "/", with: "-"))
        switch type {
        case .typeRegular?:
            // The file's content moves into the old set, under the name its link will read.
            let kept = temporary + ".kept"
            try next(top)
            try Self.check(Platform.hardLink(top, kept), top)
            let inSet = (site as NSString).appendingPathComponent(name)
            try next(inSet)
            try FileManager.default.createDirectory(
                atPath: (inSet as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Self.check(Platform.rename(kept, inSet), inSet)
        case nil, .typeSymbolicLink?:
            guard staged else { return }
        case .typeDirectory?:
            guard staged else { return }
            throw Failure(reason: "\(top) is a directory, where Canopy writes a file; remove it or give another --out")
        default:
            guard staged else { return }
        }
        try next(top)
        try FileManager.default.createDirectory(
            atPath: (top as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: temporary, withDestinationPath: target)
        try next(top)
        try Self.check(Platform.rename(temporary, top), top)
    }

    /// Exchanges the staged set with `--out/site`; where the file system cannot, renames the old
    /// one aside and the new one in.
    private func swap() throws {
        let error = injection.exchangeUnsupported ? Platform.exchangeUnsupported : Platform.exchange(stagedSet, site)
        if error == 0 { return }
        guard Platform.cannotExchange(error) else { throw Failure(reason: "\(site): \(Platform.describe(error))") }
        let aside = (staging as NSString).appendingPathComponent("previous")
        try Self.check(Platform.rename(site, aside), site)
        let moved = Platform.rename(stagedSet, site)
        if moved != 0 {
            _ = Platform.rename(aside, site)
            try Self.check(moved, site)
        }
    }

    /// Copies the user's `path` into the new set as hard links (a copy where links are refused).
    private func carry(_ path: String, to destination: String) throws {
        do {
            try FileManager.default.linkItem(atPath: path, toPath: destination)
        } catch {
            try? FileManager.default.removeItem(atPath: destination)
            try FileManager.default.copyItem(atPath: path, toPath: destination)
        }
    }

    /// Throws for a system call's `errno` other than 0.
    private static func check(_ error: Int32, _ path: String) throws {
        guard error != 0 else { return }
        throw Failure(reason: "\(path): \(Platform.describe(error))")
    }

    /// Whether `path` is a symbolic link holding `target`.
    private static func isLink(_ path: String, to target: String) -> Bool {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) == target
    }

    // MARK: - Abandoned staging directories

    /// This host's name as it appears in staging directories' names.
    static let host: String = {
        let name = Platform.hostName().map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" ? $0 : "_" }
        return name.isEmpty ? "localhost" : String(name.prefix(64))
    }()

    /// Removes staging directories in `directory` left by processes that are gone: on this host,
    /// those whose process does not exist; from elsewhere, those older than `staleAge`.
    private static func removeAbandoned(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        let now = Date()
        for name in names where name.hasPrefix(prefix) {
            let path = (directory as NSString).appendingPathComponent(name)
            let parts = name.dropFirst(prefix.count).split(separator: "-", maxSplits: 2)
            if parts.count == 3, parts[2] == host, let pid = Int32(parts[0]) {
                if !Platform.processExists(pid) { try? FileManager.default.removeItem(atPath: path) }
                continue
            }
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            if let modified, now.timeIntervalSince(modified) > staleAge {
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
