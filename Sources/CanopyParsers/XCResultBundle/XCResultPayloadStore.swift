import Foundation

/// The `Data/` directory of an `.xcresult` bundle: payloads named by `xcResultKitPayloadRefId`.
///
/// A payload id names one regular file directly inside `Data/` (`0~<hash>` or `data.0~<hash>`
/// is `Data/data.0~<hash>`). An id with a path separator, `..` or a leading dot, and a file that
/// is a symbolic link (or a `Data/` that is one), are refused: nothing outside the bundle is read.
/// A payload that cannot be read costs only that attachment, never the bundle's tests
/// (`docs/xcresult-bundles.md`, "Attachments").
package struct XCResultPayloadStore: Sendable {
    /// The bundle directory.
    package let bundle: String

    package init(bundle: String) {
        self.bundle = bundle
    }

    /// Why the payload an id names cannot be read.
    package enum Problem: Sendable, Equatable {
        /// The id names a file outside `Data/` (a path separator, `..`, a leading dot).
        case outsideData
        /// `Data/` is missing (a bundle copied without it), a link or not a directory.
        case noData(FileAttributeType?)
        /// The payload file `Data/<name>` is missing, a link or not a regular file.
        case payload(name: String, FileAttributeType?)

        /// Whether reading would have left the bundle (an id escaping `Data/`, a symbolic link):
        /// refused for safety, where a missing file is only absent.
        package var isSafetyRefusal: Bool {
            switch self {
            case .outsideData: true
            case .noData(let type), .payload(_, let type): type != nil
            }
        }

        /// What is wrong, for a message about the payload `id`.
        package func describe(id: String) -> String {
            switch self {
            case .outsideData:
                "an attachment's payload id \"\(id)\" names a file outside Data/; it is not read"
            case .noData(let type):
                "Data/ is \(Self.describe(type)), not a directory inside the bundle; payloads are not read"
            case .payload(let name, let type):
                "the payload Data/\(name) is \(Self.describe(type)); it is not read"
            }
        }

        /// What a path of `type` is, in a problem's words (nil: missing).
        static func describe(_ type: FileAttributeType?) -> String {
            switch type {
            case nil: "missing"
            case .typeSymbolicLink?: "a symbolic link"
            case .typeDirectory?: "a directory"
            case .typeRegular?: "a file"
            default: "not a regular file"
            }
        }
    }

    /// Why the payload `id` names cannot be read, or nil when it is a regular file inside `Data/`.
    /// Only the names are checked (a link is a link, never followed); nothing is opened.
    package func problem(for id: String) -> Problem? {
        let name = id.hasPrefix("data.") ? id : "data." + id
        guard !id.isEmpty, !name.contains("/"), !name.contains("\\"), !name.contains("\0"), name != "..",
            !id.hasPrefix(".")
        else { return .outsideData }
        let directory = bundle + "/Data"
        let directoryType = Self.type(of: directory)
        guard directoryType == .typeDirectory else { return .noData(directoryType) }
        let type = Self.type(of: directory + "/" + name)
        guard type == .typeRegular else { return .payload(name: name, type) }
        return nil
    }

    /// The file an id names, after checking it stays inside `Data/`.
    /// - Throws: `ParserError.invalidBundle` saying why (`problem(for:)`) when the id escapes
    ///   `Data/` or the file is missing, a link or not a regular file.
    package func file(for id: String) throws(ParserError) -> String {
        if let problem = problem(for: id) { throw .invalidBundle(path: bundle, message: problem.describe(id: id)) }
        return bundle + "/Data/" + (id.hasPrefix("data.") ? id : "data." + id)
    }

    /// The decompressed payload, or nil when it is larger than `limit` bytes (decompression
    /// stops at the limit: a "zstd bomb" is never allocated).
    /// - Throws: `ParserError.invalidBundle` naming the payload and what is wrong with it.
    package func payload(_ id: String, limit: Int) throws(ParserError) -> [UInt8]? {
        let file = try file(for: id)
        do {
            return try ZstdFrameReader.decompress(fileAt: file, limit: limit)
        } catch .tooLarge {
            return nil
        } catch {
            throw .invalidBundle(
                path: bundle, message: "the payload Data/\((file as NSString).lastPathComponent) \(error)")
        }
    }

    /// The type of the item at `path` itself (a link is a link, never followed), or nil.
    private static func type(of path: String) -> FileAttributeType? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    }
}
