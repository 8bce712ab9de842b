import Foundation

/// The one way Canopy changes a user's file (`quarantine add`, and any later command that writes
/// `canopy.yml`): read, edit and replace it whole, under an exclusive lock, so that concurrent
/// edits each see the one before and none is lost.
///
/// The edit runs under `flock` on the file itself. A replaced file is a new inode, so after taking
/// the lock the path must still name the locked file; otherwise another edit replaced it meanwhile,
/// and the lock is taken again on the new one. Under the lock: the text is read through the locked
/// descriptor, `transform` edits it, and the result goes to a temporary file beside it
/// (`.NAME.canopy-edit-PID-RANDOM`) with the file's permissions, owner and group, which is synced
/// and renamed over the file. A process killed at any point leaves the old file or the new one,
/// never a mix; a temporary file it leaves is removed by the next edit once its process is gone.
///
/// A UTF-8 byte order mark is taken off before `transform` sees the text and put back after;
/// every other byte is what `transform` returns. Refused, with the file unchanged
/// (`ConfigurationError`, exit 2): a file that is read-only, has more than one hard link (the
/// rename would leave the other names with the old text), is not a regular file or not UTF-8, or
/// whose lock another edit holds for longer than `lockWait`.
package enum ConfigFileEditor {
    /// Writing the edited file failed (`cannot write`, exit 2); the file is as it was.
    package struct WriteError: Error, Sendable, Equatable {
        package var path: String
        package var reason: String
    }

    /// How long an edit waits for another edit of the same file to release its lock.
    static let lockWait: TimeInterval = 30

    /// The name of every temporary file an edit of `name` writes begins with this.
    package static func temporaryPrefix(of name: String) -> String { ".\(name).canopy-edit-" }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Edits the file at `path` (symbolic links followed) with `transform`, which gets its text
    /// and returns the new text with a value of its own; returns that value. Nothing is written
    /// when the new text is the old, nor when `transform` throws (its error is rethrown).
    /// - Parameters:
    ///   - create: whether a missing file is created (with its folders); otherwise it is an error.
    ///     A file created here and left empty by a failed edit is removed again.
    package static func edit<Value>(
        _ path: String, create: Bool = false, _ transform: (String) throws -> (text: String, value: Value)
    ) throws -> Value {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let file = try LockedFile(resolved, shownAs: path, create: create)
        defer { file.close() }
        var done = false
        defer { if !done { file.removeIfCreatedEmpty() } }

        try refuseUnsafe(file.status, resolved: resolved, shownAs: path)
        removeStaleTemporaries(beside: resolved)

        guard var bytes = Platform.readAll(file.descriptor) else {
            throw refusal(path, "cannot read the file: \(Platform.describe(Platform.lastError))")
        }
        let mark = bytes.starts(with: byteOrderMark) ? byteOrderMark : []
        bytes.removeFirst(mark.count)
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else {
            throw refusal(path, "the file is not UTF-8 text; save it as UTF-8 and try again")
        }
        let (edited, value) = try transform(text)
        let newBytes = mark + Array(edited.utf8)
        if newBytes == mark + bytes {
            done = true
            return value
        }
        try replace(resolved, shownAs: path, with: newBytes, keeping: file.status)
        done = true
        return value
    }

    /// Refuses a file the edit would not replace faithfully.
    private static func refuseUnsafe(_ status: Platform.FileStatus, resolved: String, shownAs path: String) throws {
        if status.isDirectory { throw refusal(path, "it is a directory; give --config a YAML file") }
        guard status.isRegular else { throw refusal(path, "it is not a regular file; give --config a YAML file") }
        if status.permissions & 0o222 == 0 || !Platform.mayWrite(resolved) {
            throw refusal(
                path,
                "the file is read-only (mode \(String(status.permissions, radix: 8))); it is unchanged. Make it writable (chmod u+w \(path)) to let canopy edit it, or edit it by hand"
            )
        }
        if status.links > 1 {
            throw refusal(
                path,
                "the file has \(status.links) hard links; canopy writes a new file and renames it over this name, which would leave the other \(status.links - 1 == 1 ? "link" : "links") with the old text. It is unchanged: edit it by hand, or make this name a file of its own first (cp \(path) \(path).copy && mv \(path).copy \(path))"
            )
        }
    }

    /// Writes `bytes` to a temporary file beside `resolved` with `original`'s permissions, owner
    /// and group, syncs it and renames it over `resolved`, then syncs the folder.
    private static func replace(
        _ resolved: String, shownAs path: String, with bytes: [UInt8], keeping original: Platform.FileStatus
    ) throws {
        let url = URL(fileURLWithPath: resolved)
        let directory = url.deletingLastPathComponent().path
        let temporary =
            directory + "/" + temporaryPrefix(of: url.lastPathComponent)
            + "\(Platform.processID)-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
        let descriptor = Platform.createForWriting(temporary, permissions: 0o600)
        guard descriptor >= 0 else {
            throw WriteError(
                path: path,
                reason:
                    "cannot create a temporary file in \(directory): \(Platform.describe(Platform.lastError)); the file is unchanged"
            )
        }
        var renamed = false
        defer { if !renamed { _ = Platform.removeFile(temporary) } }
        func failed(_ what: String) -> WriteError {
            let reason = "\(what): \(Platform.describe(Platform.lastError)); the file is unchanged"
            Platform.closeDescriptor(descriptor)
            return WriteError(path: path, reason: reason)
        }
        guard Platform.writeAll(descriptor, bytes) else { throw failed("cannot write \(temporary)") }
        if let made = Platform.status(ofDescriptor: descriptor),
            made.owner != original.owner || made.group != original.group,
            !Platform.setOwner(descriptor, owner: original.owner, group: original.group)
        {
            throw failed(
                "cannot give the new file the owner and group of the old one (uid \(original.owner), gid \(original.group)); edit it as its owner, or by hand"
            )
        }
        guard Platform.setPermissions(descriptor, original.permissions) else {
            throw failed("cannot give the new file the permissions of the old one")
        }
        guard Platform.synchronize(descriptor) else { throw failed("cannot sync \(temporary)") }
        Platform.closeDescriptor(descriptor)
        guard Platform.renameFile(temporary, to: resolved) else {
            throw WriteError(
                path: path,
                reason: "cannot rename \(temporary) over it: \(Platform.describe(Platform.lastError)); it is unchanged")
        }
        renamed = true
        let folder = Platform.openDirectory(directory)
        if folder >= 0 {
            // The rename itself on the disk; a file system that cannot sync a folder has done it.
            _ = Platform.synchronize(folder)
            Platform.closeDescriptor(folder)
        }
    }

    /// Removes the temporary files an edit of the file beside them left when its process died
    /// (`.NAME.canopy-edit-PID-…` whose PID no longer runs). Called under the lock, when no live
    /// edit of this file has one.
    static func removeStaleTemporaries(beside resolved: String) {
        let url = URL(fileURLWithPath: resolved)
        let prefix = temporaryPrefix(of: url.lastPathComponent)
        let directory = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count)
            guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]),
                !Platform.processExists(pid)
            else { continue }
            _ = Platform.removeFile(directory + "/" + name)
        }
    }

    static func refusal(_ path: String, _ message: String) -> ConfigurationError {
        ConfigurationError(file: path, keyPath: "(file)", message: message)
    }
}
