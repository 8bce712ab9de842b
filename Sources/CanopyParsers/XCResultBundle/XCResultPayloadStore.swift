import Foundation

/// The `Data/` directory of an `.xcresult` bundle: payloads named by `xcResultKitPayloadRefId`.
///
/// A payload id names one regular file directly inside `Data/` (`0~<hash>` or `data.0~<hash>`
/// is `Data/data.0~<hash>`). An id with a path separator, `..` or a leading dot, and a file that
/// is a symbolic link (or a `Data/` that is one), are refused: nothing outside the bundle is read.
package struct XCResultPayloadStore: Sendable {
    /// The bundle directory.
    package let bundle: String

    package init(bundle: String) {
        self.bundle = bundle
    }

    /// The file an id names, after checking it stays inside `Data/`.
    /// - Throws: a reason (for `ParserError.invalidBundle`) when the id escapes `Data/` or the
    ///   file is missing, a link or not a regular file.
    package func file(for id: String) throws(ParserError) -> String {
        let name = id.hasPrefix("data.") ? id : "data." + id
        guard !id.isEmpty, !name.contains("/"), !name.contains("\\"), !name.contains("\0"), name != "..",
            !id.hasPrefix(".")
        else {
            throw .invalidBundle(
                path: bundle, message: "an attachment's payload id \"\(id)\" names a file outside Data/; it is not read"
            )
        }
        let directory = bundle + "/Data"
        guard Self.type(of: directory) == .typeDirectory else {
            throw .invalidBundle(
                path: bundle,
                message:
                    "Data/ is \(Self.describe(Self.type(of: directory))), not a directory inside the bundle; payloads are not read"
            )
        }
        let file = directory + "/" + name
        let type = Self.type(of: file)
        guard type == .typeRegular else {
            throw .invalidBundle(
                path: bundle, message: "the payload Data/\(name) is \(Self.describe(type)); it is not read")
        }
        return file
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

    private static func describe(_ type: FileAttributeType?) -> String {
        switch type {
        case nil: "missing"
        case .typeSymbolicLink?: "a symbolic link"
        case .typeDirectory?: "a directory"
        case .typeRegular?: "a file"
        default: "not a regular file"
        }
    }
}
