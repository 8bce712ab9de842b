import Foundation

/// A file opened for reading and holding its exclusive `flock`, while the path still names it:
/// what `ConfigFileEditor` reads and replaces. Closing the descriptor releases the lock.
struct LockedFile {
    let descriptor: Int32
    /// The locked file's status, read once the lock was taken.
    let status: Platform.FileStatus
    let path: String
    /// Whether this open created the file.
    let created: Bool

    /// Opens `path` (created empty, with its folders, when missing and `create`) and takes its
    /// lock, waiting up to `ConfigFileEditor.lockWait` for another edit to release it; when the
    /// path names another file once the lock is taken (an edit renamed a new file over it), the
    /// lock is taken again on that one.
    init(_ path: String, shownAs shown: String, create: Bool) throws {
        self.path = path
        let deadline = Date().addingTimeInterval(ConfigFileEditor.lockWait)
        while true {
            var created = false
            var descriptor = Platform.openForReading(path)
            if descriptor < 0, Platform.lastError == Platform.noSuchFile {
                guard create else {
                    throw ConfigFileEditor.refusal(
                        shown,
                        "the configuration file does not exist; check the path (only the default Config/canopy.yml is created)"
                    )
                }
                let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    throw ConfigFileEditor.WriteError(path: shown, reason: error.localizedDescription)
                }
                descriptor = Platform.openForReading(path, createExclusively: true)
                if descriptor < 0, Platform.lastError == Platform.alreadyExists { continue }
                created = descriptor >= 0
            }
            guard descriptor >= 0 else {
                let reason = Platform.describe(Platform.lastError)
                throw ConfigFileEditor.refusal(shown, "cannot open the file: \(reason)")
            }
            try Self.lock(descriptor, shownAs: shown, until: deadline)
            guard let locked = Platform.status(ofDescriptor: descriptor) else {
                let reason = Platform.describe(Platform.lastError)
                Platform.closeDescriptor(descriptor)
                throw ConfigFileEditor.refusal(shown, "cannot read the file's status: \(reason)")
            }
            if let named = Platform.status(ofPath: path), named.sameFile(as: locked) {
                self.descriptor = descriptor
                self.status = locked
                self.created = created
                return
            }
            Platform.closeDescriptor(descriptor)
        }
    }

    /// Takes the lock, polling (1 ms, doubling up to 20 ms) until `deadline`.
    private static func lock(_ descriptor: Int32, shownAs shown: String, until deadline: Date) throws {
        var pause: TimeInterval = 0.001
        while !Platform.tryLockExclusively(descriptor) {
            let error = Platform.lastError
            guard error == Platform.wouldBlock || error == Platform.interrupted else {
                Platform.closeDescriptor(descriptor)
                throw ConfigFileEditor.refusal(shown, "cannot lock the file: \(Platform.describe(error))")
            }
            guard Date() < deadline else {
                Platform.closeDescriptor(descriptor)
                throw ConfigFileEditor.refusal(
                    shown,
                    "another edit of the file has held its lock for \(Int(ConfigFileEditor.lockWait)) s; it is unchanged. Try again once that edit has finished"
                )
            }
            Thread.sleep(forTimeInterval: pause)
            pause = min(pause * 2, 0.02)
        }
    }

    /// Removes the file when this open created it and it is still empty (an edit that failed):
    /// a failed edit leaves no file behind that was not there. Call before `close`.
    func removeIfCreatedEmpty() {
        guard created, let named = Platform.status(ofPath: path), named.sameFile(as: status), named.size == 0 else {
            return
        }
        _ = Platform.removeFile(path)
    }

    func close() {
        Platform.closeDescriptor(descriptor)
    }
}
