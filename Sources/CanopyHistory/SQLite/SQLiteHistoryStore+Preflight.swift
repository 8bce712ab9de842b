import Foundation

extension SQLiteHistoryStore {
    /// What `preflight` may trust about a store file: its identity, size and modification time,
    /// and those of its `-wal`. `preflight` reads the file without locks, so a read is only
    /// believed when no other process wrote the file meanwhile (appended to its `-wal`, or copied
    /// a checkpoint into it); two equal signatures around a read say it did not.
    struct FileSignature: Equatable {
        var file: [FileAttributeKey: AnyHashable]
        var wal: [FileAttributeKey: AnyHashable]

        init(_ path: String) {
            file = Self.attributes(path)
            wal = Self.attributes(path + "-wal")
        }

        private static func attributes(_ path: String) -> [FileAttributeKey: AnyHashable] {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return [:] }
            var kept: [FileAttributeKey: AnyHashable] = [:]
            for key in [FileAttributeKey.systemFileNumber, .size, .modificationDate] {
                if let value = attributes[key] as? AnyHashable { kept[key] = value }
            }
            return kept
        }
    }

    /// How many times `checkedWhileQuiet` reads a store that other processes keep writing.
    static let quietReadAttempts = 5

    /// Runs `check` (a `preflight`) on the store at `path` while it is quiet (`isQuiet`), and
    /// believes its verdict only when the file and its `-wal` did not change around it. A
    /// verdict read while another process wrote the file (a torn page reads as "database disk
    /// image is malformed") is read again after a pause, up to `quietReadAttempts` times; a store
    /// that is not quiet, or never holds still that long, is left to the locked open that
    /// follows, which checks its schema under SQLite's locks. Returns nil when `check` was not
    /// believed.
    @discardableResult
    static func checkedWhileQuiet<T>(_ path: String, _ check: () throws -> T) throws -> T? {
        for attempt in 1...quietReadAttempts {
            guard isQuiet(path) else { return nil }
            let before = FileSignature(path)
            let outcome = Result { try check() }
            if FileSignature(path) == before && isQuiet(path) { return try outcome.get() }
            Thread.sleep(forTimeInterval: Double(attempt) * 0.02)
        }
        return nil
    }
}
