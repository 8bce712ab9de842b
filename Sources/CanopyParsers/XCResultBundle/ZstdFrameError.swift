import CZstd
import Foundation

/// Why a zstd payload could not be decompressed.
enum ZstdFrameError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not a zstd frame (no magic `28 b5 2f fd`), or libzstd refused them.
    case corrupt(String)
    /// The file ended inside the frame.
    case truncated
    /// The frame decompresses to more than `limit` bytes; decompression stopped there.
    case tooLarge(limit: Int)
    case unreadable(String)

    var description: String {
        switch self {
        case .corrupt(let reason): "not a valid zstd frame (\(reason))"
        case .truncated: "a zstd frame cut short (the file ends inside it)"
        case .tooLarge(let limit): "decompresses to more than \(limit) bytes (stopped at the limit)"
        case .unreadable(let reason): "cannot be read: \(reason)"
        }
    }
}
